#include <fmt/format.h>

#include <boost/json.hpp>

#include "artshop/http/json.hpp"
#include "handlers/money_json.hpp"
#include "handlers/order_fields.hpp"
#include "handlers/orders.hpp"
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

Handler download_artwork(const OrdersApi& api) {
  return signed_in(api.authenticate, [api](const Request& request, const Caller& caller) {
    const auto id = path_id(request, "id");
    if (!id) return error_response(Error::not_found(), request.request_id);
    auto file = api.download_artwork(caller.user, ArtworkId{*id});
    if (!file) return error_response(file.error(), request.request_id);
    Response response{.status = 200, .body = std::move(file->image.bytes)};
    response.set_header("Content-Type", std::string(media_type(file->image.format)));
    // The name holds only letters, digits, '-', '_' and '.', so it needs no escaping.
    response.set_header("Content-Disposition",
                        fmt::format("attachment; filename=\"{}\"", file->file_name));
    response.set_header("Cache-Control", "private, no-store");
    return response;
  });
}

}  // namespace artshop::http::handlers
