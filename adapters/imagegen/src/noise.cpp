#include "noise.hpp"

#include <cmath>

#include "maths.hpp"
#include "random.hpp"

namespace artshop::imagegen {
namespace {

float fade(float t) noexcept {
  return t * t * (3.0F - 2.0F * t);
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
  const float top = lerp(lattice(ix, iy, seed), lattice(ix + 1, iy, seed), tx);
  const float bottom = lerp(lattice(ix, iy + 1, seed), lattice(ix + 1, iy + 1, seed), tx);
  return lerp(top, bottom, ty);
}

float value_noise(float x, std::uint64_t seed) noexcept {
  const float fx = std::floor(x);
  const auto ix = static_cast<std::int64_t>(fx);
  return lerp(lattice(ix, 0, seed), lattice(ix + 1, 0, seed), fade(x - fx));
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
