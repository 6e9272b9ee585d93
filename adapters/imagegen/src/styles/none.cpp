#include "../styles.hpp"

namespace artshop::imagegen {

// No particular style: a calm diagonal gradient in two neighbouring hues, a few soft
// out-of-focus discs and two rolling bands, like a pleasant default wallpaper.
void paint_none(Canvas& canvas, Random& random, const Mood& mood) {
  const float hue = mood.hue;
  const Colour light = hsv(hue, 0.35F, 0.97F);
  const Colour deep = hsv(hue + 45, 0.6F, 0.55F);
  const auto w = static_cast<float>(canvas.width());
  const auto h = static_cast<float>(canvas.height());
  canvas.shade([&](int x, int y) {
    const float t = 0.6F * static_cast<float>(x) / w + 0.4F * static_cast<float>(y) / h;
    return mix(light, deep, smoothstep(0.0F, 1.0F, t));
  });

  const int discs = 5 + random.below(4);
  for (int i = 0; i < discs; ++i) {
    const float radius = canvas.min_side() * random.uniform(0.08F, 0.28F);
    const Point centre{random.uniform(0, w), random.uniform(0, h * 0.8F)};
    const Colour colour = hsv(hue + random.uniform(-30, 60), 0.25F, 1.0F);
    canvas.circle(centre, radius, colour, random.uniform(0.2F, 0.4F), Blend::Normal, radius * 0.5F);
  }

  const auto back = wave_line(canvas.width(), h * 0.72F, h * 0.05F, w * 0.9F, random);
  const Colour back_colour = hsv(hue + 25, 0.45F, 0.7F);
  canvas.fill_below(
      back, [&](int, int, float) { return back_colour; }, 0.75F);
  const auto front = wave_line(canvas.width(), h * 0.85F, h * 0.04F, w * 0.7F, random);
  const Colour front_colour = hsv(hue + 55, 0.55F, 0.45F);
  canvas.fill_below(
      front,
      [&](int, int, float depth) {
        return mix(front_colour, front_colour * 0.7F, clamp01(depth / (h * 0.2F)));
      },
      0.9F);
}

}  // namespace artshop::imagegen
