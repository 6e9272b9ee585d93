#include <algorithm>
#include <array>
#include <utility>

#include "../styles.hpp"

namespace artshop::imagegen {
namespace {

constexpr std::array kPopColours{rgb8(255, 228, 0), rgb8(255, 30, 140), rgb8(0, 188, 240),
                                 rgb8(235, 32, 36), rgb8(24, 72, 220),  rgb8(30, 200, 84),
                                 rgb8(255, 140, 0)};
constexpr Colour kInk = rgb8(12, 12, 12);
constexpr Colour kPaper = rgb8(255, 255, 255);

struct Panel {
  float left, top, right, bottom;
  float width() const { return right - left; }
  float height() const { return bottom - top; }
  Point centre() const { return {(left + right) / 2, (top + bottom) / 2}; }
};

// Benday dots growing from one corner of the panel to the opposite one.
void halftone(Canvas& canvas, const Panel& panel, Colour dots) {
  const float step = 16 * canvas.unit();
  int row = 0;
  for (float y = panel.top; y < panel.bottom; y += step, ++row) {
    const float offset = row % 2 == 0 ? 0.0F : step / 2;
    for (float x = panel.left + offset; x < panel.right; x += step) {
      const float t = ((x - panel.left) / panel.width() + (y - panel.top) / panel.height()) / 2;
      canvas.circle({x, y}, step * (0.1F + 0.32F * t), dots);
    }
  }
}

Point scaled(Point p, Point centre, float factor) {
  return {centre.x + (p.x - centre.x) * factor, centre.y + (p.y - centre.y) * factor};
}

// A five-pointed star from convex pieces that overlap a little, so no seams show, ringed by
// an ink outline of round-capped strokes (even at the inner corners, unlike a scaled copy).
void star(Canvas& canvas, Point centre, float radius, float outline, Colour colour) {
  std::array<Point, 10> rim{};  // tips at even indices, inner corners at odd ones
  for (std::size_t i = 0; i < rim.size(); ++i) {
    const float angle = -kHalfPi + kTwoPi * static_cast<float>(i) / 10;
    const float r = i % 2 == 0 ? radius : radius * 0.42F;
    rim[i] = {centre.x + r * cosine(angle), centre.y + r * sine(angle)};
  }
  for (std::size_t i = 0; i < rim.size(); ++i) {
    canvas.line(rim[i], rim[(i + 1) % rim.size()], 2 * outline, kInk);
  }
  std::array<Point, 5> core{};
  for (std::size_t i = 0; i < core.size(); ++i) core[i] = scaled(rim[2 * i + 1], centre, 1.08F);
  canvas.polygon(core, colour);
  for (std::size_t i = 0; i < 10; i += 2) {
    const std::array tip{rim[i], scaled(rim[(i + 1) % 10], centre, 0.9F),
                         scaled(rim[(i + 9) % 10], centre, 0.9F)};
    canvas.polygon(tip, colour);
  }
}

void heart(Canvas& canvas, Point centre, float size, float outline, Colour colour) {
  const float lobe = size * 0.5F;
  canvas.circle({centre.x - lobe * 0.95F, centre.y - lobe * 0.3F}, lobe + outline, colour);
  canvas.circle({centre.x + lobe * 0.95F, centre.y - lobe * 0.3F}, lobe + outline, colour);
  const std::array point{Point{centre.x - lobe * 1.88F - outline, centre.y - lobe * 0.05F},
                         Point{centre.x + lobe * 1.88F + outline, centre.y - lobe * 0.05F},
                         Point{centre.x, centre.y + size * 1.25F + outline * 1.6F}};
  canvas.polygon(point, colour);
}

void motif(Canvas& canvas, int kind, Point centre, float size, Colour colour) {
  const float outline = 9 * canvas.unit();
  switch (kind) {
    case 0:
      canvas.circle(centre, size + outline, kInk);
      canvas.circle(centre, size, colour);
      canvas.circle({centre.x - size * 0.35F, centre.y - size * 0.35F}, size * 0.18F, kPaper);
      break;
    case 1:
      star(canvas, centre, size * 1.2F, outline, colour);
      break;
    default:
      heart(canvas, centre, size * 0.85F, outline, kInk);
      heart(canvas, centre, size * 0.85F, 0, colour);
  }
}

}  // namespace

// A Warhol-style grid of four panels: the same bold motif repeated in flat primaries on
// contrasting backgrounds with Benday halftone dots, thick black outlines and gutters.
void paint_pop_art(Canvas& canvas, Random& random, const Mood& mood) {
  const auto w = static_cast<float>(canvas.width());
  const auto h = static_cast<float>(canvas.height());
  std::array<std::size_t, kPopColours.size()> order{};
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  for (std::size_t i = order.size() - 1; i > 0; --i) {
    std::swap(order[i], order[static_cast<std::size_t>(random.below(static_cast<int>(i) + 1))]);
  }
  // The prompt's hue gets the first panel, as near as the pop palette allows.
  const std::size_t hue_colour =
      static_cast<std::size_t>(mood.hue / 360.0F * static_cast<float>(kPopColours.size())) %
      kPopColours.size();
  for (std::size_t i = 0; i < order.size(); ++i) {
    if (order[i] == hue_colour) std::swap(order[i], order[0]);
  }

  const int kind = random.below(3);
  const float gutter = 14 * canvas.unit();
  canvas.shade([](int, int) { return kInk; });
  for (int panel_index = 0; panel_index < 4; ++panel_index) {
    const int row_index = panel_index / 2;
    const auto column = static_cast<float>(panel_index % 2);
    const auto row = static_cast<float>(row_index);
    const Panel panel{gutter + column * (w - gutter) / 2, gutter + row * (h - gutter) / 2,
                      (column + 1) * (w - gutter) / 2, (row + 1) * (h - gutter) / 2};
    const auto index = static_cast<std::size_t>(panel_index);
    const Colour background = kPopColours[order[index]];
    const Colour figure = kPopColours[order[(index + 3) % order.size()]];
    canvas.fill_rect(panel.left, panel.top, panel.right, panel.bottom, background);
    halftone(canvas, panel, vary(background, 0, 1, 0.72F));
    motif(canvas, kind, panel.centre(), std::min(panel.width(), panel.height()) * 0.3F, figure);
  }
  // The gutters last, so that they cut every dot and shape cleanly at the panel edges.
  const float middle_x = (w - gutter) / 2;
  const float middle_y = (h - gutter) / 2;
  for (const auto& [left, top, right, bottom] :
       {std::array{0.0F, 0.0F, w, gutter}, std::array{0.0F, h - gutter, w, h},
        std::array{0.0F, 0.0F, gutter, h}, std::array{w - gutter, 0.0F, w, h},
        std::array{middle_x, 0.0F, middle_x + gutter, h},
        std::array{0.0F, middle_y, w, middle_y + gutter}}) {
    canvas.fill_rect(left, top, right, bottom, kInk);
  }
}

}  // namespace artshop::imagegen
