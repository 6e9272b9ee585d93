#include <array>

#include "../styles.hpp"

namespace artshop::imagegen {
namespace {

Point around(Point centre, float radius, float angle) {
  return {centre.x + radius * cosine(angle), centre.y + radius * sine(angle)};
}

}  // namespace

// Overlapping translucent geometry in a bold triadic palette on cream paper: circles,
// triangles and turned rectangles glazed over each other, crossed by a few black strokes.
void paint_abstract(Canvas& canvas, Random& random, const Mood& mood) {
  const auto w = static_cast<float>(canvas.width());
  const auto h = static_cast<float>(canvas.height());
  canvas.shade([](int, int) { return rgb8(244, 238, 224); });

  const std::array palette{hsv(mood.hue, 0.8F, 0.9F), hsv(mood.hue + 120, 0.75F, 0.85F),
                           hsv(mood.hue + 240, 0.8F, 0.85F), hsv(mood.hue + 35, 0.9F, 0.95F),
                           rgb8(30, 30, 40)};
  const int shapes = 16 + random.below(8);
  for (int i = 0; i < shapes; ++i) {
    const Colour colour = palette[static_cast<std::size_t>(random.below(4))];
    const Point centre{random.uniform(-0.05F, 1.05F) * w, random.uniform(-0.05F, 1.05F) * h};
    const float size = canvas.min_side() * random.uniform(0.08F, 0.32F);
    const float turn = random.uniform(0, kTwoPi);
    const float alpha = random.uniform(0.55F, 0.85F);
    switch (random.below(3)) {
      case 0:
        canvas.circle(centre, size, colour, alpha, Blend::Multiply);
        break;
      case 1: {
        const std::array corners{around(centre, size * 1.3F, turn),
                                 around(centre, size * 1.3F, turn + kTwoPi / 3),
                                 around(centre, size * 1.3F, turn + 2 * kTwoPi / 3)};
        canvas.polygon(corners, colour, alpha, Blend::Multiply);
        break;
      }
      default: {
        const float stretch = random.uniform(0.3F, 1.0F);
        const std::array corners{around(centre, size, turn),
                                 around(centre, size, turn + kPi * stretch * 0.5F),
                                 around(centre, size, turn + kPi),
                                 around(centre, size, turn + kPi + kPi * stretch * 0.5F)};
        canvas.polygon(corners, colour, alpha, Blend::Multiply);
      }
    }
  }
  const int strokes = 2 + random.below(3);
  for (int i = 0; i < strokes; ++i) {
    const Point from{random.uniform(0, w), random.uniform(0, h)};
    const Point to{random.uniform(0, w), random.uniform(0, h)};
    canvas.line(from, to, random.uniform(3, 9) * canvas.unit(), palette[4], 0.9F);
  }
}

}  // namespace artshop::imagegen
