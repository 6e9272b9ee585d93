#include "artshop/core/catalogue/priced_offer.hpp"

#include <fmt/format.h>

#include "artshop/core/catalogue/catalogue_call.hpp"
#include "prefetch.hpp"
#include "priced_offers.hpp"

namespace artshop {

Result<PricedOffer> price_offer(std::shared_ptr<const Offer> offer, Currency currency,
                                const ExchangeRates& rates) {
  PricedOffer priced{.offer = {}, .attributes = {}, .lowest_price = Money::zero(currency)};
  priced.attributes.reserve(offer->attributes.size());
  bool first = true;
  for (const auto& attribute : offer->attributes) {
    const auto price = rates.convert(Money(attribute.price_eur_cents, Currency::EUR), currency);
    if (!price) {
      return std::unexpected(Error::internal(fmt::format("pricing {} in {}: {}", offer->url_name,
                                                         code(currency), describe(price.error()))));
    }
    if (first || price->minor_units() < priced.lowest_price.minor_units()) {
      priced.lowest_price = *price;
    }
    first = false;
    priced.attributes.push_back({.attribute = attribute, .price = *price});
  }
  priced.offer = std::move(offer);
  return priced;
}

Result<PricedOffer> price_offer(Offer offer, Currency currency, const ExchangeRates& rates) {
  return price_offer(std::make_shared<const Offer>(std::move(offer)), currency, rates);
}

namespace detail {

Result<std::vector<PricedOffer>> price_all(std::vector<std::shared_ptr<const Offer>> offers,
                                           Currency currency, const ExchangeRates& rates) {
  std::vector<PricedOffer> priced;
  priced.reserve(offers.size());
  // Pricing reads each offer's attributes, and writing the page its texts: those of the offers
  // a few ahead are asked for meanwhile.
  constexpr std::size_t kAhead = 4;
  for (std::size_t k = 0; k < offers.size(); ++k) {
    if (k + kAhead < offers.size()) detail::prefetch_texts(*offers[k + kAhead]);
    auto one = price_offer(std::move(offers[k]), currency, rates);
    if (!one) return std::unexpected(one.error());
    priced.push_back(std::move(*one));
  }
  return priced;
}

Result<Currency> validate_offer_call(const std::optional<std::string>& url_name,
                                     const std::optional<std::string>& currency) {
  ValidationErrors errors;
  const auto display = validate_display_currency(currency);
  if (!display) errors.merge(display.error());
  if (!url_name || url_name->empty()) errors.add("UrlName", "UrlName is required.");
  if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));
  return *display;
}

}  // namespace detail

CatalogueSources CatalogueCall::sources() {
  return {.catalogue = catalogue_.current(), .rates = rates_.current()};
}

}  // namespace artshop
