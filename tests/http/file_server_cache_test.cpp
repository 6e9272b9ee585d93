// The file server's memory copy of hot files: what a client gets is what the disk holds.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "artshop/http/file_server.hpp"
#include "http/http_request.hpp"

namespace artshop::http {
namespace {

namespace fs = std::filesystem;
using testing::request;

class FileServerCache : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "artshop-files-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    root_ = pattern;
  }
  void TearDown() override { fs::remove_all(root_); }

  void write(const std::string& name, const std::string& content) const {
    std::ofstream(root_ / name, std::ios::binary | std::ios::trunc) << content;
  }
  // Asks the disk on every hit unless told otherwise, so that changes show at once.
  FileServer files(std::size_t cache_bytes = FileServer::kDefaultCacheBytes,
                   std::chrono::steady_clock::duration recheck_after = {}) const {
    return {root_, [](std::string_view) { return std::string("no-cache"); }, cache_bytes,
            recheck_after};
  }

  fs::path root_;
};

TEST_F(FileServerCache, AFileServedTwiceHasTheSameBytesAndETag) {
  write("thumb.webp", std::string(5000, 'w'));
  const auto server = files();

  const auto first = server.serve(request("GET", "/media/thumb.webp"), "thumb.webp");
  const auto second = server.serve(request("GET", "/media/thumb.webp"), "thumb.webp");

  ASSERT_TRUE(first && second);
  EXPECT_EQ(second->status, 200);
  EXPECT_EQ(second->bytes(), first->bytes());
  // Both answers send the one copy the server keeps, not a copy each.
  EXPECT_EQ(second->bytes().data(), first->bytes().data());
  EXPECT_EQ(second->header("ETag"), first->header("ETag"));
  EXPECT_EQ(second->header("Content-Type"), "image/webp");
}

TEST_F(FileServerCache, AnAnswerFromMemoryStillHonoursIfNoneMatchAndRanges) {
  write("thumb.webp", "0123456789");
  const auto server = files();
  const auto etag = std::string(*server.serve(request("GET", "/x"), "thumb.webp")->header("ETag"));

  const auto revalidated =
      server.serve(request("GET", "/x", {{"If-None-Match", etag}}), "thumb.webp");
  const auto piece = server.serve(request("GET", "/x", {{"Range", "bytes=2-4"}}), "thumb.webp");

  EXPECT_EQ(revalidated->status, 304);
  EXPECT_EQ(piece->status, 206);
  EXPECT_EQ(piece->bytes(), "234");
}

TEST_F(FileServerCache, AFileChangedOnDiskIsServedAnewWithANewETag) {
  write("index.html", "<p>old</p>");
  const auto server = files();
  const auto before = server.serve(request("GET", "/index.html"), "index.html");

  write("index.html", "<p>the new page</p>");
  const auto after = server.serve(request("GET", "/index.html"), "index.html");

  EXPECT_EQ(after->bytes(), "<p>the new page</p>");
  EXPECT_NE(after->header("ETag"), before->header("ETag"));
}

TEST_F(FileServerCache, AFileRemovedFromDiskIsNoLongerServed) {
  write("gone.jpg", "jpeg bytes");
  const auto server = files();
  ASSERT_TRUE(server.serve(request("GET", "/gone.jpg"), "gone.jpg"));

  fs::remove(root_ / "gone.jpg");

  EXPECT_FALSE(server.serve(request("GET", "/gone.jpg"), "gone.jpg"));
}

TEST_F(FileServerCache, WithinTheRecheckIntervalAHitIsAnsweredWithoutAskingTheDisk) {
  write("thumb.webp", "webp bytes");
  const auto server = files(FileServer::kDefaultCacheBytes, std::chrono::hours(1));
  ASSERT_TRUE(server.serve(request("GET", "/thumb.webp"), "thumb.webp"));

  // Gone from the disk, but not yet asked about: the copy in memory answers, ETag included.
  fs::remove(root_ / "thumb.webp");
  const auto hit = server.serve(request("GET", "/thumb.webp"), "thumb.webp");

  ASSERT_TRUE(hit);
  EXPECT_EQ(hit->bytes(), "webp bytes");
  EXPECT_EQ(hit->header("Content-Type"), "image/webp");
}

TEST_F(FileServerCache, FilesBeyondTheBudgetAreStillServedFromDisk) {
  write("a.webp", std::string(600, 'a'));
  write("b.webp", std::string(600, 'b'));
  const auto server = files(1000);

  for (int round = 0; round < 2; ++round) {
    EXPECT_EQ(server.serve(request("GET", "/a.webp"), "a.webp")->bytes(), std::string(600, 'a'));
    EXPECT_EQ(server.serve(request("GET", "/b.webp"), "b.webp")->bytes(), std::string(600, 'b'));
  }
}

}  // namespace
}  // namespace artshop::http
