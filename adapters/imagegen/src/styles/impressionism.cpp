#include "../noise.hpp"
#include "../styles.hpp"

namespace artshop::imagegen {
namespace {

// The landscape under the strokes, after Monet's river views: a light sky, a band of far
// trees, water that mirrors the sky, and a meadow with patches of flowers.
struct Scene {
  float w, h, unit, horizon, shore;
  Colour sky_high, sky_low, trees, water, meadow, flowers;
  std::uint64_t seed;

  Colour at(float x, float y) const {
    // The tree line wavers between horizon - 0.07 h and the horizon: outside that band the
    // answer does not depend on it, so the noise is only computed inside.
    const bool in_band = y >= horizon - h * 0.07F && y < horizon;
    const float tree_top = in_band ? horizon - h * 0.07F * fbm(x / (120 * unit), seed, 3) : horizon;
    if (y < tree_top) return mix(sky_high, sky_low, clamp01(y / horizon));
    if (y < horizon + h * 0.02F) return trees;
    if (y < shore) {
      return mix(water, sky_low, 0.35F * value_noise(x / (60 * unit), y / (8 * unit), seed));
    }
    const float patch = fbm(x / (90 * unit), y / (50 * unit), seed + 7, 3);
    return patch > 0.58F ? flowers : mix(meadow, trees, clamp01((y - shore) / (h - shore)) * 0.5F);
  }

  // Brush direction: level over sky and water, upright in the grass.
  float angle(float y, Random& random) const {
    if (y >= shore) return kHalfPi + random.uniform(-0.6F, 0.6F);
    if (y >= horizon) return random.uniform(-0.12F, 0.12F);
    return random.uniform(-0.45F, 0.45F);
  }
};

void dabs(Canvas& canvas, Random& random, const Scene& scene, float step, float length,
          float alpha) {
  const float u = canvas.unit();
  for (float y = 0; y < scene.h + step; y += step) {
    for (float x = 0; x < scene.w + step; x += step) {
      const Point at{x + random.uniform(-0.5F, 0.5F) * step,
                     y + random.uniform(-0.5F, 0.5F) * step};
      const float hue_shift = random.uniform(-12, 12);
      const float saturation = random.uniform(0.8F, 1.25F);
      const float value = random.uniform(0.85F, 1.12F);
      const float stroke = length * random.uniform(0.7F, 1.3F) * u;
      const float angle = scene.angle(at.y, random);
      canvas.ellipse(at, stroke, length * 0.32F * u, angle,
                     vary(scene.at(at.x, at.y), hue_shift, saturation, value), alpha);
    }
  }
}

}  // namespace

// Dense short brush dabs of broken colour over a river landscape: every dab varies the
// colour under it a little in hue, saturation and value, as impressionist painters did.
void paint_impressionism(Canvas& canvas, Random& random, const Mood& mood) {
  const auto w = static_cast<float>(canvas.width());
  const auto h = static_cast<float>(canvas.height());
  const float tint = mood.hue_named ? 0.4F : 0.15F;
  const Scene scene{w,
                    h,
                    canvas.unit(),
                    h * random.uniform(0.35F, 0.45F),
                    h * random.uniform(0.62F, 0.72F),
                    mix(hsv(210, 0.4F, 0.9F), hsv(mood.hue, 0.4F, 0.9F), tint),
                    mood.dusk ? hsv(30, 0.45F, 0.98F) : hsv(50, 0.22F, 0.98F),
                    hsv(135, 0.45F, 0.45F),
                    mix(hsv(200, 0.5F, 0.7F), hsv(mood.hue, 0.5F, 0.7F), tint),
                    hsv(95, 0.5F, 0.7F),
                    hsv(mood.hue_named ? mood.hue : 355, 0.7F, 0.9F),
                    random.next()};
  canvas.shade(
      [&](int x, int y) { return scene.at(static_cast<float>(x), static_cast<float>(y)); });
  Random broad = random.fork();
  Random fine = random.fork();
  dabs(canvas, broad, scene, 9 * canvas.unit(), 13, 0.85F);
  dabs(canvas, fine, scene, 6 * canvas.unit(), 8, 0.8F);
}

}  // namespace artshop::imagegen
