// A gallery page with its total and facets over the seeder's catalogue of 1,000,000 offers
// (docs/search.md, "Figures"): without a search, read from the counts kept with the snapshot
// per style, category, orientation and price bucket, walking only the page and the entries of
// the buckets a price bound cuts; with a search, one walk over the matched offers.
#include <benchmark/benchmark.h>

#include <memory>

#include "artshop/core/catalogue/catalogue_snapshot.hpp"
#include "artshop/core/catalogue/offer_query.hpp"
#include "artshop/core/catalogue/seed_plan.hpp"

namespace {

constexpr int kOffers = 1'000'000;

const artshop::CatalogueSnapshot& catalogue() {
  static const auto snapshot = [] {
    std::vector<std::shared_ptr<const artshop::Offer>> offers;
    std::int64_t id = 0;
    for (auto& planned : artshop::seed_plan(kOffers)) {
      artshop::Offer offer;
      offer.id = artshop::OfferId{++id};
      offer.url_name = "offer-" + std::to_string(id);
      offer.title = std::move(planned.title);
      offer.description = std::move(planned.description);
      offer.category = std::move(planned.category);
      offer.style = planned.style;
      offer.orientation = artshop::orientation_of(artshop::width_part(planned.aspect_ratio),
                                                  artshop::height_part(planned.aspect_ratio));
      offer.tags = std::move(planned.tags);
      offer.created_at =
          std::chrono::sys_seconds(std::chrono::seconds(2'000'000'000) - planned.age);
      offer.attributes = {{.price_eur_cents = planned.base_price_eur_cents}};
      offers.push_back(std::make_shared<const artshop::Offer>(std::move(offer)));
    }
    return artshop::CatalogueSnapshot(std::move(offers), artshop::default_categories(), 1,
                                      artshop::plain_search_analyser());
  }();
  return snapshot;
}

std::vector<std::int64_t> band_starts() {
  return {artshop::kPriceBandStartsEurCents.begin(), artshop::kPriceBandStartsEurCents.end()};
}

// `fresh`: each call's last band start differs by a cent, so that the snapshot has kept no
// answer for it (docs/search.md, "Kept answers") and the search is worked out anew.
void Facets(benchmark::State& state, artshop::OfferSearch search, bool fresh = true) {
  const auto& shop = catalogue();
  search.facets = true;
  search.price_band_starts = band_starts();
  int total = 0;
  static std::int64_t call = 0;  // across repetitions too
  for (auto _ : state) {
    if (fresh) search.price_band_starts.back() = band_starts().back() + ++call;
    const auto found = shop.search(search);
    total = found.total;
    benchmark::DoNotOptimize(found.facets.styles.data());
  }
  state.counters["total"] = total;
}

void FacetsUnfiltered(benchmark::State& state) {
  Facets(state, {});
}
void FacetsWithAStyle(benchmark::State& state) {
  Facets(state, {.style = artshop::ArtStyle::Anime});
}
void FacetsWithAnOrientation(benchmark::State& state) {
  Facets(state, {.orientation = artshop::Orientation::Vertical});
}
void FacetsWithACategory(benchmark::State& state) {
  Facets(state, {.category = "animals"});
}
void FacetsWithAPriceRange(benchmark::State& state) {
  Facets(state, {.min_price_eur_cents = 1000, .max_price_eur_cents = 5000});
}
void FacetsWithAStyleAndAPriceRange(benchmark::State& state) {
  Facets(state, {.sort = artshop::OfferSort::LowToHigh,
                 .style = artshop::ArtStyle::Anime,
                 .min_price_eur_cents = 1234,
                 .max_price_eur_cents = 4321});
}
// Newest first, three filters and a price range few offers are in: the page is taken from the
// price orders of the filters' cells rather than walked for in the newest order.
void FacetsWithNarrowFiltersNewestFirst(benchmark::State& state) {
  Facets(state, {.sort = artshop::OfferSort::NewToOld,
                 .orientation = artshop::Orientation::Square,
                 .min_price_eur_cents = 5000,
                 .max_price_eur_cents = 5200,
                 .category = "animals"});
}
// From a price below every offer's up to one among the dearest few: a bound below the cheapest
// price cuts no bucket (the crowd at the cheapest price is a bucket of its own), and one among
// the dearest cuts a bucket of a few hundred offers.
void FacetsFromBelowTheCheapestPrice(benchmark::State& state) {
  Facets(state, {.min_price_eur_cents = 118, .max_price_eur_cents = 31'001});
}
// Newest first within a price range of range(0) cents, no other filter, offers 385 to 480: the
// deepest listing a server answers where it reads requests (docs/search.md, "Cost and where it
// runs"). The range's width picks between walking the newest order and gathering the range.
void DeepestQuickListing(benchmark::State& state) {
  Facets(state, {.sort = artshop::OfferSort::NewToOld,
                 .min_price_eur_cents = 2000,
                 .max_price_eur_cents = 2000 + state.range(0),
                 .offset = 384,
                 .limit = 96});
}
void FacetsOfASearch(benchmark::State& state) {
  Facets(state, {.search = "owl", .by_relevance = true});
}
// The same search again: its kept answer's page.
void FacetsOfASearchKept(benchmark::State& state) {
  Facets(state, {.search = "owl", .by_relevance = true}, false);
}
void FacetsOfASearchWithAStyle(benchmark::State& state) {
  Facets(state, {.style = artshop::ArtStyle::Anime, .search = "owl", .by_relevance = true});
}

BENCHMARK(FacetsUnfiltered)->Unit(benchmark::kMillisecond);
BENCHMARK(FacetsWithAStyle)->Unit(benchmark::kMillisecond);
BENCHMARK(FacetsWithAnOrientation)->Unit(benchmark::kMillisecond);
BENCHMARK(FacetsWithACategory)->Unit(benchmark::kMillisecond);
BENCHMARK(FacetsWithAPriceRange)->Unit(benchmark::kMillisecond);
BENCHMARK(FacetsWithAStyleAndAPriceRange)->Unit(benchmark::kMillisecond);
BENCHMARK(FacetsWithNarrowFiltersNewestFirst)->Unit(benchmark::kMillisecond);
BENCHMARK(DeepestQuickListing)->RangeMultiplier(3)->Range(1, 3000)->Unit(benchmark::kMillisecond);
BENCHMARK(FacetsFromBelowTheCheapestPrice)->Unit(benchmark::kMillisecond);
BENCHMARK(FacetsOfASearch)->Unit(benchmark::kMillisecond);
BENCHMARK(FacetsOfASearchKept)->Unit(benchmark::kMillisecond);
BENCHMARK(FacetsOfASearchWithAStyle)->Unit(benchmark::kMillisecond);

}  // namespace
