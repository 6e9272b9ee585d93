#pragma once

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "artshop/core/orders/artworks.hpp"
#include "artshop/core/orders/download_artwork.hpp"
#include "artshop/core/ports/blob_store.hpp"
#include "artshop/core/ports/image_generator.hpp"
#include "artshop/core/ports/image_processor.hpp"

namespace artshop::fakes {

// Draws a picture of the request's proportions whose "pixels" are the seed's digits, so an
// encoded picture says which seed drew it. Can be told to make fewer than asked, as a remote
// service may, and can run something while it draws (what a parallel request would do then).
class SeedDrawingGenerator final : public ImageGenerator {
 public:
  Image generate(const GenerationRequest& request) override {
    const auto size = size_at_long_edge(width_part(request.aspect_ratio),
                                        height_part(request.aspect_ratio), request.long_edge);
    const auto digits = std::to_string(request.seed);
    return {.width = size.width, .height = size.height, .rgb = {digits.begin(), digits.end()}};
  }
  GenerationBatch generate_batch(const GenerationRequest& first, int count) override {
    asked.push_back(count);
    if (while_drawing) while_drawing();
    auto batch = ImageGenerator::generate_batch(first, count);
    if (std::ssize(batch.pictures) > makes_at_most) {
      batch.pictures.resize(static_cast<std::size_t>(makes_at_most));
      batch.shortfall = shortfall;
    }
    return batch;
  }

  std::vector<int> asked;  // the count of each batch asked for
  int makes_at_most = kMaxPicturesPerBatch;
  std::string shortfall = "the service is down";
  std::function<void()> while_drawing;

 private:
  static constexpr int kMaxPicturesPerBatch = 1000;
};

// "PNG <pixels>" for an encoded picture, with its size.
class TextPngProcessor final : public ImageProcessor {
 public:
  EncodedImage thumbnail(std::span<const std::uint8_t>, ImageFormat format) override {
    return {format, "thumbnail", 480, 480};
  }
  EncodedImage watermarked_preview(std::span<const std::uint8_t>, ImageFormat format) override {
    return {format, "preview", 1600, 1600};
  }
  EncodedImage render_at(std::span<const std::uint8_t>, int long_edge,
                         ImageFormat format) override {
    return {format, "render", long_edge, long_edge};
  }
  EncodedImage encode_at(const Image&, int long_edge, ImageFormat format) override {
    return {format, "render", long_edge, long_edge};
  }
  EncodedImage encode_png(const Image& image) override {
    return {ImageFormat::Png, "PNG " + std::string(image.rgb.begin(), image.rgb.end()), image.width,
            image.height};
  }
  Derivatives derivatives(const Image&) override { return {}; }
  ImageSize probe(std::span<const std::uint8_t>) override { return {1, 1}; }
};

// Keys "k<n>.<extension>" in the order stored.
class MemoryBlobs final : public BlobStore {
 public:
  std::string put(std::string_view bytes, std::string_view extension) override {
    const auto key = "k" + std::to_string(blobs.size()) + "." + std::string(extension);
    blobs[key] = bytes;
    return key;
  }
  std::optional<std::string> get(std::string_view key) override {
    const auto found = blobs.find(std::string(key));
    if (found == blobs.end()) return std::nullopt;
    return found->second;
  }
  bool exists(std::string_view key) override { return blobs.contains(std::string(key)); }
  std::map<std::string, std::string> blobs;
};

}  // namespace artshop::fakes
