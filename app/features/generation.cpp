#include "features/generation.hpp"

#include "artshop/http/api.hpp"
#include "image_generator.hpp"

namespace artshop::app {

Generation::Generation(Infrastructure& infrastructure, const Authenticate& authenticate_calls)
    : shared(infrastructure),
      authenticate(authenticate_calls),
      generation_work("generation", shared.config.generation_pool.threads,
                      shared.config.generation_pool.queue),
      shopper_service(make_image_generator(shared.config.image_generator, shared.processor)),
      shopper_generator(*shopper_service, shared.drawing_work),
      generate_images(narrow<GeneratedImageRepository, Ledger>(shared.transactions),
                      shopper_generator, shared.processor, *shared.originals, shared.random,
                      shared.clock, shared.config.generation),
      list_generated_images(narrow<GeneratedImageRepository>(shared.transactions)),
      get_generation_allowance(narrow<GeneratedImageRepository>(shared.transactions), shared.clock,
                               shared.config.generation),
      download_generated_image(narrow<GeneratedImageRepository>(shared.transactions),
                               *shared.originals) {}

void Generation::add_routes(http::Router& router) {
  http::add_generation_routes(router,
                              {.authenticate = authenticate,
                               .generate_images = generate_images,
                               .list_generated_images = list_generated_images,
                               .get_generation_allowance = get_generation_allowance,
                               .download_generated_image = download_generated_image,
                               .executor = generation_work,
                               .generator = shared.config.image_generator.provider ==
                                                    Config::ImageGenerator::Provider::Builtin
                                                ? "built-in"
                                                : "remote"});
}

}  // namespace artshop::app
