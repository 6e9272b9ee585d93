#pragma once

#include <chrono>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace artshop::media {

// One file of an archive: its name inside it ('/'-separated, UTF-8) and its bytes.
struct ZipEntry {
  std::string_view name;
  std::string_view bytes;
};

// A ZIP archive (PKWARE APPNOTE 6.3) holding `entries` in order, "stored": the bytes as they
// are, since PNGs and JPEGs do not shrink under deflate. Every entry carries `modified` (UTC,
// at DOS's two-second precision; clamped to 1980-2107). No ZIP64: throws std::length_error
// past 65535 entries or 4 GiB.
std::string zip_stored(std::span<const ZipEntry> entries, std::chrono::sys_seconds modified);

// The CRC-32 of ZIP, gzip and PNG (polynomial 0xEDB88320, reflected, inverted in and out).
std::uint32_t crc32(std::string_view bytes) noexcept;

}  // namespace artshop::media
