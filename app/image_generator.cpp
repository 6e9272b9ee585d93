#include "image_generator.hpp"

#include <chrono>

#include "artshop/imagegen/procedural_image_generator.hpp"
#include "artshop/imagegen/remote_image_generators.hpp"

namespace artshop::app {

std::unique_ptr<ImageGenerator> make_image_generator(const Config::ImageGenerator& settings,
                                                     ImageProcessor& decoder) {
  using Provider = Config::ImageGenerator::Provider;
  const imagegen::RemoteGeneratorSettings remote{
      .base_url = settings.base_url,
      .api_key = settings.api_key,
      .model = settings.model,
      .timeout = std::chrono::seconds{settings.timeout_seconds}};
  switch (settings.provider) {
    case Provider::Automatic1111:
      return std::make_unique<imagegen::Automatic1111ImageGenerator>(remote, decoder);
    case Provider::OpenAi:
      return std::make_unique<imagegen::OpenAiImageGenerator>(remote, decoder);
    case Provider::Builtin:
      break;
  }
  return std::make_unique<imagegen::ProceduralImageGenerator>();
}

}  // namespace artshop::app
