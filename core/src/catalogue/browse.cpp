#include "artshop/core/catalogue/browse.hpp"

#include <fmt/format.h>

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

namespace {

Result<std::vector<PricedOffer>> price_all(std::vector<std::shared_ptr<const Offer>> offers,
                                           Currency currency, const ExchangeRates& rates) {
  std::vector<PricedOffer> priced;
  priced.reserve(offers.size());
  for (auto& offer : offers) {
    auto one = price_offer(std::move(offer), currency, rates);
    if (!one) return std::unexpected(one.error());
    priced.push_back(std::move(*one));
  }
  return priced;
}

CatalogueSources sources_of(CatalogueReadModel& catalogue, const ExchangeRateSource& rates) {
  return {.catalogue = catalogue.current(), .rates = rates.current()};
}

}  // namespace

CatalogueSources BrowseOffers::sources() {
  return sources_of(catalogue_, rates_);
}

Result<PricedOfferPage> BrowseOffers::operator()(const OfferListParameters& parameters) {
  return (*this)(parameters, sources());
}

Result<PricedOfferPage> BrowseOffers::operator()(const OfferListParameters& parameters,
                                                 const CatalogueSources& sources) const {
  auto query = validate_offer_query(parameters);
  if (!query) return std::unexpected(Error::validation(std::move(query.error())));
  const auto& rates = sources.rates;
  const auto range = euro_cent_range(*query, rates);
  PricedOfferPage page{.items = {},
                       .total = 0,
                       .page = query->page,
                       .page_size = query->page_size,
                       .currency = query->currency};
  if (range.empty) return page;

  const auto& catalogue = sources.catalogue;
  if (const auto& category = query->category; category && !catalogue->has_category(*category)) {
    return std::unexpected(Error::validation("Category", "There is no such category."));
  }
  auto found = catalogue->search({.sort = query->sort,
                                  .orientation = query->orientation,
                                  .style = query->style,
                                  .min_price_eur_cents = range.min,
                                  .max_price_eur_cents = range.max,
                                  .category = query->category,
                                  .search = query->search,
                                  .offset = (query->page - 1) * query->page_size,
                                  .limit = query->page_size});
  auto items = price_all(std::move(found.items), query->currency, rates);
  if (!items) return std::unexpected(items.error());
  page.items = std::move(*items);
  page.total = found.total;
  return page;
}

CatalogueSources LatestOffers::sources() {
  return sources_of(catalogue_, rates_);
}

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

CatalogueSources GetOffer::sources() {
  return sources_of(catalogue_, rates_);
}

Result<PricedOffer> GetOffer::operator()(const std::optional<std::string>& url_name,
                                         const std::optional<std::string>& currency) {
  return (*this)(url_name, currency, sources());
}

Result<PricedOffer> GetOffer::operator()(const std::optional<std::string>& url_name,
                                         const std::optional<std::string>& currency,
                                         const CatalogueSources& sources) const {
  ValidationErrors errors;
  const auto display = validate_display_currency(currency);
  if (!display) errors.merge(display.error());
  const std::string_view name = url_name ? std::string_view(*url_name) : std::string_view();
  if (name.empty()) errors.add("UrlName", "UrlName is required.");
  if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));

  // The catalogue holds no Hidden offer: those are unknown here.
  auto offer = sources.catalogue->find(name);
  if (!offer) return std::unexpected(Error::not_found("no offer " + std::string(name)));
  return price_offer(std::move(offer), *display, sources.rates);
}

Result<std::vector<Category>> ListCategories::operator()() {
  return transactions_.read([](Ports::Scope& tx) -> Result<std::vector<Category>> {
    return tx.get<OfferRepository>().categories();
  });
}

}  // namespace artshop
