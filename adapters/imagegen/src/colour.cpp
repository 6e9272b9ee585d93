#include "colour.hpp"

#include <cmath>

namespace artshop::imagegen {

Colour hsv(float hue, float saturation, float value) noexcept {
  hue -= std::floor(hue / 360.0F) * 360.0F;
  saturation = clamp01(saturation);
  value = clamp01(value);
  const float sector = hue / 60.0F;
  const int index = static_cast<int>(sector) % 6;
  const float f = sector - std::floor(sector);
  const float p = value * (1.0F - saturation);
  const float q = value * (1.0F - saturation * f);
  const float t = value * (1.0F - saturation * (1.0F - f));
  switch (index) {
    case 0:
      return {value, t, p};
    case 1:
      return {q, value, p};
    case 2:
      return {p, value, t};
    case 3:
      return {p, q, value};
    case 4:
      return {t, p, value};
    default:
      return {value, p, q};
  }
}

Hsv to_hsv(Colour c) noexcept {
  const float high = std::max({c.r, c.g, c.b});
  const float low = std::min({c.r, c.g, c.b});
  const float range = high - low;
  float hue = 0;
  if (range > 0) {
    if (high == c.r) {
      hue = 60.0F * ((c.g - c.b) / range);
    } else if (high == c.g) {
      hue = 60.0F * ((c.b - c.r) / range + 2.0F);
    } else {
      hue = 60.0F * ((c.r - c.g) / range + 4.0F);
    }
    if (hue < 0) hue += 360.0F;
  }
  return {hue, high > 0 ? range / high : 0.0F, high};
}

Colour vary(Colour colour, float hue_shift, float saturation_scale, float value_scale) noexcept {
  const Hsv h = to_hsv(colour);
  return hsv(h.hue + hue_shift, h.saturation * saturation_scale, h.value * value_scale);
}

}  // namespace artshop::imagegen
