#include "../styles.hpp"

namespace artshop::imagegen {

// A few flat shapes on a plain field with plenty of empty space: one of three layouts
// (sun over a horizon, an arch with a dot, two stacked blocks), placed on the thirds.
void paint_minimalism(Canvas& canvas, Random& random, const Mood& mood) {
  const auto w = static_cast<float>(canvas.width());
  const auto h = static_cast<float>(canvas.height());
  const Colour field = hsv(mood.hue + 30, 0.12F, 0.93F);
  const Colour accent = hsv(mood.hue, 0.55F, 0.78F);
  const Colour quiet = hsv(mood.hue + 200, 0.25F, 0.45F);
  canvas.shade([&](int, int) { return field; });

  const float third_x = random.chance(0.5F) ? w / 3 : 2 * w / 3;
  const float size = canvas.min_side();
  switch (random.below(3)) {
    case 0: {  // sun over a horizon
      const float horizon = h * random.uniform(0.6F, 0.72F);
      canvas.circle({third_x, horizon - size * 0.18F}, size * random.uniform(0.1F, 0.16F), accent);
      canvas.fill_rect(-1, horizon, w + 1, h + 1, quiet);
      break;
    }
    case 1: {  // an arch and a small dot
      const float radius = size * 0.2F;
      const float base = h * 0.72F;
      canvas.circle({w / 2, base - radius}, radius, quiet);
      canvas.fill_rect(w / 2 - radius, base - radius, w / 2 + radius, base + size * 0.05F, quiet);
      canvas.circle({third_x, h * 0.3F}, size * 0.035F, accent);
      break;
    }
    default: {  // two stacked blocks
      const float left = w * random.uniform(0.2F, 0.3F);
      const float right = w - left;
      canvas.fill_rect(left, h * 0.2F, right, h * 0.48F, accent);
      canvas.fill_rect(left, h * 0.54F, right, h * 0.8F, quiet);
    }
  }
}

}  // namespace artshop::imagegen
