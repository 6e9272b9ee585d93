// The catalogue's full-text index at 100,000 and 1,000,000 seeded offers, with the shop's own
// folding (ICU) and stemming (Snowball): how long it takes to build, how many bytes it holds per
// offer, and how long a query takes (one and two words, with typos and a last word still being
// typed), as the median and the 99th percentile of single queries. docs/benchmarks.md, "Search
// index".
#include <benchmark/benchmark.h>
#include <time.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "artshop/core/catalogue/search_index.hpp"
#include "artshop/unicode/icu_search_text_folder.hpp"
#include "artshop/unicode/snowball_word_stemmer.hpp"
#include "seeded_search_catalogue.hpp"

namespace {

using artshop::SearchAnalyser;
using artshop::SearchIndex;

struct Catalogue {
  std::unique_ptr<artshop::bench::SeededSearchCatalogue> seeded;
  std::vector<std::string> words;  // the distinct title words, for queries
  std::unique_ptr<SearchIndex> index;
  double build_seconds = 0;
};

// The machine is shared: times are the CPU time of the benchmark's thread, which another
// process taking the core does not lengthen.
double thread_cpu_seconds() {
  timespec now{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

// The shop's own folding (ICU) and stemming (Snowball), as the server builds its index.
const artshop::IcuSearchTextFolder kFolder;
const artshop::SnowballWordStemmer kStemmer;
const SearchAnalyser kAnalyser(kFolder, kStemmer);

Catalogue& catalogue(int offers) {
  static std::map<int, Catalogue> built;
  auto& catalogue = built[offers];
  if (catalogue.index) return catalogue;
  catalogue.seeded = std::make_unique<artshop::bench::SeededSearchCatalogue>(offers);
  const auto& plan = catalogue.seeded->plan;
  const auto documents = catalogue.seeded->documents();
  const auto start = thread_cpu_seconds();
  catalogue.index = std::make_unique<SearchIndex>(documents, kAnalyser);
  catalogue.build_seconds = thread_cpu_seconds() - start;
  std::set<std::string> words;
  for (std::size_t i = 0; i < std::min<std::size_t>(plan.size(), 20'000); ++i) {
    for (auto& word : kAnalyser.words(plan[i].title)) {
      if (word.size() >= 3 && !std::isdigit(static_cast<unsigned char>(word[0]))) {
        words.insert(std::move(word));
      }
    }
  }
  catalogue.words.assign(words.begin(), words.end());
  return catalogue;
}

void BuildSearchIndex(benchmark::State& state) {
  for (auto _ : state) {
    auto& built = catalogue(static_cast<int>(state.range(0)));
    state.SetIterationTime(built.build_seconds);
    state.counters["bytes_per_offer"] =
        static_cast<double>(built.index->memory_bytes()) / static_cast<double>(state.range(0));
    state.counters["terms"] = static_cast<double>(built.index->term_count());
  }
}
BENCHMARK(BuildSearchIndex)
    ->Arg(100'000)
    ->Arg(1'000'000)
    ->Iterations(1)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond);

// A word with two neighbouring letters swapped: one typo.
std::string with_typo(std::string word, std::mt19937& random) {
  const auto at = 1 + random() % (word.size() - 2);
  std::swap(word[at], word[at + 1]);
  return word;
}

// Queries as customers type them: a word, a word with a typo, two words the last cut short,
// two words one with a typo.
std::vector<std::string> queries(const std::vector<std::string>& words, std::size_t count) {
  std::mt19937 random(42);
  const auto pick = [&] { return words[random() % words.size()]; };
  const auto long_word = [&] {
    for (;;) {
      if (auto word = pick(); word.size() >= 5) return word;
    }
  };
  std::vector<std::string> result;
  for (std::size_t i = 0; i < count; ++i) {
    switch (i % 4) {
      case 0:
        result.push_back(pick());
        break;
      case 1:
        result.push_back(with_typo(long_word(), random));
        break;
      case 2:
        result.push_back(pick() + " " + pick().substr(0, 3));
        break;
      default:
        result.push_back(with_typo(long_word(), random) + " " + pick());
        break;
    }
  }
  return result;
}

void SearchQueries(benchmark::State& state) {
  auto& built = catalogue(static_cast<int>(state.range(0)));
  const auto asked = queries(built.words, 2000);
  // Once untimed first: the first touches of the index and of freshly freed memory are
  // page faults, not search.
  for (const auto& query : asked) benchmark::DoNotOptimize(built.index->search(query, kAnalyser));
  std::vector<double> micros;
  std::size_t matched = 0;
  for (auto _ : state) {
    for (const auto& query : asked) {
      const auto start = thread_cpu_seconds();
      const auto matches = built.index->search(query, kAnalyser);
      micros.push_back((thread_cpu_seconds() - start) * 1e6);
      matched += matches.size();
      benchmark::DoNotOptimize(matches);
    }
  }
  std::ranges::sort(micros);
  state.counters["p50_us"] = micros[micros.size() / 2];
  state.counters["p99_us"] = micros[micros.size() * 99 / 100];
  state.counters["max_us"] = micros.back();
  state.counters["matches_avg"] = static_cast<double>(matched) / static_cast<double>(micros.size());
}
BENCHMARK(SearchQueries)
    ->Arg(100'000)
    ->Arg(1'000'000)
    ->Iterations(1)
    ->Unit(benchmark::kMillisecond);

}  // namespace
