#include <algorithm>
#include <cmath>

#include "../noise.hpp"
#include "../styles.hpp"

namespace artshop::imagegen {
namespace {

// One wash: pigment glazed in several thinning layers inside a ragged edge, denser towards
// the edge where water carries the pigment as it dries (the "coffee ring" of watercolour).
void wash(Canvas& canvas, Random& random, Point centre, float radius, Colour pigment) {
  const std::uint64_t seed = random.next();
  const float stretch = random.uniform(0.7F, 1.4F);
  const float reach = radius * 1.3F * std::max(stretch, 1.0F / stretch);
  const int left = std::max(0, static_cast<int>(centre.x - reach));
  const int right = std::min(canvas.width(), static_cast<int>(centre.x + reach) + 1);
  const auto [top, bottom] =
      canvas.rows(static_cast<int>(centre.y - reach), static_cast<int>(centre.y + reach) + 1);
  const float half_width = radius * stretch;
  for (int y = top; y < bottom; ++y) {
    const float dy = (static_cast<float>(y) - centre.y) * stretch / radius;
    // Only the span of the row inside the raggedest edge is visited (widened by a pixel either
    // side against rounding); the test below still decides each pixel.
    const float across = 1.3F * 1.3F - dy * dy;
    if (across <= 0) continue;
    const float span = half_width * std::sqrt(across);
    const int from = std::max(left, static_cast<int>(std::floor(centre.x - span)) - 1);
    const int to = std::min(right, static_cast<int>(std::floor(centre.x + span)) + 2);
    for (int x = from; x < to; ++x) {
      const float dx = (static_cast<float>(x) - centre.x) / half_width;
      const float plain = std::sqrt(dx * dx + dy * dy);
      if (plain >= 1.28F) continue;  // beyond the raggedest edge: skip the costly noise
      const float ragged = fbm(static_cast<float>(x) / (radius * 0.35F),
                               static_cast<float>(y) / (radius * 0.35F), seed, 3);
      const float reach_here = plain + 0.55F * (ragged - 0.5F);
      if (reach_here >= 1.0F) continue;
      // Three nested layers share one ragged field: their edges become tide lines.
      float alpha = 0;
      for (const float layer : {1.0F, 0.8F, 0.55F}) {
        if (reach_here < layer) {
          alpha += 0.16F + 0.3F * smoothstep(layer - 0.12F, layer, reach_here);
        }
      }
      canvas.blend(x, y, pigment, std::min(alpha, 0.85F), Blend::Multiply);
    }
  }
}

}  // namespace

// Soft, bleeding washes of transparent pastel pigment on textured cotton paper.
void paint_watercolor(Canvas& canvas, Random& random, const Mood& mood) {
  const auto w = static_cast<float>(canvas.width());
  const auto h = static_cast<float>(canvas.height());
  const float u = canvas.unit();
  const std::uint64_t paper_seed = random.next();
  const Colour paper = rgb8(248, 244, 234);
  canvas.shade([&](int x, int y) {
    const float grain =
        fbm(static_cast<float>(x) / (2.5F * u), static_cast<float>(y) / (2.5F * u), paper_seed, 2);
    return paper * (0.96F + 0.05F * grain);
  });

  const int washes = 7 + random.below(6);
  for (int i = 0; i < washes; ++i) {
    const float near_hue = mood.hue + random.uniform(-50, 50);
    const float hue = random.chance(0.25F) ? near_hue + 180 : near_hue;  // a complementary wash
    const float saturation = random.uniform(0.3F, 0.55F);
    const Colour pigment = hsv(hue, saturation, random.uniform(0.8F, 0.95F));
    const Point centre{random.uniform(0.05F, 0.95F) * w, random.uniform(0.05F, 0.95F) * h};
    wash(canvas, random, centre, canvas.min_side() * random.uniform(0.1F, 0.26F), pigment);
  }

  // Pigment settles in the paper's pits: a last pass of grain shows through the washes.
  const auto [first, end] = canvas.rows();
  for (int y = first; y < end; ++y) {
    for (int x = 0; x < canvas.width(); ++x) {
      const float pit = lattice(x / 2, y / 2, paper_seed + 1);
      canvas.at(x, y) = canvas.at(x, y) * (1.0F - 0.04F * pit);
    }
  }
}

}  // namespace artshop::imagegen
