#include <algorithm>
#include <array>
#include <cmath>

#include "../noise.hpp"
#include "../styles.hpp"

namespace artshop::imagegen {

void vertical_gradient(Canvas& canvas, Colour top, Colour bottom, float until) {
  canvas.shade(
      [&](int, int y) { return mix(top, bottom, clamp01(static_cast<float>(y) / until)); });
}

std::vector<float> ridge_line(int width, float base, float amplitude, float feature,
                              std::uint64_t seed, bool sharp) {
  std::vector<float> tops(static_cast<std::size_t>(width));
  for (int x = 0; x < width; ++x) {
    float height = fbm(static_cast<float>(x) / feature, seed, 5);
    if (sharp) {
      const float folded = 1.0F - std::abs(2.0F * height - 1.0F);  // creases become peaks
      height = folded * folded;
    }
    tops[static_cast<std::size_t>(x)] = base - amplitude * height;
  }
  return tops;
}

std::vector<float> wave_line(int width, float base, float amplitude, float wavelength,
                             Random& random) {
  std::vector<float> tops(static_cast<std::size_t>(width));
  const std::array phases{random.uniform(0, kTwoPi), random.uniform(0, kTwoPi),
                          random.uniform(0, kTwoPi)};
  for (int x = 0; x < width; ++x) {
    const float t = static_cast<float>(x) / wavelength * kTwoPi;
    const float wave = 0.6F * sine(t + phases[0]) + 0.3F * sine(2.1F * t + phases[1]) +
                       0.1F * sine(4.3F * t + phases[2]);
    tops[static_cast<std::size_t>(x)] = base - amplitude * wave;
  }
  return tops;
}

int scaled_count(const Canvas& canvas, float per_megapixel) {
  const float megapixels =
      static_cast<float>(canvas.width()) * static_cast<float>(canvas.height()) / 1.0e6F;
  return std::max(1, static_cast<int>(per_megapixel * megapixels));
}

}  // namespace artshop::imagegen
