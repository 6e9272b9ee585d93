// A page of the gallery written as JSON, as the offer calls write each answer they have not
// kept (docs/benchmarks.md, "Writing a page"): 96 offers as the seeded catalogue holds them,
// priced in euros, already in cache, so what is measured is the writing alone.
#include <benchmark/benchmark.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "artshop/core/catalogue/offer.hpp"
#include "artshop/core/catalogue/priced_offer.hpp"
#include "artshop/core/exchange_rates.hpp"
#include "handlers/offer_json.hpp"

namespace {

using namespace artshop;

PricedOfferPage page_of(int offers) {
  PricedOfferPage page;
  for (int k = 0; k < offers; ++k) {
    Offer offer{.id = OfferId{1'000'000 - k},
                .url_name = "wandering-owl-in-blue-" + std::to_string(k),
                .title = "Wandering Owl in Blue",
                .description =
                    "A one-of-a-kind, richly ornamented piece showing wandering owl in blue: an "
                    "animal portrait full of character. Only one buyer will ever own it. Sold "
                    "as a high-resolution download; larger sizes come with a commercial licence.",
                .category = "animals",
                .style = ArtStyle::Watercolor,
                .orientation = Orientation::Horizontal,
                .aspect_ratio = AspectRatio::R3x2,
                .width = 4096,
                .height = 2731,
                .tags = {"animals", "watercolor", "owl", "crimson"},
                .created_at = std::chrono::sys_seconds{std::chrono::seconds{1'795'000'000 + k}},
                .status = OfferStatus::Active,
                .attributes = standard_attributes(ArtStyle::Watercolor, 4096, 1900 + k),
                .images = {.thumbnail_webp = "7a/74d2f33645c1c8c518a53f6bf1d2fa.webp",
                           .thumbnail_jpeg = "ea/b9f16d65031a8a82d0bb907be086fb.jpg",
                           .preview_webp = "ef/758d743633d87f30d6a7ef0bab5939.webp",
                           .preview_jpeg = "0a/35eda3acd9bc337ba1ebc0e648e939.jpg"},
                .source = {}};
    page.items.push_back(*price_offer(std::move(offer), Currency::EUR, ExchangeRates::defaults()));
  }
  page.total = offers;
  page.page_size = offers;
  page.matched_words = {"owl"};
  return page;
}

void PageOf96Offers(benchmark::State& state) {
  const auto page = page_of(96);
  std::size_t bytes = 0;
  for (auto _ : state) {
    const auto json = http::handlers::offer_page_json(page);
    bytes = json.size();
    benchmark::DoNotOptimize(json.data());
  }
  state.counters["bytes"] = static_cast<double>(bytes);
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(bytes));
}
BENCHMARK(PageOf96Offers)->Unit(benchmark::kMicrosecond);

}  // namespace
