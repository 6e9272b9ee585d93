#include "noise.hpp"

#include <array>
#include <cmath>
#include <cstddef>

#include "maths.hpp"
#include "random.hpp"

namespace artshop::imagegen {
namespace {

float fade(float t) noexcept {
  return t * t * (3.0F - 2.0F * t);
}

// The four corner hashes of one lattice cell. Neighbouring pixels fall into the same cell far
// more often than not (a cell spans several pixels in every style), and hashing the corners
// anew for each pixel was most of the cost of the textured styles. The cache only remembers
// values of a pure function, so the pictures are the same with or without it.
struct Cell {
  std::uint64_t seed = 0;
  std::int64_t x = 0;
  std::int64_t y = 0;
  bool filled = false;
  std::array<float, 4> corners{};
};

// A slot per noise field: fbm's octaves and a style's other fields use nearby seeds, and
// interleaved calls must not evict each other's cells.
constexpr std::size_t kCellSlots = 32;

// Kept out of line so that the usual case, a hit, inlines into the noise functions.
[[gnu::noinline]] void refill(Cell& slot, std::int64_t x, std::int64_t y,
                              std::uint64_t seed) noexcept {
  slot = {seed,
          x,
          y,
          true,
          {lattice(x, y, seed), lattice(x + 1, y, seed), lattice(x, y + 1, seed),
           lattice(x + 1, y + 1, seed)}};
}

inline const Cell& cell(std::int64_t x, std::int64_t y, std::uint64_t seed) noexcept {
  // Per thread, so that concurrent drawings need no lock.
  thread_local std::array<Cell, kCellSlots> cells;
  Cell& slot = cells[(seed ^ (seed >> 5U)) % kCellSlots];
  if (!slot.filled || slot.seed != seed || slot.x != x || slot.y != y) refill(slot, x, y, seed);
  return slot;
}

}  // namespace

float lattice(std::int64_t x, std::int64_t y, std::uint64_t seed) noexcept {
  const std::uint64_t h = mix64(seed ^ (static_cast<std::uint64_t>(x) * 0x9E3779B97F4A7C15ULL) ^
                                (static_cast<std::uint64_t>(y) * 0xC2B2AE3D27D4EB4FULL));
  return static_cast<float>(h >> 40U) * 0x1.0p-24F;
}

float value_noise(float x, float y, std::uint64_t seed) noexcept {
  const float fx = std::floor(x);
  const float fy = std::floor(y);
  const auto ix = static_cast<std::int64_t>(fx);
  const auto iy = static_cast<std::int64_t>(fy);
  const float tx = fade(x - fx);
  const float ty = fade(y - fy);
  const Cell& corners = cell(ix, iy, seed);
  const float top = lerp(corners.corners[0], corners.corners[1], tx);
  const float bottom = lerp(corners.corners[2], corners.corners[3], tx);
  return lerp(top, bottom, ty);
}

float value_noise(float x, std::uint64_t seed) noexcept {
  const float fx = std::floor(x);
  const auto ix = static_cast<std::int64_t>(fx);
  const Cell& corners = cell(ix, 0, seed);  // the bottom row of a 2-D cell
  return lerp(corners.corners[0], corners.corners[1], fade(x - fx));
}

float fbm(float x, float y, std::uint64_t seed, int octaves) noexcept {
  float sum = 0;
  float weight = 0.5F;
  float total = 0;
  for (int octave = 0; octave < octaves; ++octave) {
    sum += weight * value_noise(x, y, seed + static_cast<std::uint64_t>(octave));
    total += weight;
    x *= 2.0F;
    y *= 2.0F;
    weight *= 0.5F;
  }
  return sum / total;
}

float fbm(float x, std::uint64_t seed, int octaves) noexcept {
  float sum = 0;
  float weight = 0.5F;
  float total = 0;
  for (int octave = 0; octave < octaves; ++octave) {
    sum += weight * value_noise(x, seed + static_cast<std::uint64_t>(octave));
    total += weight;
    x *= 2.0F;
    weight *= 0.5F;
  }
  return sum / total;
}

}  // namespace artshop::imagegen
