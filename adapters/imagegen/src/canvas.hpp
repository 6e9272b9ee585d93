#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "colour.hpp"
#include "maths.hpp"

namespace artshop::imagegen {

enum class Blend : std::uint8_t {
  Normal,    // paint over: result = lerp(under, colour, alpha)
  Add,       // light: glows, neon, sparkles
  Multiply,  // glaze: translucent pigment, watercolour washes
};

// A run of rows of a picture: from `begin` to `end`, exclusive.
struct Rows {
  int begin;
  int end;
};

// A picture being drawn: floating-point RGB, so that many translucent layers blend without
// banding, turned into 8-bit at the end. Shapes are anti-aliased by their distance to the
// edge; `feather` widens that edge into a soft blur. Coordinates are pixels, y downwards.
//
// A canvas may hold only a band of the picture's rows (a large picture is painted band by
// band, to keep its memory small): every shape is clipped to the band, and a painter that
// visits pixels itself visits only `rows()`. Everything else (the size, the unit, the
// coordinates) is the whole picture's, so a pixel comes out the same in a band as in the
// whole.
class Canvas {
 public:
  Canvas(int width, int height);
  // Only `band` of the rows of a `width` x `height` picture.
  Canvas(int width, int height, Rows band);

  int width() const noexcept { return width_; }
  int height() const noexcept { return height_; }
  // The rows this canvas holds out of `from` to `to`: all of them, or those of its band.
  Rows rows(int from = 0, int to = std::numeric_limits<int>::max()) const noexcept {
    return {std::max(from, band_.begin), std::min(to, band_.end)};
  }
  // Pixels per unit of a 1024-pixel picture: styles size their strokes with it, so a picture
  // looks the same at any resolution.
  float unit() const noexcept { return unit_; }
  float min_side() const noexcept {
    return static_cast<float>(width_ < height_ ? width_ : height_);
  }

  Colour& at(int x, int y) noexcept { return pixels_[index(x, y)]; }
  const Colour& at(int x, int y) const noexcept { return pixels_[index(x, y)]; }

  // Sets every pixel to shader(x, y) (pixel centres at integer coordinates).
  template <class Shader>
  void shade(Shader shader) {
    for (int y = band_.begin; y < band_.end; ++y) {
      for (int x = 0; x < width_; ++x) at(x, y) = shader(x, y);
    }
  }

  // Inline: it runs once per touched pixel of every shape.
  void blend(int x, int y, Colour colour, float alpha, Blend mode = Blend::Normal) noexcept {
    if (alpha <= 0) return;
    Colour& under = at(x, y);
    switch (mode) {
      case Blend::Normal:
        under = mix(under, colour, alpha);
        break;
      case Blend::Add:
        under = under + colour * alpha;
        break;
      case Blend::Multiply:
        under = mix(under, under * colour, alpha);
        break;
    }
  }

  void fill_rect(float left, float top, float right, float bottom, Colour colour, float alpha = 1,
                 Blend mode = Blend::Normal);
  void circle(Point centre, float radius, Colour colour, float alpha = 1,
              Blend mode = Blend::Normal, float feather = 1);
  void ring(Point centre, float radius, float thickness, Colour colour, float alpha = 1,
            Blend mode = Blend::Normal);
  // A soft light: alpha falls from `alpha` at the centre to nothing at `radius`.
  void glow(Point centre, float radius, Colour colour, float alpha, Blend mode = Blend::Add);
  void ellipse(Point centre, float radius_x, float radius_y, float angle, Colour colour,
               float alpha = 1, Blend mode = Blend::Normal);
  // A convex polygon, corners in either winding order.
  void polygon(std::span<const Point> corners, Colour colour, float alpha = 1,
               Blend mode = Blend::Normal, float feather = 1);
  void line(Point from, Point to, float thickness, Colour colour, float alpha = 1,
            Blend mode = Blend::Normal);

  // Fills every column x from tops[x] down to row `stop` (the bottom edge by default) with
  // shader(x, y, depth), depth being the distance in pixels below the top: hills, mountains,
  // skylines, water.
  template <class Shader>
  void fill_below(std::span<const float> tops, Shader shader, float alpha = 1,
                  int stop = std::numeric_limits<int>::max()) {
    const int last = std::min(stop, band_.end);
    for (int x = 0; x < width_ && static_cast<std::size_t>(x) < tops.size(); ++x) {
      const float top = tops[static_cast<std::size_t>(x)];
      const int first = std::max(band_.begin, static_cast<int>(std::floor(top)));
      for (int y = first; y < last; ++y) {
        const float coverage = clamp01(static_cast<float>(y) + 1.0F - top);
        blend(x, y, shader(x, y, static_cast<float>(y) - top), alpha * coverage);
      }
    }
  }

  // Adds the canvas's rows to `rgb` as 8-bit RGB. With a non-zero seed, a hashed dither of
  // under one level hides the bands of smooth gradients; flat-colour styles pass 0 to keep
  // their few exact colours. Uses the canvas up: a large one hands its memory back as its rows
  // are converted, so that its floating-point pixels and its bytes are never all held at once.
  void append_rgb8(std::vector<std::uint8_t>& rgb, std::uint64_t dither_seed) &&;

 private:
  std::size_t index(int x, int y) const noexcept {
    return static_cast<std::size_t>(y - band_.begin) * static_cast<std::size_t>(width_) +
           static_cast<std::size_t>(x);
  }
  struct Box {
    int left, top, right, bottom;  // right and bottom exclusive
  };
  Box clip(float left, float top, float right, float bottom) const noexcept;
  // Returns the memory of the rows above `row` to the system; they read as black after it.
  void release_rows_before(int row) noexcept;

  // Canvases from this size on (a picture of about 1,400 x 1,000) give their memory back while
  // converting, a few hundred kilobytes at a time.
  static constexpr std::size_t kReleaseFrom = std::size_t{16} << 20;
  static constexpr int kRowsPerRelease = 32;

  int width_;
  int height_;
  Rows band_;
  float unit_;
  std::vector<Colour> pixels_;
  std::vector<float> row_;  // scratch: the alpha of each pixel of one row of a shape
};

}  // namespace artshop::imagegen
