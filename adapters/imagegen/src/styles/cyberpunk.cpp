#include <array>

#include "../styles.hpp"

namespace artshop::imagegen {
namespace {

struct Neon {
  std::array<Colour, 3> colours;
};

// One row of buildings across the picture: dark blocks whose lit windows glow in the neon
// colours. Far rows are lower, hazier and more densely lit.
void skyline(Canvas& canvas, Random& random, const Neon& neon, float depth, Colour haze) {
  const auto w = static_cast<float>(canvas.width());
  const auto h = static_cast<float>(canvas.height());
  const float u = canvas.unit();
  const Colour wall = mix(rgb8(10, 8, 22), haze, 0.45F * (1 - depth));
  const float cell_w = (5 + 3 * depth) * u;
  const float cell_h = (8 + 4 * depth) * u;
  float x = -random.uniform(0, 40) * u;
  while (x < w) {
    const float width = w * random.uniform(0.05F, 0.12F) * (0.7F + 0.6F * depth);
    const float top = h * (0.62F - random.uniform(0.1F, 0.42F) * (0.5F + 0.5F * depth));
    canvas.fill_rect(x, top, x + width, h, wall);
    if (random.chance(0.35F)) {  // antenna
      canvas.line({x + width / 2, top}, {x + width / 2, top - h * 0.05F}, 2 * u, wall);
      canvas.glow({x + width / 2, top - h * 0.05F}, 7 * u, neon.colours[0], 0.9F);
    }
    const float lit = random.uniform(0.2F, 0.45F);
    Random windows = random.fork();
    for (float wy = top + cell_h; wy < h - cell_h; wy += cell_h * 1.6F) {
      for (float wx = x + cell_w; wx < x + width - cell_w; wx += cell_w * 1.7F) {
        if (!windows.chance(lit)) continue;
        const Colour light = neon.colours[static_cast<std::size_t>(windows.below(3))];
        canvas.fill_rect(wx, wy, wx + cell_w, wy + cell_h, light, 0.55F + 0.4F * depth);
      }
    }
    if (depth > 0.9F && random.chance(0.45F)) {  // a vertical neon sign with its glow
      const Colour sign = neon.colours[static_cast<std::size_t>(random.below(2))];
      const float sx = x + width * random.uniform(0.1F, 0.8F);
      const float sy = top + h * random.uniform(0.05F, 0.2F);
      canvas.glow({sx + 5 * u, sy + h * 0.06F}, h * 0.09F, sign, 0.45F);
      canvas.fill_rect(sx, sy, sx + 10 * u, sy + h * 0.12F, sign);
    }
    x += width + random.uniform(0, 12) * u;
  }
}

}  // namespace

// A night city: a dark violet sky with a magenta glow over the horizon, three rows of
// skyscrapers with magenta, cyan and amber windows and signs, rain streaks and CRT scanlines.
void paint_cyberpunk(Canvas& canvas, Random& random, const Mood& mood) {
  const auto w = static_cast<float>(canvas.width());
  const auto h = static_cast<float>(canvas.height());
  const float u = canvas.unit();
  const Neon neon{{rgb8(255, 40, 200), rgb8(20, 230, 255), hsv(mood.hue, 0.85F, 1.0F)}};
  const Colour haze = mix(rgb8(120, 20, 120), hsv(mood.hue, 0.8F, 0.5F), 0.35F);
  vertical_gradient(canvas, rgb8(6, 4, 18), haze, h * 0.75F);
  canvas.glow({w * random.uniform(0.3F, 0.7F), h * 0.62F}, canvas.min_side() * 0.8F,
              rgb8(255, 40, 160), 0.35F);

  for (const float depth : {0.0F, 0.5F, 1.0F}) skyline(canvas, random, neon, depth, haze);

  Random rain = random.fork();
  const int drops = scaled_count(canvas, 500);
  for (int i = 0; i < drops; ++i) {
    const Point from{rain.uniform(0, w), rain.uniform(0, h)};
    const float length = rain.uniform(10, 30) * u;
    canvas.line(from, {from.x - length * 0.25F, from.y + length}, 1.2F * u, rgb8(160, 200, 255),
                0.18F, Blend::Add);
  }

  const int period = std::max(3, static_cast<int>(3 * u));
  const auto [first, end] = canvas.rows();
  for (int y = (first + period - 1) / period * period; y < end; y += period) {
    for (int x = 0; x < canvas.width(); ++x) canvas.at(x, y) = canvas.at(x, y) * 0.55F;
  }
}

}  // namespace artshop::imagegen
