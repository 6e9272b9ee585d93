#include "artshop/core/generation/download_generated_image.hpp"

#include <fmt/format.h>

namespace artshop {

Result<GeneratedImageFile> DownloadGeneratedImage::operator()(UserId caller, GeneratedImageId id) {
  auto image = transactions_.read([&](Ports::Scope& tx) -> Result<GeneratedImage> {
    auto found = tx.get<GeneratedImageRepository>().find(id);
    if (!found || found->owner != caller) {
      return std::unexpected(Error::not_found("no such generated image"));
    }
    return std::move(*found);
  });
  if (!image) return std::unexpected(image.error());
  auto png = originals_.get(image->blob_key);
  if (!png) {
    return std::unexpected(Error::internal(
        fmt::format("the file of generated image {} ({}) is missing", id.value, image->blob_key)));
  }
  return GeneratedImageFile{std::move(*image), std::move(*png)};
}

}  // namespace artshop
