#pragma once

#include "artshop/core/ports/word_stemmer.hpp"

namespace artshop {

// WordStemmer with the Snowball English stemmer (libstemmer, UTF-8): "cathedrals" and
// "cathedral" both give "cathedr", "dancing" and "dance" "danc". A libstemmer stemmer keeps
// its work in itself and must not serve two threads at once, so each thread that stems gets
// its own, made on its first word and freed when the thread ends; the instance itself holds
// nothing and serves every thread.
class SnowballWordStemmer final : public WordStemmer {
 public:
  // Throws std::runtime_error when libstemmer has no English stemmer for UTF-8.
  SnowballWordStemmer();

  // Throws std::bad_alloc when libstemmer runs out of memory.
  std::string stem(std::string_view word) const override;
};

}  // namespace artshop
