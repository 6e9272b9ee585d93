#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "artshop/media/filesystem_blob_store.hpp"
#include "support/temp_dir.hpp"

// The folder store's own promises; what every BlobStore promises is checked against it in
// blob_store_contract_test.cpp.
namespace artshop::media {
namespace {

namespace fs = std::filesystem;

std::vector<std::string> files_below(const fs::path& folder) {
  std::vector<std::string> files;
  for (const auto& entry : fs::recursive_directory_iterator(folder)) {
    if (entry.is_regular_file()) files.push_back(fs::relative(entry.path(), folder).string());
  }
  return files;
}

TEST(MediaBlobStore, FilesLandUnderTheRootOnlyWithNoTemporaryLeftOver) {
  testing::TempDir dir;
  FilesystemBlobStore store(dir.path() / "media");
  const std::string key = store.put("a preview", "webp");
  EXPECT_EQ(files_below(dir.path()), std::vector<std::string>{"media/" + key});
  std::ifstream file(dir.path() / "media" / key, std::ios::binary);
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(file), {}), "a preview");
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
        std::string(R"(ab\..\..\secret.txt)"), std::string("./ab/inside.txt"),
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
