#pragma once

#include <cstddef>
#include <span>

#include "artshop/core/ports/random_source.hpp"

namespace artshop::crypto {

// OpenSSL's CSPRNG (RAND_bytes). Thread-safe. Throws std::runtime_error when the generator
// cannot deliver, which only a broken system does.
class OpenSslRandomSource final : public RandomSource {
 public:
  void fill(std::span<std::byte> out) override;
};

}  // namespace artshop::crypto
