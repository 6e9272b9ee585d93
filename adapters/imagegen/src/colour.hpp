#pragma once

#include "maths.hpp"

namespace artshop::imagegen {

// A colour with channels in [0, 1] (sRGB-encoded values; blending in them is what painters'
// tools do and looks right for drawing).
struct Colour {
  float r = 0;
  float g = 0;
  float b = 0;
};

constexpr Colour operator+(Colour a, Colour b) noexcept {
  return {a.r + b.r, a.g + b.g, a.b + b.b};
}
constexpr Colour operator*(Colour c, float k) noexcept {
  return {c.r * k, c.g * k, c.b * k};
}
constexpr Colour operator*(Colour a, Colour b) noexcept {
  return {a.r * b.r, a.g * b.g, a.b * b.b};
}

constexpr Colour mix(Colour a, Colour b, float t) noexcept {
  return {lerp(a.r, b.r, t), lerp(a.g, b.g, t), lerp(a.b, b.b, t)};
}

constexpr Colour rgb8(int r, int g, int b) noexcept {
  return {static_cast<float>(r) / 255.0F, static_cast<float>(g) / 255.0F,
          static_cast<float>(b) / 255.0F};
}

// Hue in degrees (any value, wrapped), saturation and value in [0, 1].
Colour hsv(float hue, float saturation, float value) noexcept;

struct Hsv {
  float hue;  // [0, 360)
  float saturation;
  float value;
};
Hsv to_hsv(Colour colour) noexcept;

// The same colour with its hue turned and its saturation and value scaled and clamped: the
// small variations that make painted strokes look alive.
Colour vary(Colour colour, float hue_shift, float saturation_scale, float value_scale) noexcept;

}  // namespace artshop::imagegen
