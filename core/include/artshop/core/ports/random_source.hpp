#pragma once

#include <cstddef>
#include <span>

namespace artshop {

// Cryptographically secure random bytes (tokens, codes, gift-card numbers).
class RandomSource {
 public:
  virtual ~RandomSource() = default;
  virtual void fill(std::span<std::byte> out) = 0;
};

}  // namespace artshop
