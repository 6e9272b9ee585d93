#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "../noise.hpp"
#include "../styles.hpp"

namespace artshop::imagegen {

// A moonlit range: an indigo sky with stars, a large glowing moon, four rows of jagged
// mountains fading into the distance with snow on the far peaks, and drifting mist between
// the rows.
void paint_fantasy(Canvas& canvas, Random& random, const Mood& mood) {
  const auto w = static_cast<float>(canvas.width());
  const auto h = static_cast<float>(canvas.height());
  const float u = canvas.unit();
  const Colour zenith = mix(rgb8(12, 10, 48), hsv(mood.hue, 0.8F, 0.25F), 0.3F);
  const Colour horizon = mix(rgb8(70, 80, 140), hsv(mood.hue + 30, 0.5F, 0.65F), 0.35F);
  vertical_gradient(canvas, zenith, horizon, h * 0.7F);

  Random sky = random.fork();
  const int stars = scaled_count(canvas, 700);
  for (int i = 0; i < stars; ++i) {
    const Point at{sky.uniform(0, w), sky.uniform(0, h * 0.6F)};
    const float radius = sky.uniform(0.4F, 1.4F) * u;
    const float brightness = sky.uniform(0.3F, 1.0F);
    canvas.circle(at, radius, rgb8(255, 250, 230), brightness, Blend::Add);
  }

  const Point moon{w * random.uniform(0.2F, 0.8F), h * random.uniform(0.15F, 0.3F)};
  const float moon_radius = canvas.min_side() * random.uniform(0.08F, 0.12F);
  const Colour moonlight = rgb8(235, 240, 255);
  canvas.glow(moon, moon_radius * 5, rgb8(150, 170, 255), 0.35F);
  canvas.glow(moon, moon_radius * 2, moonlight, 0.4F);
  canvas.circle(moon, moon_radius, rgb8(248, 248, 236));
  for (int i = 0; i < 5; ++i) {
    const Point crater{moon.x + random.uniform(-0.5F, 0.5F) * moon_radius,
                       moon.y + random.uniform(-0.5F, 0.5F) * moon_radius};
    canvas.circle(crater, moon_radius * random.uniform(0.1F, 0.25F), rgb8(200, 200, 205), 0.35F);
  }

  const Colour rock = mix(rgb8(20, 18, 45), hsv(mood.hue, 0.5F, 0.2F), 0.25F);
  const std::uint64_t mist_seed = random.next();
  const float long_side = std::max(w, h);
  for (int row = 0; row < 4; ++row) {
    const float depth = static_cast<float>(row) / 3.0F;  // 0 far, 1 near
    const float base = h * (0.5F + 0.25F * depth);
    const auto tops = ridge_line(canvas.width(), base, h * (0.3F - 0.15F * depth),
                                 long_side * (0.3F - 0.12F * depth), random.next(), true);
    const Colour body = mix(horizon, rock, 0.25F + 0.75F * depth);
    const Colour lit_body = mix(body, moonlight, 0.2F);
    const bool snowy = row < 2;  // only the far, high peaks keep snow
    const Colour snow = mix(moonlight, body, 0.25F + 0.4F * depth);
    const float snow_line = base - h * 0.15F;
    std::vector<float> snow_edge(tops.size());  // the snow line, ragged by two noises
    for (std::size_t x = 0; x < snow_edge.size(); ++x) {
      const auto fx = static_cast<float>(x);
      snow_edge[x] = snow_line + h * 0.05F * value_noise(fx / (40 * u), mist_seed) +
                     8 * u * value_noise(fx / (6 * u), mist_seed + 1);
    }
    canvas.fill_below(tops, [&](int x, int y, float below) {
      if (below < 2 * u) return mix(body, moonlight, 0.45F);  // moonlit ridge
      if (snowy && static_cast<float>(y) < snow_edge[static_cast<std::size_t>(x)]) return snow;
      // Moonlight on the upper slopes fading into the shadowed valleys.
      return mix(lit_body, body, clamp01(below / (h * 0.12F)));
    });
    // Mist at the foot of this row, densest at its base line and torn by noise.
    const float spread = h * 0.1F;
    const auto [mist_top, mist_bottom] =
        canvas.rows(static_cast<int>(base - spread), static_cast<int>(base + spread));
    for (int y = mist_top; y < mist_bottom; ++y) {
      const float thickness = 1.0F - std::abs(static_cast<float>(y) - base) / spread;
      for (int x = 0; x < canvas.width(); ++x) {
        const float density =
            fbm(static_cast<float>(x) / (180 * u), static_cast<float>(y) / (45 * u),
                mist_seed + static_cast<std::uint64_t>(row), 3);
        canvas.blend(x, y, rgb8(200, 210, 240),
                     0.55F * thickness * smoothstep(0.4F, 0.75F, density));
      }
    }
  }

  // A dark wood of pines across the foreground, each of three stacked tiers.
  const Colour pine = mix(rgb8(6, 8, 20), rock, 0.3F);
  canvas.fill_rect(-1, h * 0.9F, w + 1, h + 1, pine);
  Random wood = random.fork();
  const int trees = static_cast<int>(w / (14 * u));
  for (int i = 0; i < trees; ++i) {
    const float x = wood.uniform(0, w);
    const float foot = h * wood.uniform(0.9F, 0.97F);
    const float height = h * wood.uniform(0.07F, 0.16F);
    for (int tier = 0; tier < 3; ++tier) {
      const float top = foot - height * (1.0F - 0.22F * static_cast<float>(tier));
      const float bottom = foot - height * (0.45F - 0.22F * static_cast<float>(tier));
      const float half = height * (0.16F + 0.05F * static_cast<float>(tier));
      const std::array tier_shape{Point{x, top}, Point{x + half, bottom}, Point{x - half, bottom}};
      canvas.polygon(tier_shape, pine);
    }
    canvas.fill_rect(x - 2 * u, foot - height * 0.1F, x + 2 * u, foot + 1, pine);
  }
}

}  // namespace artshop::imagegen
