#include "canvas.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "noise.hpp"

namespace artshop::imagegen {
namespace {

float distance(float dx, float dy) noexcept {
  return std::sqrt(dx * dx + dy * dy);
}

// Coverage of a pixel whose centre lies `inside` pixels within an edge (negative: outside).
float coverage(float inside, float feather) noexcept {
  return clamp01(inside / feather + 0.5F);
}

}  // namespace

Canvas::Canvas(int width, int height) : Canvas(width, height, {0, height}) {}

Canvas::Canvas(int width, int height, Rows band)
    : width_(width),
      height_(height),
      band_{std::clamp(band.begin, 0, height), std::clamp(band.end, band.begin, height)},
      unit_(static_cast<float>(std::max(width, height)) / 1024.0F),
      pixels_(static_cast<std::size_t>(width) * static_cast<std::size_t>(band_.end - band_.begin)) {
}

Canvas::Box Canvas::clip(float left, float top, float right, float bottom) const noexcept {
  const auto low = [](float v, int first, int limit) {
    return std::clamp(static_cast<int>(std::floor(v)), first, limit);
  };
  const auto high = [](float v, int first, int limit) {
    return std::clamp(static_cast<int>(std::ceil(v)) + 1, first, limit);
  };
  return {low(left, 0, width_), low(top, band_.begin, band_.end), high(right, 0, width_),
          high(bottom, band_.begin, band_.end)};
}

void Canvas::fill_rect(float left, float top, float right, float bottom, Colour colour, float alpha,
                       Blend mode) {
  const Box box = clip(left, top, right, bottom);
  for (int y = box.top; y < box.bottom; ++y) {
    const auto fy = static_cast<float>(y);
    const float vertical = clamp01(std::min(fy + 0.5F - top, bottom - fy + 0.5F));
    for (int x = box.left; x < box.right; ++x) {
      const auto fx = static_cast<float>(x);
      const float horizontal = clamp01(std::min(fx + 0.5F - left, right - fx + 0.5F));
      blend(x, y, colour, alpha * vertical * horizontal, mode);
    }
  }
}

void Canvas::circle(Point centre, float radius, Colour colour, float alpha, Blend mode,
                    float feather) {
  const float reach = radius + feather;
  const Box box = clip(centre.x - reach, centre.y - reach, centre.x + reach, centre.y + reach);
  for (int y = box.top; y < box.bottom; ++y) {
    for (int x = box.left; x < box.right; ++x) {
      const float d = distance(static_cast<float>(x) - centre.x, static_cast<float>(y) - centre.y);
      blend(x, y, colour, alpha * coverage(radius - d, feather), mode);
    }
  }
}

void Canvas::ring(Point centre, float radius, float thickness, Colour colour, float alpha,
                  Blend mode) {
  const float reach = radius + thickness;
  const Box box = clip(centre.x - reach, centre.y - reach, centre.x + reach, centre.y + reach);
  for (int y = box.top; y < box.bottom; ++y) {
    for (int x = box.left; x < box.right; ++x) {
      const float d = distance(static_cast<float>(x) - centre.x, static_cast<float>(y) - centre.y);
      blend(x, y, colour, alpha * coverage(thickness / 2 - std::abs(d - radius), 1), mode);
    }
  }
}

void Canvas::glow(Point centre, float radius, Colour colour, float alpha, Blend mode) {
  const Box box = clip(centre.x - radius, centre.y - radius, centre.x + radius, centre.y + radius);
  for (int y = box.top; y < box.bottom; ++y) {
    for (int x = box.left; x < box.right; ++x) {
      const float d = distance(static_cast<float>(x) - centre.x, static_cast<float>(y) - centre.y);
      const float falloff = clamp01(1.0F - d / radius);
      blend(x, y, colour, alpha * falloff * falloff, mode);
    }
  }
}

void Canvas::ellipse(Point centre, float radius_x, float radius_y, float angle, Colour colour,
                     float alpha, Blend mode) {
  const float c = cosine(angle);
  const float s = sine(angle);
  // Half the sides of the turned ellipse's bounding box; thin strokes touch few pixels.
  const float reach_x = std::sqrt(radius_x * radius_x * c * c + radius_y * radius_y * s * s) + 1;
  const float reach_y = std::sqrt(radius_x * radius_x * s * s + radius_y * radius_y * c * c) + 1;
  const float smaller = std::min(radius_x, radius_y);
  const Box box =
      clip(centre.x - reach_x, centre.y - reach_y, centre.x + reach_x, centre.y + reach_y);
  // The pixels a row can touch lie where (u, v) is within 1 + 0.5 / smaller of the centre: a
  // quadratic in dx. Only that span is visited (most of the box of a thin turned stroke is
  // empty); the span is widened well beyond rounding error so that no touched pixel is missed
  // and every visited one is coloured by the same formula as before.
  const float reach = 1.0F + 0.5F / smaller;
  const float limit = reach * reach * 1.02F + 0.02F;
  const float inv_x2 = 1.0F / (radius_x * radius_x);
  const float inv_y2 = 1.0F / (radius_y * radius_y);
  const float a = c * c * inv_x2 + s * s * inv_y2;
  const float half_b_per_dy = c * s * (inv_x2 - inv_y2);
  const float c_per_dy2 = s * s * inv_x2 + c * c * inv_y2;
  for (int y = box.top; y < box.bottom; ++y) {
    const float dy = static_cast<float>(y) - centre.y;
    const float half_b = half_b_per_dy * dy;
    const float quarter_discriminant = half_b * half_b - a * (c_per_dy2 * dy * dy - limit);
    if (quarter_discriminant < 0) continue;
    const float root = std::sqrt(quarter_discriminant);
    const float first = centre.x + (-half_b - root) / a;
    const float last = centre.x + (-half_b + root) / a;
    const int from = std::max(box.left, static_cast<int>(std::floor(first)) - 1);
    const int to = std::min(box.right, static_cast<int>(std::floor(last)) + 2);
    if (from >= to) continue;
    // Coverage first, for the whole span, then blending: the first loop is plain arithmetic
    // that the compiler runs several pixels at a time.
    row_.resize(static_cast<std::size_t>(to - from));
    for (int x = from; x < to; ++x) {
      const float dx = static_cast<float>(x) - centre.x;
      const float u = (dx * c + dy * s) / radius_x;
      const float v = (dy * c - dx * s) / radius_y;
      // Distance to the edge in the ellipse's own units, scaled by its smaller radius: exact
      // on the short axis and close enough elsewhere for anti-aliasing.
      row_[static_cast<std::size_t>(x - from)] =
          alpha * coverage((1.0F - distance(u, v)) * smaller, 1);
    }
    for (int x = from; x < to; ++x) {
      blend(x, y, colour, row_[static_cast<std::size_t>(x - from)], mode);
    }
  }
}

void Canvas::polygon(std::span<const Point> corners, Colour colour, float alpha, Blend mode,
                     float feather) {
  if (corners.size() < 3) return;
  float area = 0;  // twice the signed area: its sign tells the winding order
  float left = corners[0].x, right = left, top = corners[0].y, bottom = top;
  for (std::size_t i = 0; i < corners.size(); ++i) {
    const Point a = corners[i];
    const Point b = corners[(i + 1) % corners.size()];
    area += a.x * b.y - b.x * a.y;
    left = std::min(left, a.x);
    right = std::max(right, a.x);
    top = std::min(top, a.y);
    bottom = std::max(bottom, a.y);
  }
  const float winding = area >= 0 ? 1.0F : -1.0F;
  const Box box = clip(left - feather, top - feather, right + feather, bottom + feather);
  for (int y = box.top; y < box.bottom; ++y) {
    for (int x = box.left; x < box.right; ++x) {
      const Point p{static_cast<float>(x), static_cast<float>(y)};
      float inside = 1e9F;  // distance to the nearest edge line, positive inside
      for (std::size_t i = 0; i < corners.size(); ++i) {
        const Point a = corners[i];
        const Point b = corners[(i + 1) % corners.size()];
        const float length = distance(b.x - a.x, b.y - a.y);
        if (length <= 0) continue;
        const float cross = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
        inside = std::min(inside, winding * cross / length);
      }
      blend(x, y, colour, alpha * coverage(inside, feather), mode);
    }
  }
}

void Canvas::line(Point from, Point to, float thickness, Colour colour, float alpha, Blend mode) {
  const float half = thickness / 2;
  const Box box = clip(std::min(from.x, to.x) - half - 1, std::min(from.y, to.y) - half - 1,
                       std::max(from.x, to.x) + half + 1, std::max(from.y, to.y) + half + 1);
  const float dx = to.x - from.x;
  const float dy = to.y - from.y;
  const float length_squared = std::max(dx * dx + dy * dy, 1e-6F);
  for (int y = box.top; y < box.bottom; ++y) {
    for (int x = box.left; x < box.right; ++x) {
      const float px = static_cast<float>(x) - from.x;
      const float py = static_cast<float>(y) - from.y;
      const float t = clamp01((px * dx + py * dy) / length_squared);
      const float d = distance(px - t * dx, py - t * dy);
      blend(x, y, colour, alpha * coverage(half - d, 1), mode);
    }
  }
}

void Canvas::append_rgb8(std::vector<std::uint8_t>& rgb, std::uint64_t dither_seed) && {
  const auto row_bytes = static_cast<std::size_t>(width_) * 3;
  const bool release = pixels_.size() * sizeof(Colour) >= kReleaseFrom;
  for (int y = band_.begin; y < band_.end; ++y) {
    std::size_t out = rgb.size();
    rgb.resize(out + row_bytes);
    for (int x = 0; x < width_; ++x) {
      const Colour& c = at(x, y);
      const float dither = dither_seed == 0 ? 0.5F : lattice(x, y, dither_seed);
      for (const float channel : {c.r, c.g, c.b}) {
        rgb[out++] = static_cast<std::uint8_t>(clamp01(channel) * 255.0F + dither * 0.999F);
      }
    }
    if (release && (y + 1 - band_.begin) % kRowsPerRelease == 0) release_rows_before(y + 1);
  }
}

void Canvas::release_rows_before(int row) noexcept {
  const auto page = static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE));
  const auto start = reinterpret_cast<std::uintptr_t>(pixels_.data());
  const std::uintptr_t first = (start + page - 1) / page * page;
  const std::uintptr_t last = (start + index(0, row) * sizeof(Colour)) / page * page;
  // Whole pages only, all inside the pixels: the allocator's own bytes are never touched. The
  // address is reached from the pixels' own pointer, which keeps its provenance.
  auto* const bytes = reinterpret_cast<std::byte*>(pixels_.data());
  if (last > first) ::madvise(bytes + (first - start), last - first, MADV_DONTNEED);
}

}  // namespace artshop::imagegen
