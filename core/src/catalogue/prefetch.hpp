#pragma once

// Asking the processor for memory ahead of reading it, for passes over offers or matches from
// anywhere in a large catalogue, where each is otherwise a cache miss after another. Hints
// only: they change no result.
#include <cstddef>
#include <string>

#include "artshop/core/catalogue/offer.hpp"

namespace artshop::detail {

// The memory at `address`, where the compiler can.
inline void prefetch(const void* address) noexcept {
#if defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(address);
#else
  static_cast<void>(address);
#endif
}

// Every cache line of the `size` bytes at `memory`.
inline void prefetch_lines(const void* memory, std::size_t size) noexcept {
  constexpr std::size_t kLine = 64;
  const auto* bytes = static_cast<const char*>(memory);
  for (std::size_t at = 0; at < size; at += kLine) prefetch(bytes + at);
}

// An offer's own fields (not what they point to).
inline void prefetch_fields(const Offer& offer) noexcept {
  prefetch_lines(&offer, sizeof offer);
}

// The texts and lists an offer's fields point to: its urlName, title, description, tags and
// attributes. Its fields must be in cache already (prefetch_fields, or read a while before).
inline void prefetch_texts(const Offer& offer) noexcept {
  prefetch_lines(offer.url_name.data(), offer.url_name.size());
  prefetch_lines(offer.title.data(), offer.title.size());
  prefetch_lines(offer.description.data(), offer.description.size());
  prefetch_lines(offer.tags.data(), offer.tags.size() * sizeof(std::string));
  prefetch_lines(offer.attributes.data(), offer.attributes.size() * sizeof(OfferAttribute));
}

}  // namespace artshop::detail
