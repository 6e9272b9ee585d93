#pragma once

#include <chrono>
#include <string>

#include "artshop/core/ports/image_generator.hpp"
#include "artshop/core/ports/image_processor.hpp"

// Generators that ask a text-to-image service over HTTP (docs/generation.md): a Stable
// Diffusion server with the Automatic1111 WebUI's API, or a server speaking OpenAI's image API.
// One POST per batch. The service's PNGs are decoded by the injected ImageProcessor, so a
// picture has whatever size the service drew (it is asked for the request's exact size).
//
// Nothing a service does makes generate_batch throw: a timeout, a refused connection, an HTTP
// error, an answer that is not JSON, an entry that is not a PNG or fewer pictures than asked
// give the pictures that were good and a shortfall a shopper may read ("the image service did
// not answer within 30 s"); it never holds the key or the service's address. The technical
// detail is logged. generate() is a batch of one that throws std::runtime_error with that
// text when no picture came. Thread-safe when the processor is (VipsImageProcessor is).
namespace artshop::imagegen {

struct RemoteGeneratorSettings {
  std::string base_url;  // "http://127.0.0.1:7860", without the API's path
  std::string api_key;   // sent as "Authorization: Bearer <key>" when not empty
  std::string model;     // OpenAI's "model"; Automatic1111 ignores it (the WebUI's checkpoint)
  std::chrono::milliseconds timeout{std::chrono::seconds{30}};  // for the whole exchange
};

// POST {base}/sdapi/v1/txt2img with the prompt and a phrase for the style, a negative prompt,
// the seed (modulo 2^32; the WebUI draws picture i of the batch from seed + i), batch_size,
// width and height; the answer's "images" are base64 PNGs.
class Automatic1111ImageGenerator final : public ImageGenerator {
 public:
  Automatic1111ImageGenerator(RemoteGeneratorSettings settings, ImageProcessor& decoder);

  Image generate(const GenerationRequest& request) override;
  GenerationBatch generate_batch(const GenerationRequest& first, int count) override;

 private:
  RemoteGeneratorSettings settings_;
  ImageProcessor& decoder_;
};

// POST {base}/v1/images/generations with model, the prompt and a phrase for the style, n,
// size "WxH" and response_format "b64_json"; the answer's data[i].b64_json are base64 PNGs.
// The API takes no seed: the pictures are numbered with the request's seeds all the same,
// but the same request does not draw the same pictures again.
class OpenAiImageGenerator final : public ImageGenerator {
 public:
  OpenAiImageGenerator(RemoteGeneratorSettings settings, ImageProcessor& decoder);

  Image generate(const GenerationRequest& request) override;
  GenerationBatch generate_batch(const GenerationRequest& first, int count) override;

 private:
  RemoteGeneratorSettings settings_;
  ImageProcessor& decoder_;
};

// The words added to a prompt for `style` ("impressionist oil painting, ..."); empty for None.
std::string_view style_phrase(ArtStyle style) noexcept;

}  // namespace artshop::imagegen
