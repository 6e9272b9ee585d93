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
// with the catalogue. The first client accepting gzip has the answer compressed: where it was
// computed (the search pool) when that client asked first, else on the thread finding it kept,
// once per answer (about a millisecond for a page of 96 offers).
Response negotiated(const std::shared_ptr<const KeptAnswer>& kept, const Request& request) {
  const bool gzip =
      accepts_gzip(request.header("Accept-Encoding").value_or("")) && !kept->gzipped().empty();
  auto response = json_answer({});
  response.kept_body =
      std::shared_ptr<const std::string>(kept, gzip ? &kept->gzipped() : &kept->body());
  if (gzip) response.set_header("Content-Encoding", "gzip");
  response.set_header("Vary", "Accept-Encoding");
  return response;
}

// `response` kept under `key` for the calls that follow, unless it is an error, and as this
// client takes it. Errors are not kept: they are cheap to make again, and junk queries would
// crowd out pages. Nor are they compressed: they are small.
Response kept(AnswerCache& cache, const AnswerKey& key, const Request& request, Response response) {
  if (response.status != 200) return response;
  const auto answer = std::make_shared<const KeptAnswer>(std::move(response.body));
  cache.remember(key.text(), answer);
  return negotiated(answer, request);
}

// A call whose answers are kept, each under its own key: `ask` reads a request into a question
// ({key, ...} naming the catalogue version of the call's own read model), `answer` computes the
// answer to one. A page asked again costs a lookup and a copy of its bytes instead of pricing
// and writing its offers. The I/O thread gives what costs it little: a kept answer, or the one
// `if_cheap(question, request)` works out because it costs little at any catalogue size; the
// handler computes the rest wherever the route runs it.
template <class Ask, class Answer, class IfCheap>
CatalogueCall kept_call(Ask ask, Answer answer, IfCheap if_cheap) {
  auto cache = std::make_shared<AnswerCache>();
  // The answer kept for the request's question, or else the one `give(question)` gives, kept;
  // std::nullopt when it gives none.
  const auto kept_or = [cache, ask](const Request& request,
                                    const auto& give) -> std::optional<Response> {
    const auto question = ask(request);
    if (const auto found = cache->find(question.key.text())) return negotiated(found, request);
    auto given = give(question);
    if (!given) return std::nullopt;
    return kept(*cache, question.key, request, std::move(*given));
  };
  return {.handler =
              [kept_or, answer](const Request& request) {
                return *kept_or(request, [&](const auto& question) {
                  return std::optional<Response>(answer(question, request));
                });
              },
          .kept =
              [kept_or, if_cheap](const Request& request) {
                return kept_or(request,
                               [&](const auto& question) { return if_cheap(question, request); });
              }};
}

template <class Ask, class Answer>
CatalogueCall kept_call(Ask ask, Answer answer) {
  return kept_call(std::move(ask), std::move(answer),
                   [](const auto&, const Request&) -> std::optional<Response> { return {}; });
}

// A question to a catalogue call: its key and what its answer is computed from.
template <class Parameters>
struct Question {
  AnswerKey key;
  CatalogueSources sources;
  Parameters parameters;
};

template <class Parameters>
Question<Parameters> question(std::string_view call, CatalogueSources sources,
                              Parameters parameters) {
  AnswerKey key(call, sources);
  std::apply([&key](const auto&... parameter) { (key.add(parameter), ...); }, parameters.fields());
  return {std::move(key), std::move(sources), std::move(parameters)};
}

// The parameters of GET /api/offers, as the use case and the key read them.
struct ListingParameters : OfferListParameters {
  auto fields() const {
    return std::tie(currency, sort, orientation, style, from, to, category, search, page,
                    page_size);
  }
};

struct OneOffer {
  std::optional<std::string> url_name;
  std::optional<std::string> currency;
  auto fields() const { return std::tie(url_name, currency); }
};

struct Suggestion {
  std::optional<std::string> prefix;
  std::optional<std::string> currency;
  auto fields() const { return std::tie(prefix, currency); }
};

struct InCurrency {
  std::optional<std::string> currency;
  auto fields() const { return std::tie(currency); }
};

Response page_answer(const Result<PricedOfferPage>& page, const Request& request) {
  if (!page) return error_response(page.error(), request.request_id);
  return json_answer(offer_page_json(*page));
}

}  // namespace

// Each call keeps its own answers: its key names the catalogue version of its own read model.
CatalogueCall browse_offers(BrowseOffers& use_case) {
  return kept_call(
      [&use_case](const Request& request) {
        ListingParameters parameters;
        parameters.currency = request.query_param("Currency");
        parameters.sort = request.query_param("Sort");
        parameters.orientation = request.query_param("Orientation");
        parameters.style = request.query_param("Style");
        parameters.from = request.query_param("From");
        parameters.to = request.query_param("To");
        parameters.category = request.query_param("Category");
        parameters.search = request.query_param("Search");
        parameters.page = request.query_param("Page");
        parameters.page_size = request.query_param("PageSize");
        return question("offers", use_case.sources(), std::move(parameters));
      },
      [&use_case](const auto& asked, const Request& request) {
        return page_answer(use_case(asked.parameters, asked.sources), request);
      },
      [&use_case](const auto& asked, const Request& request) -> std::optional<Response> {
        const auto page = use_case.answer_if_cheap(asked.parameters, asked.sources);
        if (!page) return std::nullopt;
        return page_answer(*page, request);
      });
}

CatalogueCall latest_offers(LatestOffers& use_case) {
  return kept_call(
      [&use_case](const Request& request) {
        return question("latest", use_case.sources(),
                        InCurrency{.currency = request.query_param("Currency")});
      },
      [&use_case](const auto& asked, const Request& request) {
        const auto offers = use_case(asked.parameters.currency, asked.sources);
        if (!offers) return error_response(offers.error(), request.request_id);
        return json_answer(offer_list_json(*offers));
      });
}

CatalogueCall get_offer(GetOffer& use_case) {
  return kept_call(
      [&use_case](const Request& request) {
        return question("get-one", use_case.sources(),
                        OneOffer{.url_name = request.query_param("UrlName"),
                                 .currency = request.query_param("Currency")});
      },
      [&use_case](const auto& asked, const Request& request) {
        const auto offer =
            use_case(asked.parameters.url_name, asked.parameters.currency, asked.sources);
        if (!offer) return error_response(offer.error(), request.request_id);
        return json_answer(offer_json(*offer));
      });
}

CatalogueCall suggest_offers(SuggestOffers& use_case) {
  return kept_call(
      [&use_case](const Request& request) {
        return question("suggest", use_case.sources(),
                        Suggestion{.prefix = request.query_param("Prefix"),
                                   .currency = request.query_param("Currency")});
      },
      [&use_case](const auto& asked, const Request& request) {
        const auto suggestions =
            use_case(asked.parameters.prefix, asked.parameters.currency, asked.sources);
        if (!suggestions) return error_response(suggestions.error(), request.request_id);
        return json_answer(suggestions_json(*suggestions));
      });
}

CatalogueCall related_offers(RelatedOffers& use_case) {
  return kept_call(
      [&use_case](const Request& request) {
        return question("related", use_case.sources(),
                        OneOffer{.url_name = request.query_param("UrlName"),
                                 .currency = request.query_param("Currency")});
      },
      [&use_case](const auto& asked, const Request& request) {
        const auto offers =
            use_case(asked.parameters.url_name, asked.parameters.currency, asked.sources);
        if (!offers) return error_response(offers.error(), request.request_id);
        return json_answer(offer_list_json(*offers));
      });
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
