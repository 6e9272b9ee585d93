#include "artshop/core/catalogue/search_index.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
#include <numeric>
#include <ranges>
#include <stdexcept>
#include <unordered_map>
#include <utility>

#include "artshop/core/text.hpp"

namespace artshop {

// One way a query word reaches a term: the term, how, and for a typo how many edits away.
struct SearchIndex::Source {
  Term term = 0;
  SearchMatchKind kind = SearchMatchKind::Exact;
  std::uint8_t edits = 0;
};

struct SearchIndex::Hit {
  std::uint32_t offer = 0;
  std::uint16_t score = 0;
};

namespace {

constexpr std::size_t kFields = kSearchFieldWeights.size();
// The longest word (in characters) a typo can reach or be made in; longer ones are found as
// written, by stem or by prefix only. It bounds the edit distance's rows.
constexpr std::size_t kLongestTypoWord = 48;
// "Did you mean" looks one edit further than search does, and at words of 3 letters or more:
// what search found nothing for, a closer look may.
constexpr std::size_t kSuggestionExtraEdits = 1;
constexpr std::size_t kShortestSuggestedWord = 3;
// Up to this many lists per query word, the matches so far are looked up in each list.
constexpr std::size_t kFewSources = 4;

// For each set of fields, the weight of the heaviest one.
constexpr auto kBestFieldWeight = [] {
  std::array<std::uint16_t, std::size_t{1} << kFields> best{};
  for (std::size_t fields = 0; fields < best.size(); ++fields) {
    for (std::size_t field = 0; field < kFields; ++field) {
      if ((fields >> field & 1) != 0) {
        best[fields] = std::max(best[fields], kSearchFieldWeights[field]);
      }
    }
  }
  return best;
}();

std::uint16_t score_of_match(SearchMatchKind kind, std::uint8_t fields) {
  return static_cast<std::uint16_t>(kSearchMatchKindWeights[static_cast<std::size_t>(kind)] *
                                    kBestFieldWeight[fields]);
}

std::uint16_t add_scores(std::uint16_t a, std::uint16_t b) {
  const auto sum = static_cast<std::uint32_t>(a) + b;
  return static_cast<std::uint16_t>(std::min<std::uint32_t>(sum, 0xFFFF));
}

// Up to kLongestTypoWord code points of a word, in place: the words typos are looked for
// among, and compared with, are no longer, so none is decoded into a new string.
class CodePoints {
 public:
  // The code points of `word`, nullopt when it holds more than kLongestTypoWord.
  std::optional<std::u32string_view> of(std::string_view word) {
    std::size_t count = 0;
    text::for_each_code_point(word, [&](std::optional<char32_t> code_point, std::string_view) {
      if (count < points_.size()) points_[count] = code_point.value_or(U'\uFFFD');
      ++count;
    });
    if (count > points_.size()) return std::nullopt;
    return std::u32string_view(points_.data(), count);
  }

 private:
  std::array<char32_t, kLongestTypoWord> points_{};
};

bool has_digit(std::string_view word) {
  return std::ranges::any_of(word, [](char c) { return c >= '0' && c <= '9'; });
}

// The characters a word holds, as bits: one edit changes at most two of them (a replaced
// letter goes, another comes), so words whose bits differ in more than 2k places are more
// than k edits apart.
std::uint64_t signature(std::u32string_view word) {
  std::uint64_t bits = 0;
  for (const auto c : word) {
    const auto bit = c >= U'a' && c <= U'z' ? c - U'a' : 26 + c % 38;
    bits |= std::uint64_t{1} << bit;
  }
  return bits;
}

std::size_t typos_allowed(std::size_t letters) {
  if (letters >= kTwoTypoLetters) return 2;
  return letters >= kOneTypoLetters ? 1 : 0;
}

// The optimal string alignment distance between `a` and `b` (a character inserted, deleted or
// replaced, or two neighbours swapped, each one edit), or limit + 1 as soon as it must exceed
// `limit`. Both hold at most kLongestTypoWord characters.
std::size_t bounded_distance(std::u32string_view a, std::u32string_view b, std::size_t limit) {
  if (a.size() > b.size() + limit || b.size() > a.size() + limit) return limit + 1;
  using Row = std::array<std::uint8_t, kLongestTypoWord + 1>;
  std::array<Row, 3> rows{};
  Row* before = &rows[0];
  Row* previous = &rows[1];
  Row* current = &rows[2];
  for (std::size_t j = 0; j <= b.size(); ++j) (*previous)[j] = static_cast<std::uint8_t>(j);
  for (std::size_t i = 1; i <= a.size(); ++i) {
    (*current)[0] = static_cast<std::uint8_t>(i);
    std::size_t row_best = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t replace = (*previous)[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      std::size_t best =
          std::min({replace, (*previous)[j] + std::size_t{1}, (*current)[j - 1] + std::size_t{1}});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) {
        best = std::min<std::size_t>(best, (*before)[j - 2] + std::size_t{1});
      }
      (*current)[j] = static_cast<std::uint8_t>(best);
      row_best = std::min(row_best, best);
    }
    if (row_best > limit) return limit + 1;
    std::swap(before, previous);
    std::swap(previous, current);
  }
  return std::min<std::size_t>((*previous)[b.size()], limit + 1);
}

// The most typos allowed between a word typed and a word found, 0 when none: the shorter of
// the two sets the allowance.
std::size_t typo_limit(std::size_t typed_letters, std::size_t found_letters) {
  if (typed_letters < kShortestSuggestedWord) return 0;
  return typos_allowed(std::min(typed_letters, found_letters));
}

// The first place at or after `from` whose offer is not below `offer`. The step doubles, so
// walking a long list for a few offers, in order, costs a few steps per offer.
std::size_t gallop(std::span<const std::uint32_t> offers, std::size_t from, std::uint32_t offer) {
  std::size_t step = 1;
  std::size_t probe = from;
  while (probe < offers.size() && offers[probe] < offer) {
    from = probe + 1;
    probe += step;
    step *= 2;
  }
  const auto end = offers.begin() + static_cast<std::ptrdiff_t>(std::min(probe, offers.size()));
  return static_cast<std::size_t>(
      std::lower_bound(offers.begin() + static_cast<std::ptrdiff_t>(from), end, offer) -
      offers.begin());
}

bool is_ascii_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

// Words back to back, each [starts[i], starts[i + 1]) of `text`, sorted.
struct PackedWords {
  std::string text;
  std::vector<std::uint32_t> starts;
};

PackedWords pack(std::span<const std::string* const> words) {
  PackedWords packed;
  std::size_t bytes = 0;
  for (const auto* word : words) bytes += word->size();
  if (bytes > std::numeric_limits<std::uint32_t>::max()) {
    throw std::length_error("the search index's words exceed 4 GB");
  }
  packed.text.reserve(bytes);
  packed.starts.reserve(words.size() + 1);
  for (const auto* word : words) {
    packed.starts.push_back(static_cast<std::uint32_t>(packed.text.size()));
    packed.text += *word;
  }
  packed.starts.push_back(static_cast<std::uint32_t>(packed.text.size()));
  return packed;
}

// Word `id` of words packed back to back, word i being [starts[i], starts[i + 1]) of `text`.
std::string_view packed_word(std::string_view text, std::span<const std::uint32_t> starts,
                             std::uint32_t id) noexcept {
  return text.substr(starts[id], starts[id + 1] - starts[id]);
}

// The number of `word` among sorted packed words, by binary search.
std::optional<std::uint32_t> find_packed(std::string_view text,
                                         std::span<const std::uint32_t> starts,
                                         std::string_view word) noexcept {
  const auto count = starts.empty() ? 0 : static_cast<std::uint32_t>(starts.size() - 1);
  const auto ids = std::views::iota(std::uint32_t{0}, count);
  const auto found = std::ranges::partition_point(
      ids, [&](std::uint32_t id) { return packed_word(text, starts, id) < word; });
  if (found == ids.end() || packed_word(text, starts, *found) != word) return std::nullopt;
  return *found;
}

// Counts per group into the starts of each group's stretch of one flat array.
std::vector<std::uint32_t> starts_of(std::span<const std::uint32_t> counts) {
  std::vector<std::uint32_t> starts(counts.size() + 1, 0);
  std::inclusive_scan(counts.begin(), counts.end(), starts.begin() + 1);
  return starts;
}

template <class T>
std::size_t bytes_of(const std::vector<T>& items) {
  return items.capacity() * sizeof(T);
}

constexpr auto kTagBit = std::uint8_t{1} << static_cast<unsigned>(SearchField::Tag);

// What SearchIndex::write makes: this magic and format, then the index's numbers and arrays,
// each array as its length and its items, little-endian.
constexpr std::string_view kIndexMagic = "ARTSIDX";
constexpr std::uint32_t kIndexFormat = 1;
// Items are converted this many at a time on a big-endian machine.
constexpr std::size_t kSwapChunk = 4096;

template <class Integer>
Integer little_endian(Integer value) {
  if constexpr (std::endian::native == std::endian::big && sizeof(Integer) > 1) {
    return std::byteswap(value);
  }
  return value;
}

// Hands integers and arrays to a sink as bytes.
class IndexWriter {
 public:
  explicit IndexWriter(const std::function<void(std::string_view)>& sink) : sink_(sink) {}

  template <class Integer>
  void integer(Integer value) {
    value = little_endian(value);
    sink_(std::string_view(reinterpret_cast<const char*>(&value), sizeof value));
  }
  template <class Integer>
  void array(std::span<const Integer> items) {
    integer(static_cast<std::uint64_t>(items.size()));
    if constexpr (std::endian::native == std::endian::little || sizeof(Integer) == 1) {
      sink_(std::string_view(reinterpret_cast<const char*>(items.data()), items.size_bytes()));
    } else {
      std::array<Integer, kSwapChunk> swapped{};
      for (std::size_t at = 0; at < items.size(); at += kSwapChunk) {
        const auto count = std::min(kSwapChunk, items.size() - at);
        for (std::size_t k = 0; k < count; ++k) swapped[k] = little_endian(items[at + k]);
        sink_(std::string_view(reinterpret_cast<const char*>(swapped.data()),
                               count * sizeof(Integer)));
      }
    }
  }
  void text(std::string_view text) {
    array(std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
  }

 private:
  const std::function<void(std::string_view)>& sink_;
};

// Reads what IndexWriter wrote, refusing to read past the end.
class IndexReader {
 public:
  struct Refused {
    std::string why;
  };

  explicit IndexReader(std::string_view bytes) : bytes_(bytes) {}

  std::string_view take(std::size_t count) {
    if (count > bytes_.size()) throw Refused{"they end inside the index"};
    const auto taken = bytes_.substr(0, count);
    bytes_.remove_prefix(count);
    return taken;
  }
  template <class Integer>
  Integer integer() {
    Integer value{};
    std::memcpy(&value, take(sizeof value).data(), sizeof value);
    return little_endian(value);
  }
  template <class Integer>
  std::vector<Integer> array() {
    const auto count = integer<std::uint64_t>();
    if (count > bytes_.size() / sizeof(Integer)) throw Refused{"an array longer than the bytes"};
    const auto raw = take(static_cast<std::size_t>(count) * sizeof(Integer));
    std::vector<Integer> items(static_cast<std::size_t>(count));
    if (!raw.empty()) std::memcpy(items.data(), raw.data(), raw.size());
    for (auto& item : items) item = little_endian(item);
    return items;
  }
  std::string text() {
    const auto count = integer<std::uint64_t>();
    if (count > bytes_.size()) throw Refused{"a text longer than the bytes"};
    return std::string(take(static_cast<std::size_t>(count)));
  }
  bool at_end() const noexcept { return bytes_.empty(); }

 private:
  std::string_view bytes_;
};

// Offsets into an array of `total` items: the first 0, none going back, the last `total`.
// `groups`: how many there must be, one more than the groups they start.
void check_starts(std::span<const std::uint32_t> starts, std::size_t groups, std::size_t total,
                  std::string_view what) {
  if (starts.size() != groups + 1 || starts.front() != 0 || starts.back() != total ||
      !std::ranges::is_sorted(starts)) {
    throw IndexReader::Refused{fmt::format("the {} do not hold together", what)};
  }
}

template <class Integer>
void check_below(std::span<const Integer> items, std::uint64_t limit, std::string_view what) {
  if (std::ranges::any_of(items, [limit](Integer item) { return item >= limit; })) {
    throw IndexReader::Refused{fmt::format("{} out of range", what)};
  }
}

}  // namespace

SearchQuery::SearchQuery(std::string_view text, const SearchAnalyser& analyser) {
  // Double quotes split the text into stretches, every other one quoted.
  bool quoted = false;
  std::size_t start = 0;
  while (start <= text.size()) {
    const auto end = std::min(text.find('"', start), text.size());
    for (auto& word : analyser.words(text.substr(start, end - start))) {
      auto word_stem = quoted ? std::string() : analyser.stem(word);
      words_.push_back({std::move(word), std::move(word_stem), quoted, false});
    }
    quoted = !quoted;
    start = end + 1;
  }
  // A query ending in a space or a quotation mark has its last word typed out.
  if (!words_.empty() && !words_.back().as_written && !is_ascii_space(text.back()) &&
      text.back() != '"') {
    words_.back().prefix = true;
  }
}

bool SearchQueryWord::finds(std::string_view found, std::string_view found_stem) const {
  if (word == found) return true;
  if (as_written) return false;
  if (stem == found_stem || (prefix && found.starts_with(word))) return true;
  if (has_digit(word) || has_digit(found)) return false;
  // Asked of every word of a page's titles and tags: decoded on the stack, not allocated.
  CodePoints a_points;
  CodePoints b_points;
  const auto a = a_points.of(word);
  const auto b = b_points.of(found);
  if (!a || !b) return false;
  const auto limit = typo_limit(a->size(), b->size());
  return limit > 0 && bounded_distance(*a, *b, limit) <= limit;
}

bool SearchQuery::finds(std::string_view word, std::string_view word_stem) const {
  return std::ranges::any_of(
      words_, [&](const SearchQueryWord& typed) { return typed.finds(word, word_stem); });
}

std::uint16_t SearchMatches::score_of(std::uint32_t offer) const noexcept {
  const auto found = std::ranges::lower_bound(offers, offer);
  if (found == offers.end() || *found != offer) return 0;
  return scores[static_cast<std::size_t>(found - offers.begin())];
}

std::vector<std::uint32_t> SearchMatches::ranked() const {
  std::vector<std::size_t> order(offers.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  // The offers are ascending already: a stable sort by score keeps equal scores in that order.
  std::ranges::stable_sort(order, std::greater{}, [&](std::size_t i) { return scores[i]; });
  std::vector<std::uint32_t> result;
  result.reserve(order.size());
  for (const auto i : order) result.push_back(offers[i]);
  return result;
}

SearchIndex::SearchIndex(std::span<const SearchDocument> documents,
                         const SearchAnalyser& analyser) {
  // Documents are read in offer order, so each term's offers come out ascending.
  std::vector<std::uint32_t> order(documents.size());
  std::iota(order.begin(), order.end(), std::uint32_t{0});
  std::ranges::sort(order, {}, [&](std::uint32_t i) { return documents[i].offer; });
  const auto repeated =
      std::ranges::adjacent_find(order, {}, [&](std::uint32_t i) { return documents[i].offer; });
  if (repeated != order.end()) {
    throw std::invalid_argument(
        fmt::format("two search documents share the offer number {}", documents[*repeated].offer));
  }
  offer_limit_ = documents.empty() ? 0 : std::uint64_t{documents[order.back()].offer} + 1;
  analyser_fingerprint_ = analyser.fingerprint();

  // First each document's terms, numbered as they are first met, with the fields holding
  // them: one number per (term, document), the term above the field bits.
  std::unordered_map<std::string, std::uint32_t> numbers;
  std::vector<const std::string*> texts;
  std::vector<std::uint32_t> documents_per_term;
  std::vector<std::uint32_t> entries;
  std::vector<std::size_t> entries_start{0};
  entries_start.reserve(documents.size() + 1);
  std::vector<std::string> words;
  std::vector<std::uint32_t> found;
  constexpr std::uint32_t kFieldMask = (1u << kFields) - 1;
  for (const auto i : order) {
    const auto& document = documents[i];
    found.clear();
    const auto add = [&](std::string_view text, SearchField field) {
      words.clear();
      analyser.append_words(text, words);
      for (auto& word : words) {
        const auto [at, added] =
            numbers.try_emplace(std::move(word), static_cast<std::uint32_t>(numbers.size()));
        if (added) {
          if (numbers.size() > (std::uint32_t{1} << (32 - kFields))) {
            throw std::length_error("the search index holds too many distinct words");
          }
          texts.push_back(&at->first);
          documents_per_term.push_back(0);
        }
        found.push_back(at->second << kFields | 1u << static_cast<unsigned>(field));
      }
    };
    add(document.title, SearchField::Title);
    for (const auto& tag : document.tags) add(tag, SearchField::Tag);
    add(document.category, SearchField::Category);
    add(document.style, SearchField::Style);
    add(document.description, SearchField::Description);
    std::ranges::sort(found);
    const auto first_entry = entries.size();
    for (const auto entry : found) {
      if (entries.size() > first_entry && (entries.back() >> kFields) == (entry >> kFields)) {
        entries.back() |= entry & kFieldMask;
      } else {
        entries.push_back(entry);
        ++documents_per_term[entry >> kFields];
      }
    }
    entries_start.push_back(entries.size());
  }

  // Then the dictionary in order, and each term's offers as one stretch of a flat array.
  const auto terms = texts.size();
  std::vector<std::uint32_t> by_text(terms);
  std::iota(by_text.begin(), by_text.end(), std::uint32_t{0});
  std::ranges::sort(by_text, {}, [&](std::uint32_t t) -> const std::string& { return *texts[t]; });
  std::vector<std::uint32_t> rank(terms);
  std::vector<const std::string*> sorted_texts(terms);
  std::vector<std::uint32_t> sorted_counts(terms);
  for (std::size_t k = 0; k < terms; ++k) {
    rank[by_text[k]] = static_cast<std::uint32_t>(k);
    sorted_texts[k] = texts[by_text[k]];
    sorted_counts[k] = documents_per_term[by_text[k]];
  }
  auto dictionary = pack(sorted_texts);
  term_text_ = std::move(dictionary.text);
  term_start_ = std::move(dictionary.starts);
  numbers = {};
  posting_start_ = starts_of(sorted_counts);
  posting_offer_.resize(entries.size());
  posting_fields_.resize(entries.size());
  std::vector<std::uint32_t> next(posting_start_.begin(), posting_start_.end() - 1);
  for (std::size_t d = 0; d < order.size(); ++d) {
    const auto offer = documents[order[d]].offer;
    for (auto e = entries_start[d]; e < entries_start[d + 1]; ++e) {
      const auto place = next[rank[entries[e] >> kFields]]++;
      posting_offer_[place] = offer;
      posting_fields_[place] = static_cast<std::uint8_t>(entries[e] & kFieldMask);
    }
  }
  entries = {};
  tag_offers_.assign(terms, 0);
  for (std::size_t t = 0; t < terms; ++t) {
    for (auto p = posting_start_[t]; p < posting_start_[t + 1]; ++p) {
      if ((posting_fields_[p] & kTagBit) != 0) ++tag_offers_[t];
    }
  }

  // The stems, each with the terms that share it.
  std::vector<std::string> stems(terms);
  for (std::size_t t = 0; t < terms; ++t) stems[t] = analyser.stem(term(static_cast<Term>(t)));
  std::vector<const std::string*> distinct_stems(terms);
  for (std::size_t t = 0; t < terms; ++t) distinct_stems[t] = &stems[t];
  std::ranges::sort(distinct_stems, {},
                    [](const std::string* s) -> const std::string& { return *s; });
  const auto repeats = std::ranges::unique(
      distinct_stems, {}, [](const std::string* s) -> const std::string& { return *s; });
  distinct_stems.erase(repeats.begin(), repeats.end());
  auto stem_dictionary = pack(distinct_stems);
  stem_text_ = std::move(stem_dictionary.text);
  stem_start_ = std::move(stem_dictionary.starts);
  std::vector<std::uint32_t> stem_of_term(terms);
  std::vector<std::uint32_t> terms_per_stem(distinct_stems.size(), 0);
  for (std::size_t t = 0; t < terms; ++t) {
    // Every term's stem is in the dictionary, made from them above.
    const auto stem = find_stem(stems[t]);
    if (!stem) throw std::logic_error("a term's stem is missing from the stem dictionary");
    stem_of_term[t] = *stem;
    ++terms_per_stem[stem_of_term[t]];
  }
  stem_terms_start_ = starts_of(terms_per_stem);
  stem_terms_.resize(terms);
  next.assign(stem_terms_start_.begin(), stem_terms_start_.end() - 1);
  for (std::size_t t = 0; t < terms; ++t) {
    stem_terms_[next[stem_of_term[t]]++] = static_cast<Term>(t);
  }

  // The words a typo may reach, by length.
  std::vector<std::uint32_t> per_length(kLongestTypoWord + 1, 0);
  std::vector<std::pair<std::uint32_t, Term>> typo_words;
  CodePoints points;
  for (std::size_t t = 0; t < terms; ++t) {
    const auto text = term(static_cast<Term>(t));
    if (has_digit(text)) continue;
    const auto letters = points.of(text);
    if (!letters) continue;  // longer than kLongestTypoWord
    typo_words.emplace_back(static_cast<std::uint32_t>(letters->size()), static_cast<Term>(t));
    ++per_length[letters->size()];
  }
  std::ranges::sort(typo_words);
  typo_length_start_ = starts_of(per_length);
  typo_terms_.reserve(typo_words.size());
  typo_signatures_.reserve(typo_words.size());
  // Each of them at most kLongestTypoWord code points, so each decodes.
  for (const auto& [length, t] : typo_words) {
    typo_terms_.push_back(t);
    typo_signatures_.push_back(signature(points.of(term(t)).value_or(std::u32string_view())));
  }
}

std::string_view SearchIndex::term(Term id) const noexcept {
  return packed_word(term_text_, term_start_, id);
}

std::string_view SearchIndex::stem(std::uint32_t id) const noexcept {
  return packed_word(stem_text_, stem_start_, id);
}

std::optional<SearchIndex::Term> SearchIndex::find_term(std::string_view text) const noexcept {
  return find_packed(term_text_, term_start_, text);
}

std::optional<std::uint32_t> SearchIndex::find_stem(std::string_view text) const noexcept {
  return find_packed(stem_text_, stem_start_, text);
}

std::span<const std::uint32_t> SearchIndex::offers_of(Term id) const noexcept {
  return std::span(posting_offer_)
      .subspan(posting_start_[id], posting_start_[id + 1] - posting_start_[id]);
}

std::vector<SearchIndex::Source> SearchIndex::sources(const SearchQueryWord& typed) const {
  std::vector<Source> out;
  const std::string_view word = typed.word;
  if (const auto exact = find_term(word)) out.push_back({*exact, SearchMatchKind::Exact});
  if (typed.as_written) return out;
  if (const auto shared = find_stem(typed.stem)) {
    for (auto k = stem_terms_start_[*shared]; k < stem_terms_start_[*shared + 1]; ++k) {
      out.push_back({stem_terms_[k], SearchMatchKind::Stemmed});
    }
  }
  if (typed.prefix) {
    const auto ids = std::views::iota(Term{0}, static_cast<Term>(term_count()));
    auto t = *std::ranges::partition_point(ids, [&](Term id) { return term(id) < word; });
    for (; t < term_count() && term(t).starts_with(word); ++t) {
      out.push_back({t, SearchMatchKind::Prefix});
    }
  }
  add_typo_sources(word, 0, out);
  // A term reached several ways counts once, by the best of them.
  std::ranges::sort(out, {}, [](const Source& s) { return std::pair(s.term, s.kind); });
  const auto repeats = std::ranges::unique(out, {}, &Source::term);
  out.erase(repeats.begin(), repeats.end());
  return out;
}

void SearchIndex::add_typo_sources(std::string_view word, std::size_t extra_edits,
                                   std::vector<Source>& out) const {
  if (has_digit(word) || typo_length_start_.empty()) return;
  CodePoints word_points;
  const auto decoded = word_points.of(word);
  if (!decoded || decoded->size() < kShortestSuggestedWord) return;
  const auto letters = *decoded;
  const auto most = typos_allowed(letters.size()) + extra_edits;
  if (most == 0) return;
  const auto wanted = signature(letters);
  const auto shortest = letters.size() > most ? letters.size() - most : 1;
  const auto longest = std::min(letters.size() + most, kLongestTypoWord);
  CodePoints term_points;
  for (auto length = shortest; length <= longest; ++length) {
    // The shorter word sets the allowance: "comet" is one letter from "come", but a word of 4
    // letters takes no typo, so it is not reached.
    const auto limit = typos_allowed(std::min(letters.size(), length)) + extra_edits;
    if (limit == 0) continue;
    for (auto k = typo_length_start_[length]; k < typo_length_start_[length + 1]; ++k) {
      if (static_cast<std::size_t>(std::popcount(wanted ^ typo_signatures_[k])) > 2 * limit) {
        continue;
      }
      // A typo term decodes: it is at most kLongestTypoWord code points.
      const auto edits = bounded_distance(
          letters, term_points.of(term(typo_terms_[k])).value_or(std::u32string_view()), limit);
      if (edits == 0 || edits > limit) continue;
      out.push_back({typo_terms_[k], SearchMatchKind::Typo, static_cast<std::uint8_t>(edits)});
    }
  }
}

SearchMatches SearchIndex::search(std::string_view query, const SearchAnalyser& analyser) const {
  return search(SearchQuery(query, analyser));
}

SearchMatches SearchIndex::search(const SearchQuery& query) const {
  std::vector<std::vector<Source>> reached;
  reached.reserve(query.words().size());
  for (const auto& word : query.words()) {
    auto sources_of_word = sources(word);
    if (sources_of_word.empty()) return {};
    reached.push_back(std::move(sources_of_word));
  }
  return match(reached);
}

SearchMatches SearchIndex::match(std::span<const std::vector<Source>> words) const {
  if (words.empty()) return {};
  // The word reaching the fewest offers first: its matches bound what the others must check.
  std::vector<std::pair<std::size_t, std::size_t>> by_cost;  // postings, word
  for (std::size_t w = 0; w < words.size(); ++w) {
    std::size_t postings = 0;
    for (const auto& source : words[w]) postings += offers_of(source.term).size();
    by_cost.emplace_back(postings, w);
  }
  std::ranges::sort(by_cost);
  auto hits = materialise(words[by_cost[0].second], by_cost[0].first);
  for (std::size_t k = 1; k < by_cost.size() && !hits.empty(); ++k) {
    const auto& [postings, w] = by_cost[k];
    const auto& word_sources = words[w];
    std::vector<Hit> kept;
    kept.reserve(hits.size());
    if (word_sources.size() <= kFewSources || word_sources.size() * hits.size() * 8 < postings) {
      // Few lists, or few matches left: walk each list for the matches (a gallop skips the
      // stretches between them) rather than gathering the word's offers first.
      std::vector<std::uint16_t> best(hits.size(), 0);
      for (const auto& source : word_sources) {
        const auto offers = offers_of(source.term);
        std::size_t at = 0;
        for (std::size_t h = 0; h < hits.size() && at < offers.size(); ++h) {
          at = gallop(offers, at, hits[h].offer);
          if (at < offers.size() && offers[at] == hits[h].offer) {
            const auto fields = posting_fields_[posting_start_[source.term] + at];
            best[h] = std::max(best[h], score_of_match(source.kind, fields));
          }
        }
      }
      for (std::size_t h = 0; h < hits.size(); ++h) {
        if (best[h] > 0) kept.push_back({hits[h].offer, add_scores(hits[h].score, best[h])});
      }
    } else {
      const auto other = materialise(word_sources, postings);
      auto a = hits.begin();
      auto b = other.begin();
      while (a != hits.end() && b != other.end()) {
        if (a->offer < b->offer) {
          ++a;
        } else if (b->offer < a->offer) {
          ++b;
        } else {
          kept.push_back({a->offer, add_scores(a->score, b->score)});
          ++a;
          ++b;
        }
      }
    }
    hits = std::move(kept);
  }
  SearchMatches matches;
  matches.offers.reserve(hits.size());
  matches.scores.reserve(hits.size());
  for (const auto& hit : hits) {
    matches.offers.push_back(hit.offer);
    matches.scores.push_back(hit.score);
  }
  return matches;
}

std::vector<SearchIndex::Hit> SearchIndex::materialise(std::span<const Source> sources,
                                                       std::size_t total) const {
  std::vector<Hit> hits;
  const auto each_posting = [&](auto&& visit) {
    for (const auto& source : sources) {
      for (auto p = posting_start_[source.term]; p < posting_start_[source.term + 1]; ++p) {
        visit(posting_offer_[p], score_of_match(source.kind, posting_fields_[p]));
      }
    }
  };
  if (sources.size() > 1 && total >= offer_limit_ / 16) {
    // Many lists over much of the catalogue: one score per offer, read back in order.
    std::vector<std::uint16_t> best(offer_limit_, 0);
    each_posting([&](std::uint32_t offer, std::uint16_t score) {
      best[offer] = std::max(best[offer], score);
    });
    for (std::size_t offer = 0; offer < best.size(); ++offer) {
      if (best[offer] > 0) hits.push_back({static_cast<std::uint32_t>(offer), best[offer]});
    }
    return hits;
  }
  hits.reserve(total);
  each_posting([&](std::uint32_t offer, std::uint16_t score) { hits.push_back({offer, score}); });
  if (sources.size() > 1) {
    // The best score first for each offer, so that dropping repeats keeps it.
    std::ranges::sort(hits, [](const Hit& a, const Hit& b) {
      return a.offer != b.offer ? a.offer < b.offer : a.score > b.score;
    });
    const auto repeats = std::ranges::unique(hits, {}, &Hit::offer);
    hits.erase(repeats.begin(), repeats.end());
  }
  return hits;
}

std::optional<std::string> SearchIndex::did_you_mean(std::string_view query,
                                                     const SearchAnalyser& analyser) const {
  auto words = analyser.words(query);
  bool corrected = false;
  for (auto& word : words) {
    if (find_term(word) || find_stem(analyser.stem(word))) continue;
    std::vector<Source> typos;
    add_typo_sources(word, kSuggestionExtraEdits, typos);
    if (typos.empty()) return std::nullopt;
    // The fewest edits away; of those, the word most offers hold.
    const auto closest = std::ranges::min_element(typos, {}, [&](const Source& s) {
      return std::pair(s.edits, -static_cast<std::int64_t>(offers_of(s.term).size()));
    });
    word = std::string(term(closest->term));
    corrected = true;
  }
  if (!corrected) return std::nullopt;
  auto suggestion = fmt::format("{}", fmt::join(words, " "));
  if (search(suggestion + ' ', analyser).empty()) return std::nullopt;
  return suggestion;
}

std::vector<std::string> SearchIndex::complete(std::string_view prefix,
                                               const SearchAnalyser& analyser,
                                               std::size_t limit) const {
  const auto words = analyser.words(prefix);
  if (words.empty()) return {};
  const auto& start = words.back();
  const auto ids = std::views::iota(Term{0}, static_cast<Term>(term_count()));
  std::vector<Term> candidates;
  for (auto t = *std::ranges::partition_point(ids, [&](Term id) { return term(id) < start; });
       t < term_count() && term(t).starts_with(start); ++t) {
    candidates.push_back(t);
  }
  const auto shown = std::min(limit, candidates.size());
  // Most offers first; the dictionary order among equals.
  std::ranges::partial_sort(candidates, candidates.begin() + static_cast<std::ptrdiff_t>(shown),
                            [&](Term a, Term b) {
                              const auto na = offers_of(a).size();
                              const auto nb = offers_of(b).size();
                              return na != nb ? na > nb : a < b;
                            });
  std::vector<std::string> result;
  for (std::size_t k = 0; k < shown; ++k) result.emplace_back(term(candidates[k]));
  return result;
}

std::vector<SearchWordCount> SearchIndex::complete_tags(std::string_view start,
                                                        std::size_t limit) const {
  const auto ids = std::views::iota(Term{0}, static_cast<Term>(term_count()));
  std::vector<SearchWordCount> candidates;
  for (auto t = *std::ranges::partition_point(ids, [&](Term id) { return term(id) < start; });
       t < term_count() && term(t).starts_with(start); ++t) {
    if (tag_offers_[t] > 0) candidates.push_back({std::string(term(t)), tag_offers_[t]});
  }
  const auto shown = std::min(limit, candidates.size());
  // Most offers first; the dictionary order among equals (the candidates are in it).
  std::ranges::partial_sort(candidates, candidates.begin() + static_cast<std::ptrdiff_t>(shown),
                            [](const SearchWordCount& a, const SearchWordCount& b) {
                              return a.offers != b.offers ? a.offers > b.offers : a.word < b.word;
                            });
  candidates.resize(shown);
  return candidates;
}

std::vector<std::uint32_t> SearchIndex::offers_tagged(std::string_view word) const {
  std::vector<std::uint32_t> offers;
  const auto found = find_term(word);
  if (!found) return offers;
  offers.reserve(tag_offers_[*found]);
  for (auto p = posting_start_[*found]; p < posting_start_[*found + 1]; ++p) {
    if ((posting_fields_[p] & kTagBit) != 0) offers.push_back(posting_offer_[p]);
  }
  return offers;
}

void SearchIndex::write(const std::function<void(std::string_view)>& sink) const {
  IndexWriter out(sink);
  out.text(kIndexMagic);
  out.integer(kIndexFormat);
  out.integer(analyser_fingerprint_);
  out.integer(offer_limit_);
  out.text(term_text_);
  out.array<std::uint32_t>(term_start_);
  out.array<std::uint32_t>(posting_start_);
  out.array<std::uint32_t>(posting_offer_);
  out.array<std::uint8_t>(posting_fields_);
  out.text(stem_text_);
  out.array<std::uint32_t>(stem_start_);
  out.array<std::uint32_t>(stem_terms_start_);
  out.array<Term>(stem_terms_);
  out.array<std::uint32_t>(typo_length_start_);
  out.array<Term>(typo_terms_);
  out.array<std::uint64_t>(typo_signatures_);
  out.array<std::uint32_t>(tag_offers_);
}

std::expected<SearchIndex, std::string> SearchIndex::read(std::string_view bytes) {
  try {
    IndexReader in(bytes);
    if (in.text() != kIndexMagic) return std::unexpected("they are not a search index");
    if (const auto format = in.integer<std::uint32_t>(); format != kIndexFormat) {
      return std::unexpected(
          fmt::format("they are of index format {}, this version reads {}", format, kIndexFormat));
    }
    SearchIndex index;
    index.analyser_fingerprint_ = in.integer<std::uint64_t>();
    index.offer_limit_ = in.integer<std::uint64_t>();
    index.term_text_ = in.text();
    index.term_start_ = in.array<std::uint32_t>();
    index.posting_start_ = in.array<std::uint32_t>();
    index.posting_offer_ = in.array<std::uint32_t>();
    index.posting_fields_ = in.array<std::uint8_t>();
    index.stem_text_ = in.text();
    index.stem_start_ = in.array<std::uint32_t>();
    index.stem_terms_start_ = in.array<std::uint32_t>();
    index.stem_terms_ = in.array<Term>();
    index.typo_length_start_ = in.array<std::uint32_t>();
    index.typo_terms_ = in.array<Term>();
    index.typo_signatures_ = in.array<std::uint64_t>();
    index.tag_offers_ = in.array<std::uint32_t>();
    if (!in.at_end()) return std::unexpected("bytes follow the index");
    index.check();
    return index;
  } catch (const IndexReader::Refused& refused) {
    return std::unexpected(refused.why);
  }
}

void SearchIndex::check() const {
  if (term_start_.empty()) throw IndexReader::Refused{"the dictionary has no start"};
  const auto terms = term_start_.size() - 1;
  check_starts(term_start_, terms, term_text_.size(), "words' places");
  check_starts(posting_start_, terms, posting_offer_.size(), "words' offers");
  if (posting_fields_.size() != posting_offer_.size() || tag_offers_.size() != terms) {
    throw IndexReader::Refused{"the offers' fields do not hold together"};
  }
  if (offer_limit_ > std::uint64_t{std::numeric_limits<std::uint32_t>::max()} + 1) {
    throw IndexReader::Refused{"offer numbers out of range"};
  }
  check_below<std::uint32_t>(posting_offer_, offer_limit_, "offer numbers");
  check_below<std::uint8_t>(posting_fields_, kBestFieldWeight.size(), "fields");
  for (std::size_t t = 0; t < terms; ++t) {
    const auto fields = std::span(posting_fields_)
                            .subspan(posting_start_[t], posting_start_[t + 1] - posting_start_[t]);
    if (std::cmp_not_equal(tag_offers_[t], std::ranges::count_if(fields, [](std::uint8_t f) {
                             return (f & kTagBit) != 0;
                           }))) {
      throw IndexReader::Refused{"the tag counts do not hold together"};
    }
  }
  if (stem_start_.empty()) throw IndexReader::Refused{"the stems have no start"};
  const auto stems = stem_start_.size() - 1;
  check_starts(stem_start_, stems, stem_text_.size(), "stems' places");
  check_starts(stem_terms_start_, stems, stem_terms_.size(), "stems' words");
  check_below<Term>(stem_terms_, terms, "stems' words");
  if (!typo_length_start_.empty()) {
    check_starts(typo_length_start_, kLongestTypoWord + 1, typo_terms_.size(), "typo lengths");
  }
  if (typo_signatures_.size() != typo_terms_.size()) {
    throw IndexReader::Refused{"the typo words do not hold together"};
  }
  check_below<Term>(typo_terms_, terms, "typo words");
}

bool SearchIndex::analysed_as(const SearchAnalyser& analyser) const {
  return analyser_fingerprint_ == analyser.fingerprint();
}

std::size_t SearchIndex::memory_bytes() const noexcept {
  return term_text_.capacity() + stem_text_.capacity() + bytes_of(term_start_) +
         bytes_of(posting_start_) + bytes_of(posting_offer_) + bytes_of(posting_fields_) +
         bytes_of(stem_start_) + bytes_of(stem_terms_start_) + bytes_of(stem_terms_) +
         bytes_of(typo_length_start_) + bytes_of(typo_terms_) + bytes_of(typo_signatures_) +
         bytes_of(tag_offers_);
}

}  // namespace artshop
