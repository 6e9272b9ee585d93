#include "artshop/core/catalogue/browse_offers.hpp"

#include "priced_offers.hpp"

namespace artshop {

using detail::price_all;

std::shared_ptr<const PriceBandTable> BrowseOffers::band_table(const ExchangeRates& rates) const {
  const std::scoped_lock lock(bands_mutex_);
  if (!bands_ || bands_->rates != rates) bands_ = std::make_shared<const PriceBandTable>(rates);
  return bands_;
}

Result<PricedOfferPage> BrowseOffers::operator()(const OfferListParameters& parameters) {
  return (*this)(parameters, sources());
}

Result<PricedOfferPage> BrowseOffers::operator()(const OfferListParameters& parameters,
                                                 const CatalogueSources& sources) const {
  return *answer(parameters, sources, false);
}

std::optional<Result<PricedOfferPage>> BrowseOffers::answer_if_cheap(
    const OfferListParameters& parameters, const CatalogueSources& sources) const {
  return answer(parameters, sources, true);
}

std::optional<Result<PricedOfferPage>> BrowseOffers::answer(const OfferListParameters& parameters,
                                                            const CatalogueSources& sources,
                                                            bool cheap_only) const {
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
  const auto table = band_table(rates);
  const auto& bands = table->of(query->currency);
  std::vector<std::int64_t> band_starts;
  for (const auto& band : bands) band_starts.push_back(band.start_eur_cents);
  const OfferSearch search{.sort = query->sort,
                           .orientation = query->orientation,
                           .style = query->style,
                           .min_price_eur_cents = range.min,
                           .max_price_eur_cents = range.max,
                           .category = query->category,
                           .search = query->search,
                           .offset = (query->page - 1) * query->page_size,
                           .limit = query->page_size,
                           .by_relevance = query->by_relevance,
                           .facets = true,
                           .price_band_starts = std::move(band_starts)};
  auto found = cheap_only ? catalogue->search_if_cheap(search)
                          : std::optional<CatalogueMatches>(catalogue->search(search));
  if (!found) return std::nullopt;
  auto items = price_all(std::move(found->items), query->currency, rates);
  if (!items) return std::unexpected(items.error());
  page.items = std::move(*items);
  page.total = found->total;
  page.facets = {.categories = std::move(found->facets.categories),
                 .styles = std::move(found->facets.styles),
                 .orientations = std::move(found->facets.orientations),
                 .prices = {}};
  for (std::size_t b = 0; b < bands.size() && b < found->facets.price_bands.size(); ++b) {
    if (const auto count = found->facets.price_bands[b]; count > 0) {
      page.facets.prices.push_back({.from = bands[b].from, .to = bands[b].to, .count = count});
    }
  }
  page.did_you_mean = std::move(found->did_you_mean);
  page.matched_words = std::move(found->matched_words);
  return Result<PricedOfferPage>(std::move(page));
}

}  // namespace artshop
