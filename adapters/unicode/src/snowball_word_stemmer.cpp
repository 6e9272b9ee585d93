#include "artshop/unicode/snowball_word_stemmer.hpp"

#include <libstemmer.h>

#include <climits>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>

namespace artshop {
namespace {

struct StemmerDeleter {
  void operator()(sb_stemmer* stemmer) const noexcept { sb_stemmer_delete(stemmer); }
};
using Stemmer = std::unique_ptr<sb_stemmer, StemmerDeleter>;

// This thread's English stemmer, made on first use. nullptr only when libstemmer cannot make
// one (no English for UTF-8, or no memory); the next call tries again.
sb_stemmer* this_threads_stemmer() {
  thread_local Stemmer stemmer;
  if (!stemmer) stemmer.reset(sb_stemmer_new("english", "UTF_8"));
  return stemmer.get();
}

}  // namespace

SnowballWordStemmer::SnowballWordStemmer() {
  if (this_threads_stemmer() == nullptr) {
    throw std::runtime_error("libstemmer has no English stemmer for UTF-8");
  }
}

std::string SnowballWordStemmer::stem(std::string_view word) const {
  // No word is this long; libstemmer counts in int.
  if (word.empty() || word.size() > INT_MAX) return std::string(word);
  auto* stemmer = this_threads_stemmer();
  if (stemmer == nullptr) throw std::bad_alloc();
  const auto* stemmed = sb_stemmer_stem(stemmer, reinterpret_cast<const sb_symbol*>(word.data()),
                                        static_cast<int>(word.size()));
  if (stemmed == nullptr) throw std::bad_alloc();
  // The answer lives in the stemmer until its next word: copied out at once.
  return std::string(reinterpret_cast<const char*>(stemmed),
                     static_cast<std::size_t>(sb_stemmer_length(stemmer)));
}

}  // namespace artshop
