#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>

namespace artshop::media {

// A baseline JPEG written with libjpeg as the picture's rows arrive, so that neither the
// picture nor its coefficients are ever held whole: a few rows at a time. With the standard
// tables, no metadata and libvips' own settings, its bytes are those libvips' jpegsave writes
// of the same pixels without progressive scans or optimised tables.
class JpegRowWriter {
 public:
  // Throws std::runtime_error when libjpeg cannot start.
  JpegRowWriter(int width, int height, int quality);
  ~JpegRowWriter();
  JpegRowWriter(const JpegRowWriter&) = delete;
  JpegRowWriter& operator=(const JpegRowWriter&) = delete;

  // Whole rows of 8-bit RGB (width * 3 bytes each), after those written before. Throws
  // std::invalid_argument for a part of a row or rows beyond the picture's height.
  void write(std::span<const std::uint8_t> rgb);
  // The file, once every row is written; std::logic_error before.
  std::string finish();

  struct State;  // libjpeg's, in the source file

 private:
  std::unique_ptr<State> state_;
  int width_;
  int height_;
};

}  // namespace artshop::media
