#pragma once

#include <cstdint>
#include <string_view>

// Hashing and random numbers with fixed, documented algorithms: a picture must come out the
// same on every build and platform, which std::hash and the std:: distributions do not
// promise.
namespace artshop::imagegen {

// FNV-1a, 64 bits, continued from `state` so that several fields can be chained.
constexpr std::uint64_t kFnvOffset = 0xCBF29CE484222325ULL;
constexpr std::uint64_t fnv1a(std::string_view bytes, std::uint64_t state = kFnvOffset) noexcept {
  for (const char c : bytes) {
    state ^= static_cast<std::uint8_t>(c);
    state *= 0x100000001B3ULL;
  }
  return state;
}

// SplitMix64's finaliser: spreads every input bit over the whole word.
constexpr std::uint64_t mix64(std::uint64_t z) noexcept {
  z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27U)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31U);
}

// SplitMix64 (Steele, Lea, Flood 2014): tiny, fast and good enough for drawing.
//
// Take at most one draw per function call's arguments and per operator's operands; put more
// into named values or a braced list ({a, b} runs left to right). Compilers evaluate function
// arguments in different orders (GCC right to left, Clang left to right), which would swap
// draws and change the picture.
class Random {
 public:
  explicit constexpr Random(std::uint64_t seed) noexcept : state_(seed) {}

  constexpr std::uint64_t next() noexcept {
    state_ += 0x9E3779B97F4A7C15ULL;
    return mix64(state_);
  }

  // Uniform in [0, 1), on a 2^-24 grid so that every value is exact in a float.
  constexpr float uniform() noexcept { return static_cast<float>(next() >> 40U) * 0x1.0p-24F; }
  constexpr float uniform(float low, float high) noexcept { return low + (high - low) * uniform(); }
  // Uniform in [0, count) by multiply-and-shift; the bias is below 2^-32 for any count here.
  constexpr int below(int count) noexcept {
    const std::uint64_t wide = (next() >> 32U) * static_cast<std::uint64_t>(count);
    return static_cast<int>(wide >> 32U);
  }
  constexpr bool chance(float probability) noexcept { return uniform() < probability; }

  // An independent stream that costs this one a single draw. Scatterings whose number grows
  // with the picture's size (stars, rain, windows, strokes) draw from a fork, so that the
  // rest of the picture comes out the same at every size.
  constexpr Random fork() noexcept { return Random(next()); }

 private:
  std::uint64_t state_;
};

}  // namespace artshop::imagegen
