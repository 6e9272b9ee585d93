#include "watermark.hpp"

#include <vector>

namespace artshop::media {
namespace {

using vips::VImage;

constexpr const char* kText = "ARTSHOP PREVIEW";
// DejaVu ships with every Debian-like system; fontconfig falls back to another sans if not.
constexpr const char* kFont = "DejaVu Sans Bold 60";
constexpr double kAngle = 30;  // degrees, rising to the right
constexpr double kTextOpacity = 0.40;
constexpr double kHaloOpacity = 0.40;
constexpr int kGap = 80;  // pixels between repeats

}  // namespace

WatermarkTile::WatermarkTile() {
  // One-band coverage of the glyphs; dpi 72 makes the point size a pixel size.
  const VImage text = VImage::text(kText, VImage::option()->set("font", kFont)->set("dpi", 72));
  const int margin = kGap / 2;
  const VImage padded =
      text.embed(margin, margin, text.width() + 2 * margin, text.height() + 2 * margin);
  const VImage text_alpha = padded * (kTextOpacity / 255.0);
  // The halo: the glyphs blurred outwards and strengthened, a soft dark edge around them.
  const VImage spread = padded.gaussblur(3.0) * (2.5 / 255.0);
  const VImage halo_alpha = (spread > 1.0).ifthenelse(1.0, spread) * kHaloOpacity;
  // Darkening by the halo, then white text over it, folded into one gain and one offset per
  // pixel: marked = picture * gain + offset. The per-preview work is then two operations.
  const VImage gain = (1.0 - halo_alpha) * (1.0 - text_alpha);
  const VImage offset = text_alpha * 255.0;
  // Negative angles turn counter-clockwise on screen (y grows downwards). Outside the turned
  // text the gain is 1 and the offset 0: the picture shows through unchanged.
  tile_ = gain.bandjoin(offset)
              .rotate(-kAngle, VImage::option()->set("background", std::vector<double>{1, 0}))
              .copy_memory();
}

VImage WatermarkTile::apply(const VImage& picture) const {
  const int tile_width = tile_.width();
  const int tile_height = tile_.height();
  // Every other row of tiles is shifted by half a tile, so lines of text do not stack.
  const VImage row = tile_.replicate(picture.width() / tile_width + 3, 1);
  const VImage shifted = row.crop(tile_width / 2, 0, row.width() - tile_width, tile_height);
  const VImage pair =
      row.crop(0, 0, shifted.width(), tile_height).join(shifted, VIPS_DIRECTION_VERTICAL);
  const VImage field = pair.replicate(1, picture.height() / pair.height() + 2);
  // One line of text runs through the middle of the picture, where the subject usually is.
  const auto wrap = [](int value, int period) { return ((value % period) + period) % period; };
  const int left = wrap(tile_width / 2 - picture.width() / 2, tile_width);
  const int top = wrap(tile_height / 2 - picture.height() / 2, pair.height());
  const VImage cover = field.crop(left, top, picture.width(), picture.height());

  const VImage marked = picture * cover.extract_band(0) + cover.extract_band(1);
  return marked.round(VIPS_OPERATION_ROUND_RINT).cast(VIPS_FORMAT_UCHAR);
}

}  // namespace artshop::media
