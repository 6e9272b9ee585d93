#include "handlers/generation.hpp"

#include <fmt/format.h>

#include <boost/json.hpp>
#include <vector>

#include "artshop/media/zip_archive.hpp"
#include "handlers/money_json.hpp"
#include "handlers/request_fields.hpp"
#include "handlers/signed_in.hpp"

namespace artshop::http::handlers {
namespace {

namespace json = boost::json;

// File names hold only ASCII letters, digits, '-' and '.', so they need no escaping.
Response attachment(unsigned status, std::string body, std::string_view type,
                    std::string_view file_name) {
  Response response{.status = status, .body = std::move(body)};
  response.set_header("Content-Type", std::string(type));
  response.set_header("Content-Disposition", fmt::format("attachment; filename=\"{}\"", file_name));
  response.set_header("Cache-Control", "private, no-store");
  return response;
}

Response images_response(GeneratedImages generated) {
  const auto status = generated.complete() ? 200U : 206U;
  auto& images = generated.images;
  auto response = [&] {
    if (images.size() == 1) {
      return attachment(status, std::move(images.front().png), media_type(ImageFormat::Png),
                        images.front().image.file_name);
    }
    std::vector<media::ZipEntry> entries;
    entries.reserve(images.size());
    for (const auto& file : images) entries.push_back({file.image.file_name, file.png});
    const auto& first = images.front().image;
    return attachment(status, media::zip_stored(entries, first.created_at), "application/zip",
                      generated_file_name(first.prompt, first.style, generated.first_seed, "zip"));
  }();
  response.set_header("X-Images-Requested", std::to_string(generated.requested));
  response.set_header("X-Images-Returned", std::to_string(images.size()));
  response.set_header("X-Generation-Seed", std::to_string(generated.first_seed));
  return response;
}

json::object image_json(const GeneratedImage& image) {
  return {{"id", image.id.value},
          {"prompt", image.prompt},
          {"style", name(image.style)},
          {"aspectRatio", name(image.aspect_ratio)},
          {"seed", image.seed},
          {"width", image.width},
          {"height", image.height},
          {"createdAt", iso_time(image.created_at)},
          {"price", money_json(Money(image.price_eur_cents, Currency::EUR))},
          {"url", fmt::format("/api/generated-images/{}/file", image.id.value)},
          {"fileName", image.file_name}};
}

}  // namespace

Handler generate_images(const GenerationApi& api) {
  return signed_in(api.authenticate, [api](const Request& request, const Caller& caller) {
    auto body = read_json_object(request);
    if (!body) return std::move(body.error());
    JsonFields fields(*body);
    // Braced initialisers run in order, so `unreadable` sees every field read before it.
    const GenerateImagesCommand command{.user = caller.user,
                                        .prompt = fields.string("prompt"),
                                        .style = fields.string("style"),
                                        .aspect_ratio = fields.string("aspectRatio"),
                                        .count = fields.optional_int64("count"),
                                        .seed = fields.optional_int64("seed"),
                                        .unreadable = fields.errors()};
    auto generated = api.generate_images(command);
    if (!generated) return error_response(generated.error(), request.request_id);
    return images_response(std::move(*generated));
  });
}

Handler list_generated_images(const GenerationApi& api) {
  return signed_in(api.authenticate, [api](const Request& request, const Caller& caller) {
    const auto list = api.list_generated_images({.user = caller.user,
                                                 .page = request.query_param("Page"),
                                                 .page_size = request.query_param("PageSize")});
    if (!list) return error_response(list.error(), request.request_id);
    json::array items;
    for (const auto& image : list->items) items.push_back(image_json(image));
    return json_response(200, {{"items", std::move(items)},
                               {"total", list->total},
                               {"page", list->page},
                               {"pageSize", list->page_size}});
  });
}

Handler get_generation_allowance(const GenerationApi& api) {
  return signed_in(api.authenticate, [api](const Request& request, const Caller& caller) {
    const auto allowance = api.get_generation_allowance(caller.user);
    if (!allowance) return error_response(allowance.error(), request.request_id);
    return json_response(200, {{"freePerDay", allowance->free_per_day},
                               {"freeRemaining", allowance->free_remaining},
                               {"pricePerImage", money_json(allowance->price_per_image)},
                               {"resetsAt", iso_time(allowance->resets_at)},
                               {"generator", api.generator}});
  });
}

Handler download_generated_image(const GenerationApi& api) {
  return signed_in(api.authenticate, [api](const Request& request, const Caller& caller) {
    const auto id = path_id(request, "id");
    if (!id) return error_response(Error::not_found(), request.request_id);
    auto file = api.download_generated_image(caller.user, GeneratedImageId{*id});
    if (!file) return error_response(file.error(), request.request_id);
    return attachment(200, std::move(file->png), media_type(ImageFormat::Png),
                      file->image.file_name);
  });
}

}  // namespace artshop::http::handlers
