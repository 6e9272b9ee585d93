#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <string>
#include <vector>

#include "artshop/media/zip_archive.hpp"
#include "support/unzip.hpp"

namespace artshop::media {
namespace {

using namespace std::chrono;

const sys_seconds kNoon = sys_days{year{2026} / November / 24} + hours{12};

std::string binary_bytes(std::size_t size) {
  std::string bytes(size, '\0');
  for (std::size_t i = 0; i < size; ++i) bytes[i] = static_cast<char>((i * 131 + 7) % 256);
  return bytes;
}

TEST(MediaZip, Crc32MatchesTheStandardCheckValue) {
  EXPECT_EQ(crc32("123456789"), 0xCBF43926U);
  EXPECT_EQ(crc32(""), 0U);
}

TEST(MediaZip, PythonsZipfileTestsAndExtractsEveryEntryAsWritten) {
  const auto first = binary_bytes(70'000);
  const auto second = std::string("\x89PNG\r\n\x1a\n tiny");
  const std::vector<ZipEntry> entries{{"a-lighthouse-watercolor-1.png", first},
                                      {"a-lighthouse-watercolor-2.png", second},
                                      {"empty.txt", ""}};

  const auto files = testing::unzip_with_python(zip_stored(entries, kNoon));

  EXPECT_EQ(files, (std::map<std::string, std::string>{{"a-lighthouse-watercolor-1.png", first},
                                                       {"a-lighthouse-watercolor-2.png", second},
                                                       {"empty.txt", ""}}));
}

TEST(MediaZip, AnArchiveWithABrokenEntryIsRefusedByTheIndependentReader) {
  const auto bytes = binary_bytes(1000);
  const std::vector<ZipEntry> entries{{"picture.png", bytes}};
  auto archive = zip_stored(entries, kNoon);
  archive[30 + 11 + 500] ^= 0x5A;  // a byte of the data, past the local header and the name

  EXPECT_THROW(testing::unzip_with_python(archive), std::runtime_error);
}

TEST(MediaZip, TheSameEntriesAndTimeGiveTheSameBytes) {
  const std::vector<ZipEntry> entries{{"one.png", "1"}, {"two.png", "22"}};
  EXPECT_EQ(zip_stored(entries, kNoon), zip_stored(entries, kNoon));
  EXPECT_NE(zip_stored(entries, kNoon), zip_stored(entries, kNoon + hours{1}));
}

TEST(MediaZip, AnEmptyArchiveIsJustTheEndOfTheDirectory) {
  const auto archive = zip_stored({}, kNoon);
  EXPECT_EQ(archive.size(), 22U);
  EXPECT_TRUE(testing::unzip_with_python(archive).empty());
}

}  // namespace
}  // namespace artshop::media
