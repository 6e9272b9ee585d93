#pragma once

#include <optional>
#include <string>

#include "artshop/core/catalogue/catalogue_call.hpp"
#include "artshop/core/catalogue/priced_offer.hpp"
#include "artshop/core/error.hpp"

namespace artshop {

// GET /api/offers/get-one: one picture by its urlName; 404 for an unknown or hidden one.
class GetOffer : public CatalogueCall {
 public:
  using CatalogueCall::CatalogueCall;
  Result<PricedOffer> operator()(const std::optional<std::string>& url_name,
                                 const std::optional<std::string>& currency);
  Result<PricedOffer> operator()(const std::optional<std::string>& url_name,
                                 const std::optional<std::string>& currency,
                                 const CatalogueSources& sources) const;
};

}  // namespace artshop
