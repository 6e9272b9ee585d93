#include <boost/json.hpp>

#include "artshop/core/orders/artworks.hpp"
#include "artshop/http/api.hpp"
#include "handlers/admin.hpp"
#include "handlers/money_json.hpp"
#include "handlers/request_fields.hpp"
#include "handlers/signed_in.hpp"

// The back office's catalogue (docs/back-office.md, "Catalogue"): the offers list, an offer's
// page, the upload of a picture, its edits, publishing and hiding.
namespace artshop::http::handlers {
namespace {

namespace json = boost::json;

constexpr std::string_view kStrings = "Must be a list of texts.";
constexpr std::string_view kPrices =
    "Must be a list of {\"attributeId\": 12, \"price\": \"24.00\"}.";

std::string media_url(std::string_view key) {
  return "/media/" + std::string(key);
}

json::object eur_json(std::int64_t cents) {
  return money_json(Money(cents, Currency::EUR));
}

// OFFER_ROW: what the list shows of an offer, and the start of its page.
json::object offer_row_json(const StaffOfferRow& row) {
  return {{"id", row.id.value},
          {"urlName", row.url_name},
          {"title", row.title},
          {"thumbnail", media_url(row.thumbnail_webp)},
          {"category", row.category},
          {"style", name(row.style)},
          {"state", state_name(row.status)},
          {"exclusive", row.style == ArtStyle::Exclusive},
          {"sold", row.status == OfferStatus::SoldOut},
          {"createdAt", iso_time(row.created_at)},
          {"price", eur_json(row.lowest_price_eur_cents)}};
}

// OFFER_DETAIL: every field staff edit, and each size with its price.
json::object offer_file_json(const StaffOfferFile& file) {
  const auto& offer = file.offer;
  auto detail = offer_row_json(staff_offer_row(offer));
  json::array tags;
  for (const auto& tag : offer.tags) tags.emplace_back(tag);
  json::array sizes;
  for (const auto& attribute : offer.attributes) {
    const auto size = size_at_long_edge(offer.width, offer.height, attribute.long_edge);
    sizes.push_back(json::object{{"attributeId", attribute.id.value},
                                 {"name", attribute.name},
                                 {"longEdge", attribute.long_edge},
                                 {"width", size.width},
                                 {"height", size.height},
                                 {"licence", name(attribute.licence)},
                                 {"price", eur_json(attribute.price_eur_cents)}});
  }
  detail.emplace("description", offer.description);
  detail.emplace("tags", std::move(tags));
  detail.emplace("width", offer.width);
  detail.emplace("height", offer.height);
  detail.emplace("preview", media_url(offer.images.preview_webp));
  detail.emplace("ordered", file.ordered);
  detail.emplace("sizes", std::move(sizes));
  return detail;
}

// A list of texts under `name`; nullopt when absent or null. Anything else is noted.
std::optional<std::vector<std::string>> read_strings(const json::object& body,
                                                     std::string_view name,
                                                     ValidationErrors& errors) {
  const auto* value = find_property(body, name);
  if (value == nullptr || value->is_null()) return std::nullopt;
  std::vector<std::string> texts;
  const auto* items = value->if_array();
  if (items != nullptr) {
    for (const auto& item : *items) {
      const auto* text = item.if_string();
      if (text == nullptr) break;
      texts.emplace_back(*text);
    }
  }
  if (items == nullptr || texts.size() != items->size()) {
    errors.add(name, std::string(kStrings));
    return std::nullopt;
  }
  return texts;
}

// The prices under "prices": [{"attributeId": 12, "price": "24.00"}]; absent is none.
std::vector<OfferPriceChange> read_prices(const json::object& body, ValidationErrors& errors) {
  std::vector<OfferPriceChange> prices;
  const auto* value = find_property(body, "prices");
  if (value == nullptr || value->is_null()) return prices;
  const auto* items = value->if_array();
  bool readable = items != nullptr;
  for (std::size_t i = 0; readable && i < items->size(); ++i) {
    const auto* item = (*items)[i].if_object();
    const auto* attribute = item == nullptr ? nullptr : item->if_contains("attributeId");
    const auto* price = item == nullptr ? nullptr : item->if_contains("price");
    readable =
        attribute != nullptr && attribute->is_int64() && price != nullptr && price->is_string();
    if (readable) {
      prices.push_back(
          {.attribute = attribute->as_int64(), .price = std::string(price->as_string())});
    }
  }
  if (!readable) {
    errors.add("prices", std::string(kPrices));
    prices.clear();
  }
  return prices;
}

// A route of one offer: the staff member and the offer's id, or 404 for an id that cannot be
// one.
Handler for_offer(const AdminCatalogueApi& api,
                  std::function<Response(const Request&, const StaffActor&, OfferId)> handler) {
  return signed_in_staff(api.authenticate, [handler = std::move(handler)](const Request& request,
                                                                          const StaffActor& actor) {
    const auto id = path_id(request, "id");
    if (!id) return error_response(no_such_offer(), request.request_id);
    return handler(request, actor, OfferId{*id});
  });
}

Response file_response(unsigned status, const Result<StaffOfferFile>& file,
                       const Request& request) {
  if (!file) return error_response(file.error(), request.request_id);
  return json_response(status, offer_file_json(*file));
}

Handler search_offers(const AdminCatalogueApi& api) {
  return signed_in_staff(api.authenticate, [api](const Request& request, const StaffActor& actor) {
    const auto listing = api.search(actor, {.text = request.query_param("Query"),
                                            .state = request.query_param("State"),
                                            .category = request.query_param("Category"),
                                            .sort = request.query_param("Sort"),
                                            .page = request.query_param("Page"),
                                            .page_size = request.query_param("PageSize")});
    if (!listing) return error_response(listing.error(), request.request_id);
    json::array items;
    for (const auto& row : listing->offers.items) items.push_back(offer_row_json(row));
    return json_response(200, json::object{{"items", std::move(items)},
                                           {"total", listing->offers.total},
                                           {"page", listing->page.page},
                                           {"pageSize", listing->page.page_size}});
  });
}

Handler get_offer(const AdminCatalogueApi& api) {
  return for_offer(api, [api](const Request& request, const StaffActor& actor, OfferId id) {
    return file_response(200, api.get(actor, id), request);
  });
}

// The body is the picture itself; its title, category and style are in the query, so that one
// call sends it whatever its size, with no multipart to take apart.
Handler upload_offer(const AdminCatalogueApi& api, const ClientAddresses& clients) {
  return signed_in_staff(
      api.authenticate, [api, &clients](const Request& request, const StaffActor& actor) {
        return file_response(201,
                             api.upload({.actor = actor,
                                         .picture = request.body,
                                         .title = request.query_param("Title"),
                                         .category = request.query_param("Category"),
                                         .style = request.query_param("Style"),
                                         .address = address_of(request, clients)}),
                             request);
      });
}

Handler edit_offer(const AdminCatalogueApi& api, const ClientAddresses& clients) {
  return for_offer(api, [api, &clients](const Request& request, const StaffActor& actor,
                                        OfferId id) {
    const auto read = [&](const json::object& body, JsonFields& fields, ValidationErrors& errors) {
      return EditOfferCommand{.actor = actor,
                              .offer = id,
                              .title = fields.optional_string("title"),
                              .description = fields.optional_string("description"),
                              .category = fields.optional_string("category"),
                              .style = fields.optional_string("style"),
                              .tags = read_strings(body, "tags", errors),
                              .exclusive = fields.optional_boolean("exclusive"),
                              .prices = read_prices(body, errors),
                              .address = address_of(request, clients)};
    };
    return read_then_call(request, read, [&](const EditOfferCommand& command) {
      return file_response(200, api.edit(command), request);
    });
  });
}

Handler publish_offer(const AdminCatalogueApi& api, const ClientAddresses& clients) {
  return for_offer(
      api, [api, &clients](const Request& request, const StaffActor& actor, OfferId id) {
        return file_response(200, api.set_state.publish(actor, id, address_of(request, clients)),
                             request);
      });
}

Handler hide_offer(const AdminCatalogueApi& api, const ClientAddresses& clients) {
  return for_offer(api, [api, &clients](const Request& request, const StaffActor& actor,
                                        OfferId id) {
    return file_response(200, api.set_state.hide(actor, id, address_of(request, clients)), request);
  });
}

}  // namespace
}  // namespace artshop::http::handlers

namespace artshop::http {

void add_admin_catalogue_routes(Router& router, const AdminCatalogueApi& catalogue,
                                const ClientAddresses& clients) {
  namespace h = handlers;
  router.add("GET", "/api/admin/offers", h::search_offers(catalogue));
  router.add("POST", "/api/admin/offers", h::upload_offer(catalogue, clients),
             {.body_limit = kMaxUploadBytes,
              .too_large = catalogue_messages::kFileTooLarge,
              .executor = catalogue.upload_work});
  router.add("GET", "/api/admin/offers/{id}", h::get_offer(catalogue));
  router.add("PATCH", "/api/admin/offers/{id}", h::edit_offer(catalogue, clients));
  router.add("POST", "/api/admin/offers/{id}/publish", h::publish_offer(catalogue, clients));
  router.add("POST", "/api/admin/offers/{id}/hide", h::hide_offer(catalogue, clients));
}

}  // namespace artshop::http
