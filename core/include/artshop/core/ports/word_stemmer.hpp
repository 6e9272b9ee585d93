#pragma once

#include <string>
#include <string_view>

namespace artshop {

// The English stem of a word, so that "cathedrals" finds "cathedral" and "dancing" finds
// "dance" (an adapter answers with the Snowball English stemmer, libstemmer).
// Implementations are thread-safe.
class WordStemmer {
 public:
  virtual ~WordStemmer() = default;

  // The stem of one folded word (SearchTextFolder::fold, no separators): "cathedrals" and
  // "cathedral" both give "cathedr". A word the stemmer leaves alone comes back as it is.
  virtual std::string stem(std::string_view word) const = 0;
};

}  // namespace artshop
