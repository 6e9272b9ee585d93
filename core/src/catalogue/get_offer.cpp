#include "artshop/core/catalogue/get_offer.hpp"

#include "priced_offers.hpp"

namespace artshop {

Result<PricedOffer> GetOffer::operator()(const std::optional<std::string>& url_name,
                                         const std::optional<std::string>& currency) {
  return (*this)(url_name, currency, sources());
}

Result<PricedOffer> GetOffer::operator()(const std::optional<std::string>& url_name,
                                         const std::optional<std::string>& currency,
                                         const CatalogueSources& sources) const {
  const auto display = detail::validate_offer_call(url_name, currency);
  if (!display) return std::unexpected(display.error());
  const std::string_view name = *url_name;

  // The catalogue holds no Hidden offer: those are unknown here.
  auto offer = sources.catalogue->find(name);
  if (!offer) return std::unexpected(Error::not_found("no offer " + std::string(name)));
  return price_offer(std::move(offer), *display, sources.rates);
}

}  // namespace artshop
