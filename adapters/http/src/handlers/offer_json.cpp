#include "handlers/offer_json.hpp"

#include <algorithm>
#include <array>
#include <boost/json/serializer.hpp>
#include <charconv>
#include <cstdint>
#include <string_view>

#include "handlers/money_json.hpp"

namespace artshop::http::handlers {
namespace {

// Strings go through boost::json's own serializer whenever they need an escape, so they are
// escaped alike; the rest is written as the tree's serializer writes it: no spaces, members in
// the order given.
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
    thread_local boost::json::serializer serializer;
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
    strings(offer.tags);
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

  // [{…,"count":…},…]: `fields` writes an entry's fields before its count, the first one first.
  template <class Entries, class Fields>
  void counts(const Entries& entries, Fields fields) {
    raw("[");
    bool first = true;
    for (const auto& entry : entries) {
      raw(first ? "{" : ",{");
      first = false;
      fields(entry);
      key("count");
      number(entry.count);
      raw("}");
    }
    raw("]");
  }

  void facets(const OfferFacets& facets) {
    const auto value = [this](std::string_view text) {
      key("value", true);
      string(text);
    };
    raw("{");
    key("categories", true);
    counts(facets.categories, [&](const CategoryCount& category) {
      value(category.url_name);
      key("title");
      string(category.title);
    });
    key("styles");
    counts(facets.styles, [&](const auto& style) { value(name(style.value)); });
    key("orientations");
    counts(facets.orientations, [&](const auto& orientation) { value(name(orientation.value)); });
    key("prices");
    counts(facets.prices, [this](const PriceBandCount& band) {
      key("from", true);
      money(band.from);
      key("to");
      if (band.to) {
        money(*band.to);
      } else {
        raw("null");
      }
    });
    raw("}");
  }

  void strings(const std::vector<std::string>& texts) {
    raw("[");
    for (std::size_t i = 0; i < texts.size(); ++i) {
      if (i > 0) raw(",");
      string(texts[i]);
    }
    raw("]");
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

}  // namespace

std::string offer_json(const PricedOffer& offer) {
  OfferJson body;
  body.offer(offer);
  return std::move(body).text();
}

std::string offer_list_json(const std::vector<PricedOffer>& offers) {
  OfferJson body;
  body.raw("{");
  body.key("items", true);
  body.offers(offers);
  body.raw("}");
  return std::move(body).text();
}

std::string offer_page_json(const PricedOfferPage& page) {
  OfferJson body;
  body.raw("{");
  body.key("items", true);
  body.offers(page.items);
  body.key("total");
  body.number(page.total);
  body.key("page");
  body.number(page.page);
  body.key("pageSize");
  body.number(page.page_size);
  body.key("currency");
  body.string(code(page.currency));
  body.key("facets");
  body.facets(page.facets);
  body.key("didYouMean");
  if (page.did_you_mean) {
    body.string(*page.did_you_mean);
  } else {
    body.raw("null");
  }
  body.key("matchedWords");
  body.strings(page.matched_words);
  body.raw("}");
  return std::move(body).text();
}

std::string suggestions_json(const std::vector<OfferSuggestion>& suggestions) {
  OfferJson body;
  body.raw("{");
  body.key("suggestions", true);
  body.raw("[");
  bool first = true;
  for (const auto& suggestion : suggestions) {
    body.raw(first ? "{" : ",{");
    first = false;
    const bool title = suggestion.kind == OfferSuggestion::Kind::Title && suggestion.offer;
    body.key("kind", true);
    body.string(title ? "title" : "tag");
    body.key("text");
    body.string(suggestion.text);
    if (title) {
      body.key("urlName");
      body.string(suggestion.offer->offer->url_name);
      body.key("price");
      body.money(suggestion.offer->lowest_price);
    }
    body.raw("}");
  }
  body.raw("]}");
  return std::move(body).text();
}

}  // namespace artshop::http::handlers
