#include "artshop/core/catalogue/latest_offers.hpp"

#include "priced_offers.hpp"

namespace artshop {

using detail::price_all;

Result<std::vector<PricedOffer>> LatestOffers::operator()(
    const std::optional<std::string>& currency) {
  return (*this)(currency, sources());
}

Result<std::vector<PricedOffer>> LatestOffers::operator()(
    const std::optional<std::string>& currency, const CatalogueSources& sources) const {
  const auto display = validate_display_currency(currency);
  if (!display) return std::unexpected(Error::validation(display.error()));
  return price_all(sources.catalogue->latest(kLatestOfferCount), *display, sources.rates);
}

}  // namespace artshop
