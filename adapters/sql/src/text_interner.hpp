#pragma once

#include <cstddef>
#include <string_view>
#include <unordered_map>

#include "artshop/core/catalogue/offer.hpp"
#include "artshop/core/shared_text.hpp"

namespace artshop::sql {

// Equal texts of one catalogue load as one shared block each: the picture keys of a seeded
// catalogue repeat every kDefaultSeedOffers offers. It remembers at most `limit` distinct texts,
// so a catalogue whose every key differs pays a small table, not a second copy of its keys.
class TextInterner {
 public:
  explicit TextInterner(std::size_t limit = 65'536) : limit_(limit) {}

  SharedText operator()(std::string_view text) {
    if (text.empty()) return {};
    if (const auto found = known_.find(text); found != known_.end()) return found->second;
    SharedText shared(text);
    // The key views the shared block's own characters, which stay put while it lives.
    if (known_.size() < limit_) known_.emplace(shared.view(), shared);
    return shared;
  }

 private:
  std::size_t limit_;
  std::unordered_map<std::string_view, SharedText> known_;
};

// `offer` as the catalogue in memory holds it, a million of them: its picture keys shared with
// the equal keys of other offers, its lists without spare room, and without the generator's
// prompt (only a download draws the picture again, and it reads its offer from the repository).
inline void hold_compactly(Offer& offer, TextInterner& shared) {
  offer.images = {.thumbnail_webp = shared(offer.images.thumbnail_webp),
                  .thumbnail_jpeg = shared(offer.images.thumbnail_jpeg),
                  .preview_webp = shared(offer.images.preview_webp),
                  .preview_jpeg = shared(offer.images.preview_jpeg)};
  offer.source.prompt = {};
  offer.attributes.shrink_to_fit();
  offer.tags.shrink_to_fit();
}

}  // namespace artshop::sql
