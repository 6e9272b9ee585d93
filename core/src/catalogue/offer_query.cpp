#include "artshop/core/catalogue/offer_query.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>

#include "artshop/core/text.hpp"

namespace artshop {
namespace {

constexpr std::array kSortNames{std::string_view("NewToOld"), std::string_view("LowToHigh"),
                                std::string_view("HighToLow")};

// The parameter's text when one was sent: an empty one counts as absent.
const std::string* given(const std::optional<std::string>& parameter) {
  if (!parameter || parameter->empty()) return nullptr;
  return &*parameter;
}

// `extra` names a choice beyond the enum's, which the caller reads itself.
template <class Enum, class Parse, class Names>
std::optional<Enum> read_enum(const std::optional<std::string>& text, std::string_view field,
                              Parse parse, const Names& names, ValidationErrors& errors,
                              std::string_view extra = {}) {
  const auto* sent = given(text);
  if (sent == nullptr) return std::nullopt;
  if (auto value = parse(*sent)) return value;
  std::string choices;
  for (const auto& candidate : names) {
    choices += choices.empty() ? "" : ", ";
    choices += name(candidate);
  }
  if (!extra.empty()) choices += fmt::format(", {}", extra);
  errors.add(field, fmt::format("{} must be one of {}.", field, choices));
  return std::nullopt;
}

std::optional<Money> read_amount(const std::optional<std::string>& text, std::string_view field,
                                 Currency currency, ValidationErrors& errors) {
  const auto* sent = given(text);
  if (sent == nullptr) return std::nullopt;
  const auto amount = Money::parse(text::trim(*sent), currency);
  if (!amount) {
    errors.add(field,
               amount.error() == MoneyError::TooPrecise
                   ? fmt::format("{} has more decimals than {} allows.", field, code(currency))
                   : fmt::format("{} must be an amount such as 25 or 19.99.", field));
    return std::nullopt;
  }
  if (amount->is_negative()) {
    errors.add(field, fmt::format("{} must not be negative.", field));
    return std::nullopt;
  }
  return *amount;
}

// The smallest euro-cent amount whose display is at least `bound` (or past the search range).
std::int64_t first_at_least(Money bound, const ExchangeRates& rates) {
  std::int64_t low = 0;
  std::int64_t high = std::int64_t{1} << 50;
  while (low < high) {
    const auto middle = low + (high - low) / 2;
    const auto shown = rates.convert(Money(middle, Currency::EUR), bound.currency());
    if (shown && shown->minor_units() >= bound.minor_units()) {
      high = middle;
    } else {
      low = middle + 1;
    }
  }
  return low;
}

}  // namespace

std::string_view name(OfferSort sort) noexcept {
  return kSortNames[static_cast<std::size_t>(sort)];
}

std::optional<OfferSort> parse_offer_sort(std::string_view text) noexcept {
  for (std::size_t i = 0; i < kSortNames.size(); ++i) {
    if (text::equal_ignoring_ascii_case(text, kSortNames[i])) return static_cast<OfferSort>(i);
  }
  return std::nullopt;
}

std::expected<Currency, ValidationErrors> validate_display_currency(
    const std::optional<std::string>& currency) {
  const auto* sent = given(currency);
  if (sent == nullptr) {
    return std::unexpected(ValidationErrors("Currency", "Currency is required."));
  }
  if (auto parsed = parse_currency(*sent)) return *parsed;
  std::string codes;
  for (const auto candidate : kAllCurrencies) {
    codes += codes.empty() ? "" : ", ";
    codes += code(candidate);
  }
  return std::unexpected(
      ValidationErrors("Currency", fmt::format("Currency must be one of {}.", codes)));
}

std::expected<OfferQuery, ValidationErrors> validate_offer_query(const OfferListParameters& raw) {
  ValidationErrors errors;
  OfferQuery query;
  if (auto currency = validate_display_currency(raw.currency)) {
    query.currency = *currency;
  } else {
    errors.merge(currency.error());
  }
  const std::array sorts{OfferSort::NewToOld, OfferSort::LowToHigh, OfferSort::HighToLow};
  const auto* sort = given(raw.sort);
  const bool relevance =
      sort != nullptr && text::equal_ignoring_ascii_case(*sort, kRelevanceSortName);
  if (!relevance) {
    query.sort =
        read_enum<OfferSort>(raw.sort, "Sort", parse_offer_sort, sorts, errors, kRelevanceSortName)
            .value_or(OfferSort::NewToOld);
  }
  query.orientation = read_enum<Orientation>(raw.orientation, "Orientation", parse_orientation,
                                             kAllOrientations, errors);
  query.style = read_enum<ArtStyle>(raw.style, "Style", parse_art_style, kAllArtStyles, errors);
  query.from = read_amount(raw.from, "From", query.currency, errors);
  query.to = read_amount(raw.to, "To", query.currency, errors);
  if (query.from && query.to && query.from->minor_units() > query.to->minor_units()) {
    errors.add("To", "To must not be less than From.");
  }
  if (const auto* category = given(raw.category)) {
    query.category = std::string(text::trim(*category));
  }
  query.search = read_search_text(raw.search, "Search", true, errors);
  // Relevance is the order a search is read in, unless another is asked for.
  query.by_relevance = relevance || (sort == nullptr && query.search);
  query.page = read_page_number(raw.page, "Page", query.page, kMaxPage, errors);
  query.page_size =
      read_page_number(raw.page_size, "PageSize", query.page_size, kMaxPageSize, errors);
  if (!errors.empty()) return std::unexpected(std::move(errors));
  return query;
}

std::optional<std::string> read_search_text(const std::optional<std::string>& text,
                                            std::string_view field, bool quotes,
                                            ValidationErrors& errors) {
  const auto* sent = given(text);
  if (sent == nullptr) return std::nullopt;
  auto trimmed = std::string(text::trim(*sent));
  // Ill-formed UTF-8 counts a character per byte.
  if (text::utf8_length(trimmed).value_or(trimmed.size()) > kMaxSearchLength) {
    errors.add(field, fmt::format("{} must be at most {} characters.", field, kMaxSearchLength));
    return std::nullopt;
  }
  if (quotes && std::ranges::count(trimmed, '"') % 2 != 0) {
    errors.add(field, "Close the quotation mark or remove it.");
    return std::nullopt;
  }
  if (trimmed.empty()) return std::nullopt;
  return trimmed;
}

std::vector<PriceBand> price_bands(Currency currency, const ExchangeRates& rates) {
  std::vector<PriceBand> bands;
  for (std::size_t i = 0; i < kPriceBandStartsEurCents.size(); ++i) {
    const auto shown = rates.convert(Money(kPriceBandStartsEurCents[i], Currency::EUR), currency);
    if (!shown) continue;
    // The band starts at the first euro price shown at its threshold's display amount.
    const auto start = first_at_least(*shown, rates);
    if (!bands.empty()) {
      if (shown->minor_units() <= bands.back().from.minor_units()) continue;
      bands.back().to = Money(shown->minor_units() - 1, currency);
    }
    bands.push_back({.from = *shown, .to = std::nullopt, .start_eur_cents = start});
  }
  return bands;
}

// `of` finds a currency's bands at its place in the enumeration.
static_assert([] {
  for (std::size_t i = 0; i < kAllCurrencies.size(); ++i) {
    if (static_cast<std::size_t>(kAllCurrencies[i]) != i) return false;
  }
  return true;
}());

PriceBandTable::PriceBandTable(const ExchangeRates& rates_in_force) : rates(rates_in_force) {
  for (const auto currency : kAllCurrencies) {
    bands[static_cast<std::size_t>(currency)] = price_bands(currency, rates);
  }
}

EuroCentRange euro_cent_range(const OfferQuery& query, const ExchangeRates& rates) {
  EuroCentRange range;
  if (query.from) range.min = first_at_least(*query.from, rates);
  if (query.to) {
    // The largest amount shown as at most `to` is one below the first shown above it.
    const Money above(query.to->minor_units() + 1, query.to->currency());
    range.max = first_at_least(above, rates) - 1;
  }
  range.empty = range.min && range.max && *range.min > *range.max;
  return range;
}

}  // namespace artshop
