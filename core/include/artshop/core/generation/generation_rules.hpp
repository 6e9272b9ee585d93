#pragma once

#include <cstddef>
#include <cstdint>

namespace artshop {

// What a customer gets: `free_per_day` images each UTC day, then `price_eur_cents` each from
// the balance.
struct GenerationRules {
  int free_per_day = 3;
  std::int64_t price_eur_cents = 20;
};

inline constexpr int kGeneratedLongEdge = 1024;
inline constexpr std::size_t kMaxPromptLength = 500;  // code points, after trimming
inline constexpr int kMaxImagesPerRequest = 4;

}  // namespace artshop
