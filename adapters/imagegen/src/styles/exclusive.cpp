#include <array>
#include <cmath>
#include <cstddef>

#include "../styles.hpp"

namespace artshop::imagegen {
namespace {

// Metallic gold: dark bronze through gold to a pale highlight.
Colour gold(float shine) {
  const Colour bronze = rgb8(120, 82, 24);
  const Colour metal = rgb8(212, 170, 55);
  const Colour highlight = rgb8(255, 236, 160);
  return shine < 0.5F ? mix(bronze, metal, shine * 2) : mix(metal, highlight, shine * 2 - 1);
}

void petal_ring(Canvas& canvas, Point centre, float radius, int petals, float length, float width,
                float turn, float shine) {
  for (int i = 0; i < petals; ++i) {
    const float angle = turn + kTwoPi * static_cast<float>(i) / static_cast<float>(petals);
    const Point at{centre.x + radius * cosine(angle), centre.y + radius * sine(angle)};
    canvas.ellipse(at, length * 1.12F, width * 1.3F, angle, gold(shine * 0.3F), 0.9F);
    canvas.ellipse(at, length, width, angle, gold(shine), 0.95F);
  }
}

}  // namespace

// The one-of-a-kind look: a deep jewel-toned field with a faint damask, an ornate gold
// medallion of petal rings, rings of beads and a rose-curve filigree, a double gold frame
// with corner ornaments, and a few sparkles.
void paint_exclusive(Canvas& canvas, Random& random, const Mood& mood) {
  const auto w = static_cast<float>(canvas.width());
  const auto h = static_cast<float>(canvas.height());
  const Point centre{w / 2, h / 2};
  const float reach = std::sqrt(centre.x * centre.x + centre.y * centre.y);
  const Colour inner = hsv(mood.hue, 0.75F, 0.38F);
  const Colour outer = hsv(mood.hue + 15, 0.85F, 0.07F);
  const float pattern = 36.0F * canvas.unit();
  canvas.shade([&](int x, int y) {
    const auto fx = static_cast<float>(x);
    const auto fy = static_cast<float>(y);
    const float d =
        std::sqrt((fx - centre.x) * (fx - centre.x) + (fy - centre.y) * (fy - centre.y));
    const float damask = sine((fx + fy) / pattern) * sine((fx - fy) / pattern);
    return mix(inner, outer, smoothstep(0.0F, 1.0F, d / reach)) * (damask > 0.55F ? 1.18F : 1.0F);
  });

  const float size = canvas.min_side() * 0.43F;
  const float u = canvas.unit();
  canvas.glow(centre, size * 1.5F, gold(0.6F), 0.25F);
  const float turn = random.uniform(0, kTwoPi);
  const int petals = 8 + 2 * random.below(4);
  petal_ring(canvas, centre, size * 0.78F, petals * 2, size * 0.16F, size * 0.05F, turn, 0.55F);
  canvas.ring(centre, size * 0.95F, 5 * u, gold(0.7F));
  canvas.ring(centre, size * 0.6F, 3 * u, gold(0.8F));
  petal_ring(canvas, centre, size * 0.42F, petals, size * 0.17F, size * 0.07F, turn * 2, 0.75F);
  canvas.circle(centre, size * 0.2F, gold(0.35F));
  canvas.circle(centre, size * 0.15F, gold(0.9F));
  canvas.circle(centre, size * 0.07F, hsv(mood.hue, 0.8F, 0.5F));

  const int beads = petals * 3;
  for (int i = 0; i < beads; ++i) {
    const float angle = kTwoPi * static_cast<float>(i) / static_cast<float>(beads);
    canvas.circle({centre.x + size * 1.03F * cosine(angle), centre.y + size * 1.03F * sine(angle)},
                  5 * u, gold(0.85F));
  }
  // Filigree: small dots along the rose curve r = cos(k * angle).
  const auto lobes = static_cast<float>(3 + random.below(4));
  const int dots = static_cast<int>(1800 * u);
  for (int i = 0; i < dots; ++i) {
    const float angle = kTwoPi * static_cast<float>(i) / static_cast<float>(dots);
    const float r = size * 0.6F * cosine(lobes * angle);
    canvas.circle({centre.x + r * cosine(angle + turn), centre.y + r * sine(angle + turn)},
                  1.6F * u, gold(0.95F), 0.8F);
  }

  const float margin = 0.035F * canvas.min_side();
  for (const float inset : {margin, margin + 9 * u}) {
    const std::array<Point, 4> corners{
        {{inset, inset}, {w - inset, inset}, {w - inset, h - inset}, {inset, h - inset}}};
    for (std::size_t i = 0; i < corners.size(); ++i) {
      canvas.line(corners[i], corners[(i + 1) % corners.size()], inset == margin ? 5 * u : 2 * u,
                  gold(0.7F));
    }
    if (inset == margin) {
      for (const Point corner : corners) {
        canvas.circle(corner, 16 * u, gold(0.3F));
        canvas.circle(corner, 12 * u, gold(0.85F));
        canvas.ring(corner, 28 * u, 3 * u, gold(0.7F));
      }
    }
  }

  const int sparkles = 12 + random.below(10);
  for (int i = 0; i < sparkles; ++i) {
    const Point at{random.uniform(0, w), random.uniform(0, h)};
    canvas.glow(at, random.uniform(8, 22) * u, rgb8(255, 240, 190), 0.9F);
  }
}

}  // namespace artshop::imagegen
