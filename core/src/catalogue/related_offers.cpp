#include "artshop/core/catalogue/related_offers.hpp"

#include "priced_offers.hpp"

namespace artshop {

using detail::price_all;

Result<std::vector<PricedOffer>> RelatedOffers::operator()(
    const std::optional<std::string>& url_name, const std::optional<std::string>& currency) {
  return (*this)(url_name, currency, sources());
}

Result<std::vector<PricedOffer>> RelatedOffers::operator()(
    const std::optional<std::string>& url_name, const std::optional<std::string>& currency,
    const CatalogueSources& sources) const {
  const auto display = detail::validate_offer_call(url_name, currency);
  if (!display) return std::unexpected(display.error());
  const std::string_view name = *url_name;

  // As get-one: the catalogue holds no Hidden offer, so those are unknown here.
  const auto offer = sources.catalogue->find(name);
  if (!offer) return std::unexpected(Error::not_found("no offer " + std::string(name)));
  return price_all(sources.catalogue->related(*offer), *display, sources.rates);
}

}  // namespace artshop
