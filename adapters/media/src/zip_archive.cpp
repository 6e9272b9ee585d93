#include "artshop/media/zip_archive.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <stdexcept>

namespace artshop::media {
namespace {

constexpr std::uint32_t kLocalHeader = 0x04034b50;
constexpr std::uint32_t kCentralHeader = 0x02014b50;
constexpr std::uint32_t kEndOfCentralDirectory = 0x06054b50;
constexpr std::uint16_t kVersion = 20;        // 2.0: what readers need for stored entries
constexpr std::uint16_t kUtf8Names = 0x0800;  // general purpose flag bit 11
constexpr std::uint16_t kStored = 0;

constexpr std::array<std::uint32_t, 256> crc_table() {
  std::array<std::uint32_t, 256> table{};
  for (std::uint32_t n = 0; n < table.size(); ++n) {
    auto c = n;
    for (int k = 0; k < 8; ++k) c = (c & 1U) != 0 ? 0xEDB88320U ^ (c >> 1U) : c >> 1U;
    table[n] = c;
  }
  return table;
}
constexpr auto kCrcTable = crc_table();

void put16(std::string& out, std::uint16_t value) {
  out += static_cast<char>(value & 0xFFU);
  out += static_cast<char>(value >> 8U);
}
void put32(std::string& out, std::uint32_t value) {
  put16(out, static_cast<std::uint16_t>(value & 0xFFFFU));
  put16(out, static_cast<std::uint16_t>(value >> 16U));
}

std::uint32_t checked32(std::size_t value) {
  if (value > std::numeric_limits<std::uint32_t>::max()) {
    throw std::length_error("a ZIP archive without ZIP64 holds at most 4 GiB");
  }
  return static_cast<std::uint32_t>(value);
}

struct DosTime {
  std::uint16_t time = 0;
  std::uint16_t date = 0;
};

DosTime dos_time(std::chrono::sys_seconds at) {
  using namespace std::chrono;
  const auto earliest = sys_days{year{1980} / January / 1};
  const auto latest = sys_days{year{2107} / December / 31};
  at = std::clamp<sys_seconds>(at, earliest, latest);
  const auto day = floor<days>(at);
  const year_month_day date{day};
  const hh_mm_ss clock{at - day};
  const auto hour = static_cast<unsigned>(clock.hours().count());
  const auto minute = static_cast<unsigned>(clock.minutes().count());
  const auto second = static_cast<unsigned>(clock.seconds().count());
  const auto years_since_1980 = static_cast<unsigned>(int(date.year()) - 1980);
  return {.time = static_cast<std::uint16_t>((hour << 11U) | (minute << 5U) | (second / 2U)),
          .date = static_cast<std::uint16_t>(
              (years_since_1980 << 9U) | (unsigned(date.month()) << 5U) | unsigned(date.day()))};
}

// The fields the local and the central header share, from "version needed" to the extra
// field's length.
void put_common(std::string& out, const ZipEntry& entry, DosTime when, std::uint32_t crc) {
  put16(out, kVersion);
  put16(out, kUtf8Names);
  put16(out, kStored);
  put16(out, when.time);
  put16(out, when.date);
  put32(out, crc);
  put32(out, checked32(entry.bytes.size()));  // compressed: stored as it is
  put32(out, checked32(entry.bytes.size()));
  put16(out, static_cast<std::uint16_t>(entry.name.size()));
  put16(out, 0);  // no extra field
}

}  // namespace

std::uint32_t crc32(std::string_view bytes) noexcept {
  std::uint32_t crc = 0xFFFFFFFFU;
  for (const char c : bytes) {
    crc = kCrcTable[(crc ^ static_cast<unsigned char>(c)) & 0xFFU] ^ (crc >> 8U);
  }
  return crc ^ 0xFFFFFFFFU;
}

std::string zip_stored(std::span<const ZipEntry> entries, std::chrono::sys_seconds modified) {
  if (entries.size() > std::numeric_limits<std::uint16_t>::max()) {
    throw std::length_error("a ZIP archive without ZIP64 holds at most 65535 entries");
  }
  for (const auto& entry : entries) {
    if (entry.name.empty() || entry.name.size() > std::numeric_limits<std::uint16_t>::max()) {
      throw std::length_error("a ZIP entry's name is 1 to 65535 bytes");
    }
  }
  const auto when = dos_time(modified);
  std::string archive;
  std::string directory;
  for (const auto& entry : entries) {
    const auto offset = checked32(archive.size());
    const auto crc = crc32(entry.bytes);
    put32(archive, kLocalHeader);
    put_common(archive, entry, when, crc);
    archive += entry.name;
    archive += entry.bytes;

    put32(directory, kCentralHeader);
    put16(directory, kVersion);  // made by: MS-DOS attributes, 2.0
    put_common(directory, entry, when, crc);
    put16(directory, 0);  // no comment
    put16(directory, 0);  // disk number
    put16(directory, 0);  // internal attributes
    put32(directory, 0);  // external attributes
    put32(directory, offset);
    directory += entry.name;
  }
  const auto directory_offset = checked32(archive.size());
  const auto count = static_cast<std::uint16_t>(entries.size());
  archive += directory;
  put32(archive, kEndOfCentralDirectory);
  put16(archive, 0);  // this disk
  put16(archive, 0);  // the disk the directory starts on
  put16(archive, count);
  put16(archive, count);
  put32(archive, checked32(directory.size()));
  put32(archive, directory_offset);
  put16(archive, 0);  // no comment
  checked32(archive.size());
  return archive;
}

}  // namespace artshop::media
