#pragma once

#include <algorithm>
#include <cmath>

// Small numeric helpers. Only +, -, *, /, sqrt and floor are used, all exactly rounded by
// IEEE 754, so pictures do not depend on the platform's libm (std::sin may differ in the last
// bit between C libraries).
namespace artshop::imagegen {

inline constexpr float kPi = 3.14159265F;
inline constexpr float kTwoPi = 6.28318531F;
inline constexpr float kHalfPi = 1.57079633F;

// The same as std::clamp(x, 0, 1), written as two selects that the compiler turns into
// minimum and maximum instructions, so loops over pixels can run several at a time.
constexpr float clamp01(float x) noexcept {
  const float low = x < 0.0F ? 0.0F : x;
  return low > 1.0F ? 1.0F : low;
}
constexpr float lerp(float a, float b, float t) noexcept {
  return a + (b - a) * t;
}

constexpr float smoothstep(float edge0, float edge1, float x) noexcept {
  const float t = clamp01((x - edge0) / (edge1 - edge0));
  return t * t * (3.0F - 2.0F * t);
}

// sin(x) to within 2e-4: reduced to [-pi/2, pi/2], then Taylor to the 7th power.
inline float sine(float x) noexcept {
  x -= std::floor(x / kTwoPi + 0.5F) * kTwoPi;
  if (x > kHalfPi) x = kPi - x;
  if (x < -kHalfPi) x = -kPi - x;
  const float x2 = x * x;
  return x * (1.0F - x2 / 6.0F * (1.0F - x2 / 20.0F * (1.0F - x2 / 42.0F)));
}
inline float cosine(float x) noexcept {
  return sine(x + kHalfPi);
}

struct Point {
  float x = 0;
  float y = 0;
};

}  // namespace artshop::imagegen
