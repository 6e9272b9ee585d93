// The offer calls' answer cache as the I/O threads use it: hits on the gallery's pages from
// several threads at once, with one lock against a lock per shard (docs/benchmarks.md,
// "Answer cache").
#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

#include "answer_cache.hpp"

namespace {

using artshop::http::AnswerCache;
using artshop::http::AnswerKey;

constexpr int kPages = 25;  // what bench/wrk/offers_pages.lua walks

std::vector<std::string> gallery_keys() {
  const artshop::CatalogueSources sources{
      .catalogue = std::make_shared<const artshop::CatalogueSnapshot>(),
      .rates = artshop::ExchangeRates::defaults()};
  std::vector<std::string> keys;
  for (int page = 1; page <= kPages; ++page) {
    AnswerKey key("offers", sources);
    key.add("JPY").add("LowToHigh").add(std::nullopt).add("Anime").add("1000").add("9000");
    key.add(std::nullopt).add(std::nullopt).add(std::to_string(page)).add("24");
    keys.emplace_back(key.text());
  }
  return keys;
}

std::unique_ptr<AnswerCache> filled_cache(std::size_t shards) {
  auto cache = std::make_unique<AnswerCache>(AnswerCache::Limits{.shards = shards});
  for (const auto& key : gallery_keys()) {
    cache->remember(key, std::make_shared<const artshop::http::KeptAnswer>(
                             std::string(std::size_t{12} * 1024, 'x')));
  }
  return cache;
}

// Filled once, by whichever thread comes first (static initialisation waits for it).
AnswerCache& cache_with(std::size_t shards) {
  static const auto one_lock = filled_cache(1);
  static const auto sixteen_locks = filled_cache(16);
  return shards == 1 ? *one_lock : *sixteen_locks;
}

void GalleryPageHit(benchmark::State& state) {
  static const auto keys = gallery_keys();
  auto& cache = cache_with(static_cast<std::size_t>(state.range(0)));
  auto page = static_cast<std::size_t>(state.thread_index());
  for (auto _ : state) {
    benchmark::DoNotOptimize(cache.find(keys[page++ % keys.size()]));
  }
}
BENCHMARK(GalleryPageHit)->ArgName("shards")->Arg(1)->Arg(16)->Threads(1)->Threads(2)->Threads(4);

}  // namespace
