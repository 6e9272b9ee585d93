#include <array>
#include <cstddef>

#include "../styles.hpp"

namespace artshop::imagegen {
namespace {

// A cel-shaded cloud: a flat shadow tone under flat white puffs, hard-edged like an anime
// background painting.
void cloud(Canvas& canvas, Random& random, Point centre, float size, Colour shadow) {
  const std::size_t puffs = 4 + static_cast<std::size_t>(random.below(4));
  std::array<Point, 8> puff{};
  std::array<float, 8> radius{};
  for (std::size_t i = 0; i < puffs; ++i) {
    puff[i] = {centre.x + random.uniform(-1.6F, 1.6F) * size,
               centre.y + random.uniform(-0.4F, 0.3F) * size};
    radius[i] = size * random.uniform(0.45F, 0.9F);
  }
  for (std::size_t i = 0; i < puffs; ++i) {
    canvas.circle({puff[i].x, puff[i].y + size * 0.12F}, radius[i], shadow);
  }
  for (std::size_t i = 0; i < puffs; ++i) {
    canvas.circle({puff[i].x, puff[i].y - size * 0.05F}, radius[i] * 0.92F, rgb8(255, 255, 255));
  }
}

}  // namespace

// A bright anime sky: a soft gradient from blue to a warm horizon, a big glowing sun,
// cel-shaded clouds and layered hills in flat light and shadow tones with a lit rim.
void paint_anime(Canvas& canvas, Random& random, const Mood& mood) {
  const auto w = static_cast<float>(canvas.width());
  const auto h = static_cast<float>(canvas.height());
  const float u = canvas.unit();
  const float lean = mood.hue_named ? 0.3F : 0.1F;  // how far the prompt's hue tints the sky
  Colour top = mix(hsv(212, 0.6F, 0.95F), hsv(mood.hue, 0.6F, 0.95F), lean);
  Colour horizon = mood.dusk ? hsv(22, 0.55F, 1.0F) : hsv(330 + 30 * lean, 0.22F, 1.0F);
  if (mood.night) {
    top = hsv(235, 0.7F, 0.35F);
    horizon = hsv(280, 0.4F, 0.65F);
  }
  vertical_gradient(canvas, top, horizon, h * 0.7F);

  const Point sun{w * random.uniform(0.2F, 0.8F), h * random.uniform(0.22F, 0.38F)};
  const float sun_radius = canvas.min_side() * 0.12F;
  canvas.glow(sun, sun_radius * 3.5F, rgb8(255, 230, 190), 0.55F);
  canvas.circle(sun, sun_radius * 1.12F, rgb8(255, 245, 215), 0.6F);
  canvas.circle(sun, sun_radius, mood.night ? rgb8(250, 250, 235) : rgb8(255, 252, 230));

  const Colour cloud_shadow = mix(top, rgb8(255, 255, 255), 0.55F);
  const int clouds = 2 + random.below(3);
  for (int i = 0; i < clouds; ++i) {
    const Point centre{random.uniform(0, w), h * random.uniform(0.1F, 0.45F)};
    const float size = canvas.min_side() * random.uniform(0.05F, 0.09F);
    cloud(canvas, random, centre, size, cloud_shadow);
  }

  const int layers = 3 + random.below(2);
  for (int layer = 0; layer < layers; ++layer) {
    const float depth =
        static_cast<float>(layer) / static_cast<float>(layers - 1);  // 0 far, 1 near
    const float base = h * (0.58F + 0.12F * depth + 0.05F * static_cast<float>(layer));
    const auto tops = wave_line(canvas.width(), base, h * (0.08F - 0.02F * depth),
                                w * random.uniform(0.5F, 1.1F), random);
    const Colour grass =
        mix(hsv(105, 0.55F, 0.8F), hsv(mood.hue, 0.55F, 0.8F), mood.hue_named ? 0.35F : 0.0F);
    const Colour lit = mix(grass, horizon, 0.45F * (1 - depth));
    const Colour shade = vary(lit, 12, 1.15F, 0.72F);
    const Colour rim = vary(lit, -10, 0.8F, 1.15F);
    const float band = h * random.uniform(0.03F, 0.06F);
    const float phase = random.uniform(0, kTwoPi);
    canvas.fill_below(tops, [&](int x, int, float below) {
      if (below < 4 * u) return rim;
      const float edge = band * (1.6F + sine(static_cast<float>(x) / (w * 0.13F) + phase));
      return below > edge ? shade : lit;
    });
  }
}

}  // namespace artshop::imagegen
