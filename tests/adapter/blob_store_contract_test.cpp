// What the BlobStore port promises, written once and run against every adapter: the folder
// store and the S3 store (against a real S3-compatible server on loopback).

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <memory>
#include <ostream>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "artshop/core/ports/blob_store.hpp"
#include "artshop/media/filesystem_blob_store.hpp"
#include "artshop/s3/s3_blob_store.hpp"
#include "support/s3_server.hpp"
#include "support/temp_dir.hpp"

namespace artshop {
namespace {

namespace fs = std::filesystem;
using ::testing::EndsWith;
using ::testing::MatchesRegex;

// The stores of one adapter, and how many blobs it holds, seen from outside the port.
class Stores {
 public:
  virtual ~Stores() = default;
  // The store called `name`; stores of different names never share blobs, as the public and
  // private ones must not.
  virtual std::unique_ptr<BlobStore> open(std::string_view name) = 0;
  virtual std::size_t blob_count() const = 0;
};

class FolderStores final : public Stores {
 public:
  std::unique_ptr<BlobStore> open(std::string_view name) override {
    return std::make_unique<media::FilesystemBlobStore>(dir_.path() / name);
  }
  std::size_t blob_count() const override {
    std::size_t count = 0;
    for (const auto& entry : fs::recursive_directory_iterator(dir_.path())) {
      if (entry.is_regular_file()) ++count;
    }
    return count;
  }

 private:
  testing::TempDir dir_;
};

class S3Stores final : public Stores {
 public:
  std::unique_ptr<BlobStore> open(std::string_view name) override {
    return std::make_unique<s3::S3BlobStore>(s3::S3Options{
        .endpoint = server_.endpoint(),
        .bucket = server_.bucket(),
        .prefix = std::string(name) + "/",
        .credentials = {.access_key_id = std::string(testing::S3Server::kAccessKeyId),
                        .secret_access_key = std::string(testing::S3Server::kSecretAccessKey)}});
  }
  std::size_t blob_count() const override { return server_.object_count(); }

 private:
  testing::S3Server server_;
};

struct Adapter {
  std::string name;
  std::function<std::unique_ptr<Stores>()> start;
  friend void PrintTo(const Adapter& adapter, std::ostream* out) { *out << adapter.name; }
};

std::string name_of(const ::testing::TestParamInfo<Adapter>& adapter) {
  return adapter.param.name;
}

class BlobStoreContract : public ::testing::TestWithParam<Adapter> {
 protected:
  BlobStoreContract() : stores_(GetParam().start()), store_(stores_->open("media")) {}

  std::unique_ptr<Stores> stores_;
  std::unique_ptr<BlobStore> store_;
};

TEST_P(BlobStoreContract, TheKeyIsTheShardedContentHashWithTheExtension) {
  // SHA-256("") = e3b0c44298fc1c149afbf4c8996fb924 27ae41e4...
  EXPECT_EQ(store_->put("", "txt"), "e3/b0c44298fc1c149afbf4c8996fb924.txt");
  EXPECT_THAT(store_->put("a thumbnail", "webp"), MatchesRegex("[0-9a-f]{2}/[0-9a-f]{30}\\.webp"));
}

TEST_P(BlobStoreContract, GetAnswersTheStoredBytesAndExistsSaysSo) {
  const std::string bytes("binary\0data\xFF", 12);
  const std::string key = store_->put(bytes, "png");
  EXPECT_EQ(store_->get(key), bytes);
  EXPECT_TRUE(store_->exists(key));
}

TEST_P(BlobStoreContract, ABlobOfSeveralMegabytesComesBackWhole) {
  std::string bytes(5 * 1024 * 1024, '\0');
  for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<char>(i * 7 % 251);
  const std::string key = store_->put(bytes, "png");
  EXPECT_EQ(store_->get(key), bytes);
}

TEST_P(BlobStoreContract, TheSameBytesGiveTheSameKeyAndOneBlob) {
  const std::string first = store_->put("same bytes", "jpg");
  const std::string second = store_->put("same bytes", "jpg");
  EXPECT_EQ(first, second);
  EXPECT_NE(store_->put("other bytes", "jpg"), first);
  EXPECT_NE(store_->put("same bytes", "webp"), first);
  EXPECT_EQ(stores_->blob_count(), 3U);
}

TEST_P(BlobStoreContract, AMissingKeyAnswersNothing) {
  EXPECT_EQ(store_->get("00/000000000000000000000000000000.png"), std::nullopt);
  EXPECT_FALSE(store_->exists("00/000000000000000000000000000000.png"));
}

TEST_P(BlobStoreContract, KeysThatAreNotPlainRelativeNamesAreNeverFound) {
  const std::string key = store_->put("a preview", "webp");
  const auto originals = stores_->open("originals");
  const std::string secret = originals->put("the original", "png");
  for (const std::string& unsafe :
       {"../originals/" + secret, "/" + key, "./" + key, key + "/",
        key.substr(0, 2) + "//" + key.substr(3), key.substr(0, 2) + "\\" + key.substr(3), "." + key,
        std::string(""), key + std::string("\0.png", 5)}) {
    EXPECT_EQ(store_->get(unsafe), std::nullopt) << unsafe;
    EXPECT_FALSE(store_->exists(unsafe)) << unsafe;
  }
}

TEST_P(BlobStoreContract, ThePublicAndPrivateStoresDoNotShareBlobs) {
  const auto originals = stores_->open("originals");
  const std::string key = originals->put("the original", "png");
  EXPECT_TRUE(originals->exists(key));
  EXPECT_FALSE(store_->exists(key));
  EXPECT_EQ(store_->get(key), std::nullopt);
}

TEST_P(BlobStoreContract, ExtensionsAreKeptInLowerCaseAndOddOnesRefused) {
  EXPECT_EQ(store_->put("x", "JPG"), store_->put("x", "jpg"));
  EXPECT_THAT(store_->put("x", "JPG"), EndsWith(".jpg"));
  for (const char* extension : {"", ".webp", "we/bp", "we.bp", "w p", "abcdefghijk", "\xC3\xA9"}) {
    EXPECT_THROW(store_->put("x", extension), std::invalid_argument) << extension;
  }
  EXPECT_NO_THROW(store_->put("x", "abcdefghij"));
}

TEST_P(BlobStoreContract, ConcurrentPutsOfTheSameBytesAgree) {
  const std::string bytes(100'000, 'z');
  std::vector<std::string> keys(8);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    threads.emplace_back([&, i] { keys[i] = store_->put(bytes, "jpg"); });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(std::set<std::string>(keys.begin(), keys.end()).size(), 1U);
  EXPECT_EQ(stores_->blob_count(), 1U);
  EXPECT_EQ(store_->get(keys[0]), bytes);
}

INSTANTIATE_TEST_SUITE_P(
    Adapters, BlobStoreContract,
    ::testing::Values(Adapter{"Folder", [] { return std::make_unique<FolderStores>(); }},
                      Adapter{"S3", [] { return std::make_unique<S3Stores>(); }}),
    name_of);

}  // namespace
}  // namespace artshop
