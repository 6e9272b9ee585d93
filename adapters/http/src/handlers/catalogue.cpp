#include "handlers/catalogue.hpp"

#include <algorithm>
#include <array>
#include <boost/json.hpp>
#include <charconv>

#include "answer_cache.hpp"
#include "artshop/http/file_server.hpp"
#include "artshop/http/json.hpp"
#include "handlers/money_json.hpp"

namespace artshop::http::handlers {
namespace {

namespace json = boost::json;

// The offer calls write their JSON straight into the body, byte for byte what serializing the
// same document as a boost::json tree gives (strings go through boost::json's own serializer,
// so they are escaped alike): a page of 24 offers is some 10 KB of JSON, and building it as a
// tree first cost more than everything else the call does.
class OfferJson {
 public:
  OfferJson() { text_.reserve(std::size_t{16} * 1024); }

  void raw(std::string_view text) { text_ += text; }
  void string(std::string_view text) {
    // Most text needs no escape at all: it goes in as it is.
    if (std::ranges::none_of(text, [](char c) {
          return c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20;
        })) {
      text_ += '"';
      text_ += text;
      text_ += '"';
      return;
    }
    thread_local json::serializer serializer;
    serializer.reset(text);
    std::array<char, 2048> buffer{};
    while (!serializer.done()) {
      const auto part = serializer.read(buffer.data(), buffer.size());
      text_.append(part.data(), part.size());
    }
  }
  void number(std::int64_t value) {
    std::array<char, 24> digits{};
    const auto end = std::to_chars(digits.data(), digits.data() + digits.size(), value).ptr;
    text_.append(digits.data(), end);
  }
  // `"name":`, after a comma unless it is the first field of its object.
  void key(std::string_view name, bool first = false) {
    if (!first) text_ += ',';
    string(name);
    text_ += ':';
  }

  void money(const Money& money) {
    raw("{");
    key("amount", true);
    string(money.amount_text());
    key("currency");
    string(code(money.currency()));
    key("minorUnits");
    number(money.minor_units());
    raw("}");
  }

  void picture(std::string_view webp, std::string_view jpeg) {
    raw("{");
    key("webp", true);
    string(media_url(webp));
    key("jpeg");
    string(media_url(jpeg));
    raw("}");
  }

  void offer(const PricedOffer& priced) {
    const auto& offer = *priced.offer;
    raw("{");
    key("id", true);
    number(offer.id.value);
    key("urlName");
    string(offer.url_name);
    key("title");
    string(offer.title);
    key("description");
    string(offer.description);
    key("category");
    string(offer.category);
    key("style");
    string(name(offer.style));
    key("orientation");
    string(name(offer.orientation));
    key("aspectRatio");
    string(name(offer.aspect_ratio));
    key("width");
    number(offer.width);
    key("height");
    number(offer.height);
    key("tags");
    raw("[");
    for (std::size_t i = 0; i < offer.tags.size(); ++i) {
      if (i > 0) raw(",");
      string(offer.tags[i]);
    }
    raw("]");
    key("createdAt");
    string(iso_time(offer.created_at));
    key("status");
    string(name(offer.status));
    key("thumbnail");
    picture(offer.images.thumbnail_webp, offer.images.thumbnail_jpeg);
    key("preview");
    picture(offer.images.preview_webp, offer.images.preview_jpeg);
    key("price");
    money(priced.lowest_price);
    key("attributes");
    raw("[");
    bool first = true;
    for (const auto& [attribute, price] : priced.attributes) {
      raw(first ? "{" : ",{");
      first = false;
      key("id", true);
      number(attribute.id.value);
      key("name");
      string(attribute.name);
      key("longEdge");
      number(attribute.long_edge);
      key("licence");
      string(name(attribute.licence));
      key("price");
      money(price);
      raw("}");
    }
    raw("]}");
  }

  void offers(const std::vector<PricedOffer>& offers) {
    raw("[");
    for (std::size_t i = 0; i < offers.size(); ++i) {
      if (i > 0) raw(",");
      offer(offers[i]);
    }
    raw("]");
  }

  std::string text() && { return std::move(text_); }

 private:
  static std::string media_url(std::string_view key) { return "/media/" + std::string(key); }

  std::string text_;
};

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
      OfferJson body;
      body.raw("{");
      body.key("items", true);
      body.offers(page->items);
      body.key("total");
      body.number(page->total);
      body.key("page");
      body.number(page->page);
      body.key("pageSize");
      body.number(page->page_size);
      body.key("currency");
      body.string(code(page->currency));
      body.raw("}");
      return json_answer(std::move(body).text());
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
      OfferJson body;
      body.raw("{");
      body.key("items", true);
      body.offers(*offers);
      body.raw("}");
      return json_answer(std::move(body).text());
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
      OfferJson body;
      body.offer(*offer);
      return json_answer(std::move(body).text());
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
