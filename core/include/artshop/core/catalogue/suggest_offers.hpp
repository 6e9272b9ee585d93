#pragma once

#include <optional>
#include <string>
#include <vector>

#include "artshop/core/catalogue/catalogue_call.hpp"
#include "artshop/core/catalogue/priced_offer.hpp"
#include "artshop/core/error.hpp"

namespace artshop {

// One suggestion of the search box: an offer's title (with the offer, priced) or a tag.
struct OfferSuggestion {
  using Kind = CatalogueSuggestion::Kind;
  Kind kind = Kind::Title;
  std::string text;
  std::optional<PricedOffer> offer;  // for a title
};

// GET /api/offers/suggest: what the search box offers while a customer types
// (CatalogueSnapshot::suggest). A Prefix absent, blank or without a word: no suggestion.
class SuggestOffers : public CatalogueCall {
 public:
  using CatalogueCall::CatalogueCall;
  Result<std::vector<OfferSuggestion>> operator()(const std::optional<std::string>& prefix,
                                                  const std::optional<std::string>& currency);
  Result<std::vector<OfferSuggestion>> operator()(const std::optional<std::string>& prefix,
                                                  const std::optional<std::string>& currency,
                                                  const CatalogueSources& sources) const;
};

}  // namespace artshop
