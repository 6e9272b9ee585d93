#include <algorithm>
#include <cmath>
#include <optional>

#include "../noise.hpp"
#include "../styles.hpp"

namespace artshop::imagegen {
namespace {

struct Light {
  Colour zenith, horizon, sun;
};

Light light_for(const Mood& mood) {
  if (mood.night) return {rgb8(8, 14, 38), rgb8(48, 62, 98), rgb8(210, 215, 230)};
  if (mood.dusk) return {rgb8(38, 58, 112), rgb8(250, 160, 90), rgb8(255, 200, 120)};
  return {rgb8(52, 108, 178), rgb8(208, 222, 235), rgb8(255, 246, 225)};
}

// What the lake mirrors.
struct Land {
  Light light;
  float horizon;
  std::uint64_t seed;
};

// The sky with its clouds and sun, hazy mountains and a forested ridge down to the horizon.
Land paint_land(Canvas& canvas, Random& random, const Mood& mood) {
  const auto w = static_cast<float>(canvas.width());
  const auto h = static_cast<float>(canvas.height());
  const float u = canvas.unit();
  const Light light = light_for(mood);
  const float horizon = h * random.uniform(0.45F, 0.52F);
  const std::uint64_t seed = random.next();

  canvas.shade([&](int x, int y) {
    const float t = clamp01(static_cast<float>(y) / horizon);
    const Colour sky = mix(light.zenith, light.horizon, std::sqrt(t));
    if (t >= 1) return sky;  // hidden below the horizon anyway
    const float cloud =
        fbm(static_cast<float>(x) / (320 * u), static_cast<float>(y) / (90 * u), seed, 5);
    const float cover = smoothstep(0.5F, 0.72F, cloud) * (1 - 0.7F * t);
    const Colour cloud_colour =
        mix(rgb8(250, 250, 250), rgb8(170, 175, 190), clamp01((cloud - 0.55F) * 3));
    return mix(sky, mix(cloud_colour, light.horizon, 0.3F * t), cover);
  });
  const Point sun{w * random.uniform(0.15F, 0.85F), horizon * (mood.dusk ? 0.85F : 0.35F)};
  canvas.glow(sun, canvas.min_side() * 0.6F, light.sun, 0.35F);
  canvas.circle(sun, canvas.min_side() * 0.025F, light.sun, 0.9F, Blend::Normal, 3 * u);

  const Colour haze_rock = mix(rgb8(95, 110, 135), light.horizon, 0.35F);
  const auto far = ridge_line(canvas.width(), horizon, h * 0.2F, w * 0.3F, random.next(), true);
  canvas.fill_below(
      far,
      [&](int, int, float depth) {
        return mix(haze_rock, light.horizon, clamp01(depth / (h * 0.18F)) * 0.55F);
      },
      1, static_cast<int>(horizon) + 2);
  const Colour forest =
      mix(rgb8(48, 70, 52), hsv(mood.hue, 0.4F, 0.3F), mood.hue_named ? 0.3F : 0.0F);
  const auto ridge =
      ridge_line(canvas.width(), horizon, h * 0.07F, w * 0.12F, random.next(), false);
  canvas.fill_below(
      ridge,
      [&](int x, int y, float) {
        const float leaves =
            fbm(static_cast<float>(x) / (6 * u), static_cast<float>(y) / (6 * u), seed + 3, 2);
        return forest * (0.7F + 0.5F * leaves);
      },
      1, static_cast<int>(horizon) + 2);  // the lake covers the rest
  return {light, horizon, seed};
}

// The row above the horizon that row `y` of the lake mirrors.
int mirrored_row(float horizon, int first_lake_row, int y) {
  return std::clamp(static_cast<int>(2 * horizon - static_cast<float>(y)), 0, first_lake_row - 1);
}

}  // namespace

// A photographic lake view: a sky graded by the atmosphere with soft clouds and sun, hazy
// mountains, a forested ridge, a lake mirroring it all with ripples, a grassy shore, then
// film grain and a lens vignette.
void paint_photorealism(Canvas& canvas, Random& random, const Mood& mood) {
  const auto w = static_cast<float>(canvas.width());
  const auto h = static_cast<float>(canvas.height());
  const float u = canvas.unit();
  const Random before_land = random;
  const auto [light, horizon, seed] = paint_land(canvas, random, mood);

  // The lake mirrors the rows above the horizon, darkened and broken by ripples.
  const float shore = h * random.uniform(0.7F, 0.78F);
  const int first_row = static_cast<int>(horizon) + 1;
  const auto [lake_top, lake_bottom] =
      canvas.rows(first_row, std::min(canvas.height(), static_cast<int>(shore) + 2));
  if (lake_top < lake_bottom) {
    // A band of a large picture may not hold the rows its water mirrors: they are painted
    // again, alone, from the same random stream, so they are the very pixels of the whole.
    const Rows mirrored{mirrored_row(horizon, first_row, lake_bottom - 1),
                        mirrored_row(horizon, first_row, lake_top) + 1};
    const Rows held = canvas.rows(mirrored.begin, mirrored.end);
    std::optional<Canvas> land_alone;
    if (held.begin != mirrored.begin || held.end != mirrored.end) {
      land_alone.emplace(canvas.width(), canvas.height(), mirrored);
      Random again = before_land;
      paint_land(*land_alone, again, mood);
    }
    const Canvas& land = land_alone ? *land_alone : canvas;
    for (int y = lake_top; y < lake_bottom; ++y) {
      const auto fy = static_cast<float>(y);
      const int source_row = mirrored_row(horizon, first_row, y);
      for (int x = 0; x < canvas.width(); ++x) {
        const float ripple =
            4 * u * (value_noise(static_cast<float>(x) / (30 * u), fy / (2 * u), seed + 5) - 0.5F);
        const int source = std::clamp(x + static_cast<int>(ripple), 0, canvas.width() - 1);
        canvas.at(x, y) = mix(land.at(source, source_row) * 0.82F, rgb8(30, 60, 80), 0.2F);
      }
    }
  }
  const auto bank = wave_line(canvas.width(), shore, h * 0.02F, w * 0.8F, random);
  canvas.fill_below(bank, [&](int x, int y, float depth) {
    const float blades =
        fbm(static_cast<float>(x) / (3 * u), static_cast<float>(y) / (14 * u), seed + 9, 3);
    const Colour grass = mix(rgb8(92, 120, 52), rgb8(150, 160, 80), blades);
    return grass * (1.0F - 0.45F * clamp01(depth / (h * 0.3F)));
  });

  const Point middle{w / 2, h / 2};
  const float corner = middle.x * middle.x + middle.y * middle.y;
  const auto [first, end] = canvas.rows();
  for (int y = first; y < end; ++y) {
    for (int x = 0; x < canvas.width(); ++x) {
      const float dx = static_cast<float>(x) - middle.x;
      const float dy = static_cast<float>(y) - middle.y;
      const float vignette = 1.0F - 0.28F * (dx * dx + dy * dy) / corner;
      const float grain = (lattice(x, y, seed + 11) - 0.5F) * 0.045F;
      Colour& pixel = canvas.at(x, y);
      pixel = pixel * vignette + Colour{grain, grain, grain};
    }
  }
}

}  // namespace artshop::imagegen
