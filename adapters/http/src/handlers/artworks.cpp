#include <fmt/format.h>

#include <boost/json.hpp>

#include "artshop/core/text.hpp"
#include "artshop/http/json.hpp"
#include "handlers/money_json.hpp"
#include "handlers/orders.hpp"
#include "handlers/request_fields.hpp"
#include "handlers/signed_in.hpp"

namespace artshop::http::handlers {
namespace {

namespace json = boost::json;

std::string media_url(std::string_view key) {
  return "/media/" + std::string(key);
}

json::object artwork_json(const OwnedArtwork& owned) {
  const auto& artwork = owned.artwork;
  return {{"id", artwork.id.value},
          {"orderId", artwork.order.value},
          {"offerId", artwork.offer.value},
          {"urlName", owned.url_name},
          {"title", artwork.title},
          {"sizeName", artwork.size_name},
          {"longEdge", artwork.long_edge},
          {"width", owned.width},
          {"height", owned.height},
          {"licence", name(artwork.licence)},
          {"acquiredAt", iso_time(artwork.acquired_at)},
          {"thumbnail",
           {{"webp", media_url(owned.images.thumbnail_webp)},
            {"jpeg", media_url(owned.images.thumbnail_jpeg)}}},
          {"downloadUrl", fmt::format("/api/artworks/{}/download", artwork.id.value)}};
}

// The entity tags of an If-None-Match list, unquoted, weak or strong alike ("*" stays "*").
std::vector<std::string> entity_tags(std::optional<std::string_view> list) {
  std::vector<std::string> tags;
  std::string_view rest = list.value_or("");
  while (!rest.empty()) {
    const auto comma = rest.find(',');
    auto tag = text::trim(rest.substr(0, comma));
    rest = comma == std::string_view::npos ? std::string_view{} : rest.substr(comma + 1);
    if (tag.starts_with("W/")) tag.remove_prefix(2);
    if (tag.size() >= 2 && tag.front() == '"' && tag.back() == '"') {
      tag = tag.substr(1, tag.size() - 2);
    }
    if (!tag.empty()) tags.emplace_back(tag);
  }
  return tags;
}

std::string quoted_tag(std::string_view version) {
  return fmt::format("\"{}\"", version);
}

}  // namespace

Handler list_artworks(const OrdersApi& api) {
  return signed_in(api.authenticate, [api](const Request& request, const Caller& caller) {
    const auto artworks = api.list_artworks(caller.user);
    if (!artworks) return error_response(artworks.error(), request.request_id);
    json::array items;
    for (const auto& owned : *artworks) items.push_back(artwork_json(owned));
    return json_response(200, items);
  });
}

// The file is the same bytes for as long as it exists, so its blob key is a strong ETag: a
// client that holds it gets 304 without the file being read, and a HEAD never reads it. A HEAD
// before the first download renders the size like a GET would, so its headers are the GET's.
Handler download_artwork(const OrdersApi& api) {
  return signed_in(api.authenticate, [api](const Request& request, const Caller& caller) {
    const auto id = path_id(request, "id");
    if (!id) return error_response(Error::not_found(), request.request_id);
    auto file = api.download_artwork({.caller = caller.user,
                                      .id = ArtworkId{*id},
                                      .held_versions = entity_tags(request.header("If-None-Match")),
                                      .bytes_wanted = request.method != "HEAD"});
    if (!file) return error_response(file.error(), request.request_id);
    Response response{.status = file->not_modified ? 304U : 200U,
                      .body = std::move(file->image.bytes)};
    response.set_header("ETag", quoted_tag(file->version));
    if (file->not_modified) return response;
    response.set_header("Content-Type", std::string(media_type(file->image.format)));
    // The name holds only letters, digits, '-', '_' and '.', so it needs no escaping.
    response.set_header("Content-Disposition",
                        fmt::format("attachment; filename=\"{}\"", file->file_name));
    // Kept by no cache, as before; a client that keeps the file itself revalidates by ETag.
    response.set_header("Cache-Control", "private, no-store");
    return response;
  });
}

}  // namespace artshop::http::handlers
