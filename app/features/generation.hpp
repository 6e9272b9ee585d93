#pragma once

#include <memory>

#include "artshop/concurrency/bounded_thread_pool.hpp"
#include "artshop/concurrency/offloaded.hpp"
#include "artshop/core/accounts/authenticate.hpp"
#include "artshop/core/generation/download_generated_image.hpp"
#include "artshop/core/generation/generate_images.hpp"
#include "artshop/core/generation/get_generation_allowance.hpp"
#include "artshop/core/generation/list_generated_images.hpp"
#include "artshop/http/router.hpp"
#include "infrastructure.hpp"

namespace artshop::app {

// Images generated on request: the generator shoppers use, its use cases and its routes.
struct Generation {
  Generation(Infrastructure& shared, const Authenticate& authenticate);
  Generation(const Generation&) = delete;
  Generation& operator=(const Generation&) = delete;

  void add_routes(http::Router& router);

  Infrastructure& shared;
  const Authenticate& authenticate;
  // Requests that draw images queue here, apart from the rest: a full queue answers 503.
  concurrency::BoundedThreadPool generation_work;
  // Draws what shoppers ask for on the Generate page: built in, or a remote service.
  std::unique_ptr<ImageGenerator> shopper_service;
  concurrency::OffloadedImageGenerator shopper_generator;  // shopper_service on drawing_work

  GenerateImages generate_images;
  ListGeneratedImages list_generated_images;
  GetGenerationAllowance get_generation_allowance;
  DownloadGeneratedImage download_generated_image;
};

}  // namespace artshop::app
