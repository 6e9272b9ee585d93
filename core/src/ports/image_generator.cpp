#include "artshop/core/ports/image_generator.hpp"

#include <exception>
#include <stdexcept>

namespace artshop {

void ImageGenerator::generate_rows(const GenerationRequest& request, PictureRows& out) {
  const Image picture = generate(request);
  out.begin(picture.width, picture.height);
  out.rows(picture.rgb);
}

GenerationBatch ImageGenerator::generate_batch(const GenerationRequest& first, int count) {
  GenerationBatch batch;
  auto request = first;
  for (int i = 0; i < count; ++i) {
    const auto seed = static_cast<std::uint32_t>(first.seed + static_cast<std::uint64_t>(i));
    request.seed = seed;
    try {
      batch.pictures.push_back({seed, generate(request)});
    } catch (const std::invalid_argument&) {
      throw;
    } catch (const std::exception& e) {
      batch.shortfall = e.what();
    }
  }
  return batch;
}

}  // namespace artshop
