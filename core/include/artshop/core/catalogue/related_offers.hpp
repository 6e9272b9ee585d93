#pragma once

#include <optional>
#include <string>
#include <vector>

#include "artshop/core/catalogue/catalogue_call.hpp"
#include "artshop/core/catalogue/priced_offer.hpp"
#include "artshop/core/error.hpp"

namespace artshop {

// GET /api/offers/related: the pictures like one picture (CatalogueSnapshot::related), for its
// page; 404 for an unknown or hidden UrlName, as get-one.
class RelatedOffers : public CatalogueCall {
 public:
  using CatalogueCall::CatalogueCall;
  Result<std::vector<PricedOffer>> operator()(const std::optional<std::string>& url_name,
                                              const std::optional<std::string>& currency);
  Result<std::vector<PricedOffer>> operator()(const std::optional<std::string>& url_name,
                                              const std::optional<std::string>& currency,
                                              const CatalogueSources& sources) const;
};

}  // namespace artshop
