#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "artshop/media/filesystem_blob_store.hpp"
#include "support/temp_dir.hpp"

namespace artshop::media {
namespace {

namespace fs = std::filesystem;
using ::testing::MatchesRegex;

std::vector<std::string> files_below(const fs::path& folder) {
  std::vector<std::string> files;
  for (const auto& entry : fs::recursive_directory_iterator(folder)) {
    if (entry.is_regular_file()) files.push_back(fs::relative(entry.path(), folder).string());
  }
  return files;
}

TEST(MediaBlobStore, KeyIsTheShardedContentHashWithTheExtension) {
  testing::TempDir dir;
  FilesystemBlobStore store(dir.path() / "media");
  // SHA-256("") = e3b0c44298fc1c149afbf4c8996fb924 27ae41e4...
  EXPECT_EQ(store.put("", "txt"), "e3/b0c44298fc1c149afbf4c8996fb924.txt");
  EXPECT_THAT(store.put("a thumbnail", "webp"), MatchesRegex("[0-9a-f]{2}/[0-9a-f]{30}\\.webp"));
}

TEST(MediaBlobStore, SameContentGivesTheSameKeyAndOneFile) {
  testing::TempDir dir;
  FilesystemBlobStore store(dir.path() / "media");
  const std::string first = store.put("same bytes", "jpg");
  const std::string second = store.put("same bytes", "jpg");
  EXPECT_EQ(first, second);
  EXPECT_NE(store.put("other bytes", "jpg"), first);
  EXPECT_NE(store.put("same bytes", "webp"), first);
  EXPECT_EQ(files_below(store.root()).size(), 3U);
}

TEST(MediaBlobStore, GetAnswersTheStoredBytesAndExistsSaysSo) {
  testing::TempDir dir;
  FilesystemBlobStore store(dir.path() / "originals");
  const std::string bytes("binary\0data\xFF", 12);
  const std::string key = store.put(bytes, "png");
  EXPECT_EQ(store.get(key), bytes);
  EXPECT_TRUE(store.exists(key));
  EXPECT_EQ(store.get("00/000000000000000000000000000000.png"), std::nullopt);
  EXPECT_FALSE(store.exists("00/000000000000000000000000000000.png"));
}

TEST(MediaBlobStore, FilesLandUnderTheRootOnlyWithNoTemporaryLeftOver) {
  testing::TempDir dir;
  FilesystemBlobStore store(dir.path() / "media");
  const std::string key = store.put("a preview", "webp");
  EXPECT_EQ(files_below(dir.path()), std::vector<std::string>{"media/" + key});
  std::ifstream file(dir.path() / "media" / key, std::ios::binary);
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(file), {}), "a preview");
}

TEST(MediaBlobStore, PublicAndPrivateStoresDoNotShareFiles) {
  testing::TempDir dir;
  FilesystemBlobStore media(dir.path() / "media");
  FilesystemBlobStore originals(dir.path() / "originals");
  const std::string key = originals.put("the original", "png");
  EXPECT_TRUE(originals.exists(key));
  EXPECT_FALSE(media.exists(key));
  EXPECT_EQ(media.get(key), std::nullopt);
}

TEST(MediaBlobStore, RefusesKeysThatLeaveTheRoot) {
  testing::TempDir dir;
  dir.write("secret.txt", "private");
  dir.write("media/ab/inside.txt", "public");
  FilesystemBlobStore store(dir.path() / "media");
  ASSERT_EQ(store.get("ab/inside.txt"), "public");
  const std::string absolute = (dir.path() / "secret.txt").string();
  for (const std::string& key :
       {std::string("../secret.txt"), std::string("ab/../../secret.txt"), absolute,
        std::string("ab\\..\\..\\secret.txt"), std::string("./ab/inside.txt"),
        std::string("ab//inside.txt"), std::string("ab/inside.txt/"), std::string(""),
        std::string("ab/.inside.txt"), std::string("ab/inside.txt\0.png", 18)}) {
    EXPECT_EQ(store.get(key), std::nullopt) << key;
    EXPECT_FALSE(store.exists(key)) << key;
    EXPECT_EQ(store.path_of(key), std::nullopt) << key;
  }
}

TEST(MediaBlobStore, AFolderIsNotABlob) {
  testing::TempDir dir;
  FilesystemBlobStore store(dir.path() / "media");
  const std::string key = store.put("x", "bin");
  const std::string shard = key.substr(0, 2);
  EXPECT_EQ(store.get(shard), std::nullopt);
  EXPECT_FALSE(store.exists(shard));
}

TEST(MediaBlobStore, KeepsExtensionsInLowerCaseAndRefusesOddOnes) {
  testing::TempDir dir;
  FilesystemBlobStore store(dir.path() / "media");
  EXPECT_EQ(store.put("x", "JPG"), store.put("x", "jpg"));
  EXPECT_THAT(store.put("x", "JPG"), ::testing::EndsWith(".jpg"));
  for (const char* extension : {"", ".webp", "we/bp", "we.bp", "w p", "abcdefghijk", "\xC3\xA9"}) {
    EXPECT_THROW(store.put("x", extension), std::invalid_argument) << extension;
  }
  EXPECT_NO_THROW(store.put("x", "abcdefghij"));
}

TEST(MediaBlobStore, ConcurrentPutsOfTheSameBytesAgree) {
  testing::TempDir dir;
  FilesystemBlobStore store(dir.path() / "media");
  const std::string bytes(100'000, 'z');
  std::vector<std::string> keys(8);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    threads.emplace_back([&, i] { keys[i] = store.put(bytes, "jpg"); });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(std::set<std::string>(keys.begin(), keys.end()).size(), 1U);
  EXPECT_EQ(files_below(store.root()), std::vector<std::string>{keys[0]});
  EXPECT_EQ(store.get(keys[0]), bytes);
}

TEST(MediaBlobStore, SafeKeysArePlainRelativeNames) {
  EXPECT_TRUE(is_safe_key("ab/cdef.webp"));
  EXPECT_TRUE(is_safe_key("file.png"));
  EXPECT_FALSE(is_safe_key(".."));
  EXPECT_FALSE(is_safe_key("/ab/cdef.webp"));
  EXPECT_FALSE(is_safe_key("ab\\cdef.webp"));
  EXPECT_FALSE(is_safe_key("ab/../cdef.webp"));
}

}  // namespace
}  // namespace artshop::media
