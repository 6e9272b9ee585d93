#include "handlers/offer_json.hpp"

#include <algorithm>
#include <array>
#include <boost/json/serializer.hpp>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "handlers/money_json.hpp"

namespace artshop::http::handlers {
namespace {

// True when a byte of `text` must be escaped in JSON: a quote, a backslash or a control
// character. Sixteen bytes are looked at together where the processor can, then eight: a
// description is hundreds.
bool needs_escape(std::string_view text) noexcept {
  std::size_t at = 0;
#if defined(__SSE2__)
  {
    const auto quote = _mm_set1_epi8('"');
    const auto backslash = _mm_set1_epi8('\\');
    const auto last_control = _mm_set1_epi8(0x1F);
    for (; at + sizeof(__m128i) <= text.size(); at += sizeof(__m128i)) {
      const auto bytes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(text.data() + at));
      // A control character is its own unsigned maximum with 0x1F.
      const auto control = _mm_cmpeq_epi8(_mm_max_epu8(bytes, last_control), last_control);
      const auto special =
          _mm_or_si128(_mm_cmpeq_epi8(bytes, quote), _mm_cmpeq_epi8(bytes, backslash));
      if (_mm_movemask_epi8(_mm_or_si128(control, special)) != 0) return true;
    }
  }
#endif
  constexpr std::uint64_t kOnes = 0x0101'0101'0101'0101ULL;
  constexpr std::uint64_t kHighs = 0x8080'8080'8080'8080ULL;
  // The high bit of each byte of the result is set where that byte of `word` is below `bound`
  // (at most 0x80), at least one being so whenever any is.
  const auto below = [](std::uint64_t word, std::uint64_t bound) {
    return (word - kOnes * bound) & ~word & kHighs;
  };
  for (; at + sizeof(std::uint64_t) <= text.size(); at += sizeof(std::uint64_t)) {
    std::uint64_t word = 0;
    std::memcpy(&word, text.data() + at, sizeof word);
    if ((below(word, 0x20) | below(word ^ (kOnes * '"'), 1) | below(word ^ (kOnes * '\\'), 1)) !=
        0) {
      return true;
    }
  }
  return std::ranges::any_of(text.substr(at), [](char c) {
    return c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20;
  });
}

// An answer's bytes, written at a cursor into a buffer that doubles when full: a piece is a
// check of the room left and a copy, where appending to a std::string is a call that also
// checks its length against the largest string and ends it with a zero each time. A page of 96
// offers is some 2,000 pieces.
class Bytes {
 public:
  explicit Bytes(std::size_t capacity) { grow(capacity); }

  void put(std::string_view text) {
    room(text.size());
    std::memcpy(bytes_.data() + used_, text.data(), text.size());
    used_ += text.size();
  }
  void put(char c) {
    room(1);
    bytes_[used_++] = c;
  }
  // Writes at most `most` bytes with `write(first, last)`, which answers where it stopped.
  template <class Write>
  void put_at_most(std::size_t most, Write write) {
    room(most);
    char* const first = bytes_.data() + used_;
    used_ += static_cast<std::size_t>(write(first, first + most) - first);
  }
  std::string take() && {
    bytes_.resize(used_);
    return std::move(bytes_);
  }

 private:
  void room(std::size_t size) {
    if (size > bytes_.size() - used_) grow(size);
  }
  // Room for `size` more, the bytes past those used left as they are (unwritten).
  [[gnu::noinline]] void grow(std::size_t size) {
    bytes_.resize_and_overwrite(std::max(bytes_.size() * 2, used_ + size),
                                [](const char*, std::size_t capacity) { return capacity; });
  }

  std::string bytes_;
  std::size_t used_ = 0;
};

// Strings go through boost::json's own serializer whenever they need an escape, so they are
// escaped alike; the rest is written as the tree's serializer writes it: no spaces, members in
// the order given.
class OfferJson {
 public:
  explicit OfferJson(std::size_t capacity = kSmallAnswer) : text_(capacity) {}

  void raw(std::string_view text) { text_.put(text); }
  void string(std::string_view text) {
    // Most text needs no escape at all: it goes in as it is.
    if (!needs_escape(text)) {
      text_.put('"');
      text_.put(text);
      text_.put('"');
      return;
    }
    escaped(text);
  }
  // The string `prefix` then `text`, `prefix` needing no escape.
  void string(std::string_view prefix, std::string_view text) {
    if (needs_escape(text)) {
      escaped(std::string(prefix) + std::string(text));
      return;
    }
    text_.put('"');
    text_.put(prefix);
    text_.put(text);
    text_.put('"');
  }
  void escaped(std::string_view text) {
    thread_local boost::json::serializer serializer;
    serializer.reset(text);
    std::array<char, 2048> buffer{};
    while (!serializer.done()) text_.put(serializer.read(buffer.data(), buffer.size()));
  }
  void number(std::int64_t value) {
    constexpr std::size_t kDigits = 20;  // a sign and 19 digits
    text_.put_at_most(kDigits, [value](char* first, char* last) {
      return std::to_chars(first, last, value).ptr;
    });
  }
  // `"name":`, after a comma unless it is the first field of its object: a name of this file,
  // which needs no escape.
  void key(std::string_view name, bool first = false) {
    text_.put(first ? std::string_view("\"") : std::string_view(",\""));
    text_.put(name);
    text_.put(std::string_view("\":"));
  }
  // As iso_time() writes it ("2026-11-28T08:24:06Z"), without formatting through fmt for the
  // years of four digits.
  void time(std::chrono::sys_seconds at) {
    const auto day = std::chrono::floor<std::chrono::days>(at);
    const std::chrono::year_month_day date(day);
    const auto year = static_cast<int>(date.year());
    if (year < 0 || year > 9999) {
      string(iso_time(at));
      return;
    }
    const std::chrono::hh_mm_ss clock(at - day);
    std::array<char, 22> text{};
    const auto put = [&text](std::size_t place, int value, std::size_t digits) {
      for (auto k = digits; k > 0; --k, value /= 10) {
        text[place + k - 1] = static_cast<char>('0' + value % 10);
      }
    };
    text[0] = '"';
    put(1, year, 4);
    text[5] = '-';
    put(6, static_cast<int>(static_cast<unsigned>(date.month())), 2);
    text[8] = '-';
    put(9, static_cast<int>(static_cast<unsigned>(date.day())), 2);
    text[11] = 'T';
    put(12, static_cast<int>(clock.hours().count()), 2);
    text[14] = ':';
    put(15, static_cast<int>(clock.minutes().count()), 2);
    text[17] = ':';
    put(18, static_cast<int>(clock.seconds().count()), 2);
    text[20] = 'Z';
    text[21] = '"';
    text_.put(std::string_view(text.data(), text.size()));
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
    string(kMedia, webp);
    key("jpeg");
    string(kMedia, jpeg);
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
    time(offer.created_at);
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

  std::string text() && { return std::move(text_).take(); }

 private:
  static constexpr std::string_view kMedia = "/media/";  // a media key's URL path
  static constexpr std::size_t kSmallAnswer = std::size_t{16} * 1024;

  Bytes text_;
};

// Room for a list of offers at once: an offer of the seeded catalogue is about 1.2 KB.
std::size_t room_for(const std::vector<PricedOffer>& offers) {
  constexpr std::size_t kAnOffer = 1536;
  constexpr std::size_t kTheRest = std::size_t{4} * 1024;  // a page's total, facets and words
  return kTheRest + offers.size() * kAnOffer;
}

}  // namespace

std::string offer_json(const PricedOffer& offer) {
  OfferJson body;
  body.offer(offer);
  return std::move(body).text();
}

std::string offer_list_json(const std::vector<PricedOffer>& offers) {
  OfferJson body(room_for(offers));
  body.raw("{");
  body.key("items", true);
  body.offers(offers);
  body.raw("}");
  return std::move(body).text();
}

std::string offer_page_json(const PricedOfferPage& page) {
  OfferJson body(room_for(page.items));
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
