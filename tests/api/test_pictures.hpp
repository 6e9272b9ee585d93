#pragma once

// Pictures made in memory for uploads: valid PNG files of any size and one colour.
#include <gtest/gtest.h>
#include <zlib.h>

#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace artshop::testing {

// A PNG chunk: length, type, data and the CRC of type and data.
inline void append_chunk(std::string& png, std::string_view type, std::string_view data) {
  const auto be32 = [&png](std::uint32_t value) {
    for (int shift = 24; shift >= 0; shift -= 8) png += static_cast<char>((value >> shift) & 0xFF);
  };
  be32(static_cast<std::uint32_t>(data.size()));
  const std::string body = std::string(type) + std::string(data);
  png += body;
  be32(static_cast<std::uint32_t>(
      crc32(0, reinterpret_cast<const Bytef*>(body.data()), static_cast<uInt>(body.size()))));
}

// A PNG of `width` x `height` with `bit_depth` and `colour_type` (0 grey, 2 RGB) whose every
// row (filter byte included) is `row`, deflated as it goes: a picture of one colour of any
// size in a file of a few hundred kilobytes at most.
inline std::string png_of(int width, int height, int bit_depth, int colour_type,
                          const std::string& row) {
  std::string png = "\x89PNG\r\n\x1a\n";
  std::string header;
  for (const auto value : {static_cast<std::uint32_t>(width), static_cast<std::uint32_t>(height)}) {
    for (int shift = 24; shift >= 0; shift -= 8)
      header += static_cast<char>((value >> shift) & 0xFF);
  }
  header += static_cast<char>(bit_depth);
  header += static_cast<char>(colour_type);
  header += std::string(3, '\0');  // deflate, adaptive filtering, no interlace
  append_chunk(png, "IHDR", header);

  z_stream stream{};
  EXPECT_EQ(deflateInit(&stream, Z_BEST_COMPRESSION), Z_OK);
  std::string compressed;
  std::array<char, 1 << 16> out{};
  const auto pump = [&](int flush) {
    do {
      stream.next_out = reinterpret_cast<Bytef*>(out.data());
      stream.avail_out = static_cast<uInt>(out.size());
      deflate(&stream, flush);
      compressed.append(out.data(), out.size() - stream.avail_out);
    } while (stream.avail_out == 0);
  };
  for (int y = 0; y < height; ++y) {
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(row.data()));
    stream.avail_in = static_cast<uInt>(row.size());
    pump(Z_NO_FLUSH);
  }
  pump(Z_FINISH);
  deflateEnd(&stream);
  append_chunk(png, "IDAT", compressed);
  append_chunk(png, "IEND", "");
  return png;
}

// An RGB picture of one colour.
inline std::string rgb_png(int width, int height) {
  std::string row(1 + static_cast<std::size_t>(width) * 3, '\0');
  for (std::size_t i = 1; i < row.size(); i += 3) {
    row[i] = static_cast<char>(40);
    row[i + 1] = static_cast<char>(110);
    row[i + 2] = static_cast<char>(180);
  }
  return png_of(width, height, 8, 2, row);
}

}  // namespace artshop::testing
