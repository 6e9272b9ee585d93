#include "handlers/catalogue.hpp"

#include <boost/json.hpp>

#include "artshop/http/json.hpp"
#include "handlers/money_json.hpp"

namespace artshop::http::handlers {
namespace {

namespace json = boost::json;

std::string media_url(std::string_view key) { return "/media/" + std::string(key); }

json::object picture_json(std::string_view webp, std::string_view jpeg) {
  return {{"webp", media_url(webp)}, {"jpeg", media_url(jpeg)}};
}

json::object offer_json(const PricedOffer& priced) {
  const auto& offer = priced.offer;
  json::array attributes;
  for (const auto& [attribute, price] : priced.attributes) {
    attributes.push_back({{"id", attribute.id.value},
                          {"name", attribute.name},
                          {"longEdge", attribute.long_edge},
                          {"licence", name(attribute.licence)},
                          {"price", money_json(price)}});
  }
  json::array tags;
  for (const auto& tag : offer.tags) tags.emplace_back(tag);
  return {{"id", offer.id.value},
          {"urlName", offer.url_name},
          {"title", offer.title},
          {"description", offer.description},
          {"category", offer.category},
          {"style", name(offer.style)},
          {"orientation", name(offer.orientation)},
          {"aspectRatio", name(offer.aspect_ratio)},
          {"width", offer.width},
          {"height", offer.height},
          {"tags", std::move(tags)},
          {"createdAt", iso_time(offer.created_at)},
          {"status", name(offer.status)},
          {"thumbnail", picture_json(offer.images.thumbnail_webp, offer.images.thumbnail_jpeg)},
          {"preview", picture_json(offer.images.preview_webp, offer.images.preview_jpeg)},
          {"price", money_json(priced.lowest_price)},
          {"attributes", std::move(attributes)}};
}

json::array offers_json(const std::vector<PricedOffer>& offers) {
  json::array items;
  for (const auto& offer : offers) items.push_back(offer_json(offer));
  return items;
}

}  // namespace

Handler browse_offers(BrowseOffers& use_case) {
  return [&use_case](const Request& request) {
    const auto page = use_case({.currency = request.query_param("Currency"),
                                .sort = request.query_param("Sort"),
                                .orientation = request.query_param("Orientation"),
                                .style = request.query_param("Style"),
                                .from = request.query_param("From"),
                                .to = request.query_param("To"),
                                .category = request.query_param("Category"),
                                .search = request.query_param("Search"),
                                .page = request.query_param("Page"),
                                .page_size = request.query_param("PageSize")});
    if (!page) return error_response(page.error(), request.request_id);
    return json_response(200, {{"items", offers_json(page->items)},
                               {"total", page->total},
                               {"page", page->page},
                               {"pageSize", page->page_size},
                               {"currency", code(page->currency)}});
  };
}

Handler latest_offers(LatestOffers& use_case) {
  return [&use_case](const Request& request) {
    const auto offers = use_case(request.query_param("Currency"));
    if (!offers) return error_response(offers.error(), request.request_id);
    return json_response(200, {{"items", offers_json(*offers)}});
  };
}

Handler get_offer(GetOffer& use_case) {
  return [&use_case](const Request& request) {
    const auto offer = use_case(request.query_param("UrlName"), request.query_param("Currency"));
    if (!offer) return error_response(offer.error(), request.request_id);
    return json_response(200, offer_json(*offer));
  };
}

Handler list_categories(ListCategories& use_case) {
  return [&use_case](const Request& request) {
    const auto categories = use_case();
    if (!categories) return error_response(categories.error(), request.request_id);
    json::array items;
    for (const auto& category : *categories) {
      items.push_back({{"urlName", category.url_name},
                       {"title", category.title},
                       {"offerCount", category.offer_count}});
    }
    return json_response(200, {{"items", std::move(items)}});
  };
}

}  // namespace artshop::http::handlers
