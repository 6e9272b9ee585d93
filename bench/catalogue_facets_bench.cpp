// A gallery page with its total and facets over the seeder's catalogue of 1,000,000 offers
// (docs/search.md, "Figures"): without a search, read from the counts kept with the snapshot
// per style, category, orientation and price bucket, walking only the page and the entries of
// the buckets a price bound cuts; with a search, one walk over the matched offers.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <memory>
#include <random>
#include <regex>
#include <set>
#include <string>

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

// What the snapshot has kept for a call (docs/search.md, "Kept answers" and "Kept matches").
enum class Kept : std::uint8_t {
  Answer,   // the same search: its kept answer
  Matches,  // each call's last band start differs by a cent: a new answer of kept matches
  Nothing,  // and the text starts with spaces, more each call: the words' matches found anew
};
// Each call the next of `searches`, in turn.
void FacetsInTurn(benchmark::State& state, std::vector<artshop::OfferSearch> searches,
                  Kept kept = Kept::Matches) {
  const auto& shop = catalogue();
  for (auto& search : searches) {
    search.facets = true;
    search.price_band_starts = band_starts();
  }
  int total = 0;
  std::size_t next = 0;
  static std::int64_t call = 0;  // across repetitions too
  for (auto _ : state) {
    auto search = searches[next++ % searches.size()];
    if (kept != Kept::Answer) search.price_band_starts.back() = band_starts().back() + ++call;
    // Spaces before the words leave the search as it is, but not what is kept under its text.
    if (kept == Kept::Nothing && search.search) {
      search.search = std::string(static_cast<std::size_t>(call % 1000), ' ') + *search.search;
    }
    const auto found = shop.search(search);
    total = found.total;
    benchmark::DoNotOptimize(found.facets.styles.data());
  }
  state.counters["total"] = total;
}
void Facets(benchmark::State& state, artshop::OfferSearch search, Kept kept = Kept::Matches) {
  FacetsInTurn(state, {std::move(search)}, kept);
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
  Facets(state, {.search = "owl", .by_relevance = true}, Kept::Answer);
}
// The same search, its matches found anew each call.
void FacetsOfASearchFoundAnew(benchmark::State& state) {
  Facets(state, {.search = "owl", .by_relevance = true}, Kept::Nothing);
}
void FacetsOfASearchWithAStyle(benchmark::State& state) {
  Facets(state, {.style = artshop::ArtStyle::Anime, .search = "owl", .by_relevance = true});
}

// Searches as the load bench's filtered row sends them (bench/wrk/offers_unseen.lua): one word
// of the first 480 offers' titles and tags, a style, orientation and category or none, a price
// range from up to 40 euros some 5 to 400 euros wide, a sort, a page of 1 to 96 offers among
// the first three. Hardly one is asked twice, so each answer is worked out anew, from the
// word's kept matches; `kept` Nothing: from the index.
void FilteredSearchesOf(benchmark::State& state, Kept kept) {
  static const auto words = [] {
    std::set<std::string> found;
    const std::regex word("[a-z]{3,}");
    for (const auto& planned : artshop::seed_plan(480)) {
      auto texts = planned.tags;
      texts.push_back(planned.title);
      for (auto& text : texts) {
        for (auto& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        for (std::sregex_iterator at(text.begin(), text.end(), word), end; at != end; ++at) {
          found.insert(at->str());
        }
      }
    }
    return std::vector<std::string>(found.begin(), found.end());
  }();
  const auto categories = artshop::default_categories();
  std::mt19937 random(2026);
  const auto pick = [&](std::size_t count) {
    return std::uniform_int_distribution<std::size_t>(0, count)(random);
  };
  std::vector<artshop::OfferSearch> searches;
  for (int k = 0; k < 4096; ++k) {
    artshop::OfferSearch search;
    search.search = words[pick(words.size() - 1)];
    // The styles a shopper picks: not None nor Exclusive, the first two.
    if (const auto s = pick(artshop::kAllArtStyles.size() - 2); s > 0) {
      search.style = artshop::kAllArtStyles[s + 1];
    }
    if (const auto o = pick(artshop::kAllOrientations.size()); o > 0) {
      search.orientation = artshop::kAllOrientations[o - 1];
    }
    if (const auto c = pick(categories.size()); c > 0) search.category = categories[c - 1].url_name;
    const auto from = static_cast<std::int64_t>(pick(40));
    search.min_price_eur_cents = from * 100;
    search.max_price_eur_cents = (from + 5 + static_cast<std::int64_t>(pick(395))) * 100;
    search.sort = std::array{artshop::OfferSort::NewToOld, artshop::OfferSort::LowToHigh,
                             artshop::OfferSort::HighToLow}[pick(2)];
    search.limit = 1 + static_cast<int>(pick(95));
    search.offset = static_cast<int>(pick(2)) * search.limit;
    searches.push_back(std::move(search));
  }
  FacetsInTurn(state, std::move(searches), kept);
}
void FilteredSearches(benchmark::State& state) {
  FilteredSearchesOf(state, Kept::Matches);
}
void FilteredSearchesFoundAnew(benchmark::State& state) {
  FilteredSearchesOf(state, Kept::Nothing);
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
BENCHMARK(FacetsOfASearchFoundAnew)->Unit(benchmark::kMillisecond);
BENCHMARK(FacetsOfASearchWithAStyle)->Unit(benchmark::kMillisecond);
BENCHMARK(FilteredSearches)->Unit(benchmark::kMillisecond);
BENCHMARK(FilteredSearchesFoundAnew)->Unit(benchmark::kMillisecond);

}  // namespace
