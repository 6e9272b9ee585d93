#include "handlers/catalogue.hpp"

#include <boost/json.hpp>

#include "answer_cache.hpp"
#include "artshop/http/file_server.hpp"
#include "artshop/http/json.hpp"
#include "handlers/offer_json.hpp"

namespace artshop::http::handlers {
namespace {

namespace json = boost::json;

Response json_answer(std::string body) {
  Response response{.status = 200, .body = std::move(body)};
  response.set_header("Content-Type", "application/json; charset=utf-8");
  return response;
}

// A kept answer as this client takes it: gzipped when it accepts gzip and the answer has
// gzipped bytes, shared with the cache rather than copied. Vary is on every answer, compressed
// or not: whether one is depends on its size, which the answer to the same question can change
// with the catalogue.
Response negotiated(const std::shared_ptr<const KeptAnswer>& kept, const Request& request) {
  const bool gzip =
      !kept->gzipped.empty() && accepts_gzip(request.header("Accept-Encoding").value_or(""));
  auto response = json_answer({});
  response.kept_body =
      std::shared_ptr<const std::string>(kept, gzip ? &kept->gzipped : &kept->body);
  if (gzip) response.set_header("Content-Encoding", "gzip");
  response.set_header("Vary", "Accept-Encoding");
  return response;
}

// The answer kept under `key`, or the one `answer` gives, kept for the calls that follow: a page
// asked again costs a lookup and a copy of its bytes instead of pricing and writing 24 offers.
template <class Answer>
Response remembered(AnswerCache& cache, const AnswerKey& key, const Request& request,
                    Answer answer) {
  if (const auto kept = cache.find(key.text())) return negotiated(kept, request);
  auto response = answer();
  // Errors are not kept: they are cheap to make again, and junk queries would crowd out pages.
  // Nor are they compressed: they are small.
  if (response.status != 200) return response;
  const auto kept = std::make_shared<const KeptAnswer>(std::move(response.body));
  cache.remember(key.text(), kept);
  return negotiated(kept, request);
}

}  // namespace

// Each call keeps its own answers: its key names the catalogue version of its own read model.
Handler browse_offers(BrowseOffers& use_case) {
  return [&use_case, cache = std::make_shared<AnswerCache>()](const Request& request) {
    const OfferListParameters parameters{.currency = request.query_param("Currency"),
                                         .sort = request.query_param("Sort"),
                                         .orientation = request.query_param("Orientation"),
                                         .style = request.query_param("Style"),
                                         .from = request.query_param("From"),
                                         .to = request.query_param("To"),
                                         .category = request.query_param("Category"),
                                         .search = request.query_param("Search"),
                                         .page = request.query_param("Page"),
                                         .page_size = request.query_param("PageSize")};
    const auto sources = use_case.sources();
    AnswerKey key("offers", sources);
    key.add(parameters.currency)
        .add(parameters.sort)
        .add(parameters.orientation)
        .add(parameters.style)
        .add(parameters.from)
        .add(parameters.to)
        .add(parameters.category)
        .add(parameters.search)
        .add(parameters.page)
        .add(parameters.page_size);
    return remembered(*cache, key, request, [&] {
      const auto page = use_case(parameters, sources);
      if (!page) return error_response(page.error(), request.request_id);
      return json_answer(offer_page_json(*page));
    });
  };
}

Handler latest_offers(LatestOffers& use_case) {
  return [&use_case, cache = std::make_shared<AnswerCache>()](const Request& request) {
    const auto currency = request.query_param("Currency");
    const auto sources = use_case.sources();
    AnswerKey key("latest", sources);
    key.add(currency);
    return remembered(*cache, key, request, [&] {
      const auto offers = use_case(currency, sources);
      if (!offers) return error_response(offers.error(), request.request_id);
      return json_answer(offer_list_json(*offers));
    });
  };
}

Handler get_offer(GetOffer& use_case) {
  return [&use_case, cache = std::make_shared<AnswerCache>()](const Request& request) {
    const auto url_name = request.query_param("UrlName");
    const auto currency = request.query_param("Currency");
    const auto sources = use_case.sources();
    AnswerKey key("get-one", sources);
    key.add(url_name).add(currency);
    return remembered(*cache, key, request, [&] {
      const auto offer = use_case(url_name, currency, sources);
      if (!offer) return error_response(offer.error(), request.request_id);
      return json_answer(offer_json(*offer));
    });
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
