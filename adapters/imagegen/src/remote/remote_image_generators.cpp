#include "artshop/imagegen/remote_image_generators.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <boost/json.hpp>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "artshop/core/codec/base64.hpp"
#include "artshop/json/members.hpp"
#include "service_post.hpp"

namespace artshop::imagegen {
namespace {

namespace json = boost::json;

constexpr std::string_view kNegativePrompt =
    "blurry, low quality, jpeg artifacts, watermark, text, signature, deformed";

std::string full_prompt(const GenerationRequest& request) {
  const std::string_view phrase = style_phrase(request.style);
  if (phrase.empty()) return request.prompt;
  return fmt::format("{}, {}", request.prompt, phrase);
}

std::string without_trailing_slashes(std::string url) {
  while (url.ends_with('/')) url.pop_back();
  return url;
}

// The procedural generator's limits, so that a shop draws the same sizes whichever generator
// it is configured with.
constexpr int kMinLongEdge = 64;
constexpr int kMaxLongEdge = 4096;

void check_request(const GenerationRequest& first, int count) {
  if (count < 1 || count > 4) throw std::invalid_argument("a batch holds 1 to 4 pictures");
  if (first.long_edge < kMinLongEdge || first.long_edge > kMaxLongEdge) {
    throw std::invalid_argument(
        fmt::format("the image service is asked for long edges from {} to {} pixels", kMinLongEdge,
                    kMaxLongEdge));
  }
}

std::string seconds_text(std::chrono::milliseconds timeout) {
  if (timeout.count() % 1000 == 0) return fmt::format("{} s", timeout.count() / 1000);
  return fmt::format("{:.1f} s", static_cast<double>(timeout.count()) / 1000.0);
}

std::string failure_text(ServiceFailure failure, std::chrono::milliseconds timeout) {
  switch (failure) {
    case ServiceFailure::TimedOut:
      return "the image service did not answer within " + seconds_text(timeout);
    case ServiceFailure::TooLarge:
      return "the image service sent an answer too large to read";
    case ServiceFailure::Unreachable:
      break;
  }
  return "the image service could not be reached";
}

// Standard base64, perhaps as a data: URL.
std::optional<std::string> decode_base64(std::string_view text) {
  if (text.starts_with("data:")) {
    const auto comma = text.find(',');
    if (comma == std::string_view::npos) return std::nullopt;
    text.remove_prefix(comma + 1);
  }
  return base64::decode(text);
}

bool is_png(std::string_view bytes) {
  return bytes.starts_with("\x89PNG\r\n\x1A\n");
}

// The base64 strings of an answer, or nullopt when it does not have the expected shape.
using EntryReader = std::optional<std::vector<std::string_view>> (*)(const json::value&);

// An entry that is not a string is kept, empty, so that it counts as a picture the shop could
// not read rather than one the service never made.
std::string_view text_or_empty(const json::string* text) {
  return text != nullptr ? std::string_view(*text) : std::string_view();
}

std::optional<std::vector<std::string_view>> automatic1111_entries(const json::value& answer) {
  const json::object* object = answer.if_object();
  const json::array* images = object != nullptr ? array_member(*object, "images") : nullptr;
  if (images == nullptr) return std::nullopt;
  std::vector<std::string_view> entries;
  for (const json::value& image : *images) entries.push_back(text_or_empty(image.if_string()));
  return entries;
}

std::optional<std::vector<std::string_view>> openai_entries(const json::value& answer) {
  const json::object* object = answer.if_object();
  const json::array* data = object != nullptr ? array_member(*object, "data") : nullptr;
  if (data == nullptr) return std::nullopt;
  std::vector<std::string_view> entries;
  for (const json::value& item : *data) {
    const json::object* picture = item.if_object();
    entries.push_back(
        text_or_empty(picture != nullptr ? string_member(*picture, "b64_json") : nullptr));
  }
  return entries;
}

struct Service {
  std::string_view name;  // for the log
  std::string url;
  std::vector<std::string> headers;
  std::string body;
  EntryReader entries;
};

// Posts, reads the answer and decodes what it can. Never throws for the service's faults.
GenerationBatch ask(const Service& service, const GenerationRequest& first, int count,
                    std::chrono::milliseconds timeout, ImageProcessor& decoder) {
  GenerationBatch batch;
  const auto answer = post_json(service.url, service.headers, service.body, timeout);
  if (!answer) {
    batch.shortfall = failure_text(answer.error(), timeout);
    return batch;
  }
  if (answer->status < 200 || answer->status >= 300) {
    spdlog::warn("{}: HTTP {}: {}", service.name, answer->status,
                 std::string_view(answer->body).substr(0, 300));
    batch.shortfall = fmt::format("the image service answered HTTP {}", answer->status);
    return batch;
  }
  boost::system::error_code error;
  const json::value parsed = json::parse(answer->body, error);
  const auto entries = error ? std::nullopt : service.entries(parsed);
  if (!entries) {
    spdlog::warn("{}: an answer that is not the expected JSON: {}", service.name,
                 std::string_view(answer->body).substr(0, 300));
    batch.shortfall = "the image service sent an answer the shop cannot read";
    return batch;
  }
  int unreadable = 0;
  for (const std::string_view entry : *entries) {
    if (std::cmp_greater_equal(batch.pictures.size(), count)) break;
    const auto bytes = decode_base64(entry);
    if (!bytes || !is_png(*bytes)) {
      ++unreadable;
      continue;
    }
    try {
      const auto seed = static_cast<std::uint32_t>(
          first.seed + static_cast<std::uint64_t>(batch.pictures.size()));
      batch.pictures.push_back({seed, decoder.decode(bytes_of(*bytes))});
    } catch (const std::exception& e) {
      spdlog::warn("{}: a picture that does not decode: {}", service.name, e.what());
      ++unreadable;
    }
  }
  const auto made = static_cast<int>(batch.pictures.size());
  if (made < count) {
    batch.shortfall =
        unreadable > 0
            ? fmt::format(
                  "the image service sent {} of the {} pictures in a form the shop cannot "
                  "read",
                  unreadable, count)
            : fmt::format("the image service made {} of the {} pictures asked for", made, count);
  }
  return batch;
}

Image only_picture(GenerationBatch batch) {
  if (batch.pictures.empty()) throw std::runtime_error(batch.shortfall);
  return std::move(batch.pictures.front().image);
}

std::vector<std::string> authorisation(const std::string& api_key) {
  if (api_key.empty()) return {};
  return {"Authorization: Bearer " + api_key};
}

}  // namespace

std::string_view style_phrase(ArtStyle style) noexcept {
  switch (style) {
    case ArtStyle::None:
      return "";
    case ArtStyle::Exclusive:
      return "luxurious fine art, gold leaf ornament, rich detail, masterpiece";
    case ArtStyle::Abstract:
      return "abstract art, bold geometric shapes, expressive colour fields";
    case ArtStyle::Anime:
      return "anime style, cel shading, clean line art, vibrant colours";
    case ArtStyle::Cyberpunk:
      return "cyberpunk, neon lights, rainy night city, futuristic";
    case ArtStyle::Fantasy:
      return "fantasy art, epic landscape, magical light, highly detailed";
    case ArtStyle::Impressionism:
      return "impressionist oil painting, visible brush strokes, broken colour, plein air";
    case ArtStyle::Minimalism:
      return "minimalist, flat shapes, few colours, lots of empty space";
    case ArtStyle::Photorealism:
      return "photorealistic, natural light, sharp focus, 35mm photograph";
    case ArtStyle::PopArt:
      return "pop art, bold primary colours, halftone dots, thick outlines";
    case ArtStyle::Watercolor:
      return "watercolour painting, soft washes, pastel pigment, textured paper";
  }
  return "";
}

Automatic1111ImageGenerator::Automatic1111ImageGenerator(RemoteGeneratorSettings settings,
                                                         ImageProcessor& decoder)
    : settings_(std::move(settings)), decoder_(decoder) {
  settings_.base_url = without_trailing_slashes(std::move(settings_.base_url));
}

Image Automatic1111ImageGenerator::generate(const GenerationRequest& request) {
  return only_picture(generate_batch(request, 1));
}

GenerationBatch Automatic1111ImageGenerator::generate_batch(const GenerationRequest& first,
                                                            int count) {
  check_request(first, count);
  const ImageSize size = pixel_size(first.aspect_ratio, first.long_edge);
  const json::object body{
      {"prompt", full_prompt(first)},
      {"negative_prompt", kNegativePrompt},
      {"seed", static_cast<std::uint32_t>(first.seed)},
      {"batch_size", count},
      {"n_iter", 1},
      {"width", size.width},
      {"height", size.height},
  };
  const Service service{.name = "automatic1111",
                        .url = settings_.base_url + "/sdapi/v1/txt2img",
                        .headers = authorisation(settings_.api_key),
                        .body = json::serialize(body),
                        .entries = &automatic1111_entries};
  return ask(service, first, count, settings_.timeout, decoder_);
}

OpenAiImageGenerator::OpenAiImageGenerator(RemoteGeneratorSettings settings,
                                           ImageProcessor& decoder)
    : settings_(std::move(settings)), decoder_(decoder) {
  settings_.base_url = without_trailing_slashes(std::move(settings_.base_url));
}

Image OpenAiImageGenerator::generate(const GenerationRequest& request) {
  return only_picture(generate_batch(request, 1));
}

GenerationBatch OpenAiImageGenerator::generate_batch(const GenerationRequest& first, int count) {
  check_request(first, count);
  const ImageSize size = pixel_size(first.aspect_ratio, first.long_edge);
  json::object body{
      {"prompt", full_prompt(first)},
      {"n", count},
      {"size", fmt::format("{}x{}", size.width, size.height)},
      {"response_format", "b64_json"},
  };
  if (!settings_.model.empty()) body["model"] = settings_.model;
  const Service service{.name = "openai images",
                        .url = settings_.base_url + "/v1/images/generations",
                        .headers = authorisation(settings_.api_key),
                        .body = json::serialize(body),
                        .entries = &openai_entries};
  return ask(service, first, count, settings_.timeout, decoder_);
}

}  // namespace artshop::imagegen
