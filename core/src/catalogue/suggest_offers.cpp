#include "artshop/core/catalogue/suggest_offers.hpp"

#include "priced_offers.hpp"

namespace artshop {

Result<std::vector<OfferSuggestion>> SuggestOffers::operator()(
    const std::optional<std::string>& prefix, const std::optional<std::string>& currency) {
  return (*this)(prefix, currency, sources());
}

Result<std::vector<OfferSuggestion>> SuggestOffers::operator()(
    const std::optional<std::string>& prefix, const std::optional<std::string>& currency,
    const CatalogueSources& sources) const {
  ValidationErrors errors;
  const auto display = validate_display_currency(currency);
  if (!display) errors.merge(display.error());
  // A quotation mark is one more character while typing, never an error here.
  const auto text = read_search_text(prefix, "Prefix", false, errors);
  if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));

  std::vector<OfferSuggestion> suggestions;
  if (!text) return suggestions;
  for (auto& found : sources.catalogue->suggest(*text)) {
    OfferSuggestion suggestion{.kind = found.kind, .text = std::move(found.text), .offer = {}};
    if (found.offer) {
      auto priced = price_offer(std::move(found.offer), *display, sources.rates);
      if (!priced) return std::unexpected(priced.error());
      suggestion.offer = std::move(*priced);
    }
    suggestions.push_back(std::move(suggestion));
  }
  return suggestions;
}

}  // namespace artshop
