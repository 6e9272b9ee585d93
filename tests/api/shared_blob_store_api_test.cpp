// A shop whose pictures live in a shared S3-compatible bucket (blob_store.kind = s3): the real
// server seeds its catalogue into the bucket and serves /media/ from it, with nothing in its
// data folder.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "support/eventually.hpp"
#include "support/http_client.hpp"
#include "support/s3_server.hpp"
#include "support/server_process.hpp"

namespace artshop::testing {
namespace {

namespace json = boost::json;

TEST(SharedBlobStoreApi, TheCatalogueIsSeededIntoTheBucketAndServedFromIt) {
  S3Server bucket;
  ServerProcess server(
      {.env = {{"ARTSHOP_SEED_OFFERS", "2"},
               {"ARTSHOP_BLOB_STORE_KIND", "s3"},
               {"ARTSHOP_S3_ENDPOINT", bucket.endpoint()},
               {"ARTSHOP_S3_BUCKET", bucket.bucket()},
               {"ARTSHOP_S3_ACCESS_KEY_ID", std::string(S3Server::kAccessKeyId)},
               {"ARTSHOP_S3_SECRET_ACCESS_KEY", std::string(S3Server::kSecretAccessKey)}}});
  ASSERT_TRUE(eventually([&] { return get(server.url("/readyz")).status == 200; },
                         std::chrono::seconds(60)))
      << server.log_text();

  json::value offers;
  // The catalogue's read model takes the seeded offers in shortly after they are stored.
  ASSERT_TRUE(eventually([&] {
    offers = json::parse(get(server.url("/api/offers?Currency=EUR")).body);
    return !offers.at("items").as_array().empty();
  })) << offers
      << server.log_text();
  const auto& offer = offers.at("items").as_array().at(0);
  const std::string thumbnail(offer.at("thumbnail").at("webp").as_string());
  ASSERT_TRUE(thumbnail.starts_with("/media/")) << thumbnail;
  EXPECT_TRUE(bucket.holds("media/" + thumbnail.substr(7)));

  const auto picture = get(server.url(thumbnail));
  ASSERT_EQ(picture.status, 200);
  EXPECT_EQ(picture.header("Content-Type"), "image/webp");
  EXPECT_EQ(picture.header("Cache-Control"), "public, max-age=31536000, immutable");
  EXPECT_EQ(picture.body.substr(8, 4), "WEBP");
  const std::string jpeg(offer.at("preview").at("jpeg").as_string());
  EXPECT_EQ(get(server.url(jpeg)).header("Content-Type"), "image/jpeg");

  EXPECT_EQ(get(server.url("/media/no/such.webp")).status, 404);
  EXPECT_FALSE(std::filesystem::exists(server.data_dir() / "media"));
}

// The same shop with its pictures in a folder or in a bucket: /media/ must answer both alike.
enum class Store { Folder, Bucket };

class MediaAnswers : public ::testing::TestWithParam<Store> {
 protected:
  void SetUp() override {
    std::vector<std::pair<std::string, std::string>> env{{"ARTSHOP_SEED_OFFERS", "1"}};
    if (GetParam() == Store::Bucket) {
      bucket_ = std::make_unique<S3Server>();
      env.insert(env.end(),
                 {{"ARTSHOP_BLOB_STORE_KIND", "s3"},
                  {"ARTSHOP_S3_ENDPOINT", bucket_->endpoint()},
                  {"ARTSHOP_S3_BUCKET", bucket_->bucket()},
                  {"ARTSHOP_S3_ACCESS_KEY_ID", std::string(S3Server::kAccessKeyId)},
                  {"ARTSHOP_S3_SECRET_ACCESS_KEY", std::string(S3Server::kSecretAccessKey)}});
    }
    server_ = std::make_unique<ServerProcess>(ServerProcessOptions{.env = std::move(env)});
    json::value offers;
    ASSERT_TRUE(eventually(
        [&] {
          offers = json::parse(get(server_->url("/api/offers?Currency=EUR")).body);
          return !offers.at("items").as_array().empty();
        },
        std::chrono::seconds(60)))
        << server_->log_text();
    picture_ =
        std::string(offers.at("items").as_array().at(0).at("preview").at("jpeg").as_string());
    const auto whole = get(server_->url(picture_));
    ASSERT_EQ(whole.status, 200) << server_->log_text();
    bytes_ = whole.body;
    etag_ = whole.header("ETag");
    ASSERT_GT(bytes_.size(), 100U);
  }

  HttpResponse fetch(const RequestHeaders& headers, std::string_view method = "GET") {
    return request(method, server_->url(picture_), {}, headers);
  }

  std::unique_ptr<S3Server> bucket_;
  std::unique_ptr<ServerProcess> server_;
  std::string picture_;
  std::string bytes_;
  std::string etag_;
};

TEST_P(MediaAnswers, TheWholePictureIsCacheableAndNamesItsVersion) {
  const auto whole = fetch({});
  EXPECT_EQ(whole.status, 200);
  EXPECT_EQ(whole.body, bytes_);
  EXPECT_EQ(whole.header("Content-Type"), "image/jpeg");
  EXPECT_EQ(whole.header("Content-Length"), std::to_string(bytes_.size()));
  EXPECT_EQ(whole.header("Accept-Ranges"), "bytes");
  EXPECT_EQ(whole.header("Cache-Control"), "public, max-age=31536000, immutable");
  EXPECT_TRUE(etag_.starts_with('"') && etag_.ends_with('"')) << etag_;

  const auto head = fetch({}, "HEAD");
  EXPECT_EQ(head.status, 200);
  EXPECT_EQ(head.header("Content-Length"), std::to_string(bytes_.size()));
  EXPECT_EQ(head.header("ETag"), etag_);
  EXPECT_EQ(head.body, "");
}

TEST_P(MediaAnswers, AKnownVersionIsAnswered304WithoutABody) {
  const auto unchanged = fetch({{"If-None-Match", etag_}});
  EXPECT_EQ(unchanged.status, 304);
  EXPECT_EQ(unchanged.header("ETag"), etag_);
  EXPECT_EQ(unchanged.body, "");
  EXPECT_EQ(fetch({{"If-None-Match", "W/" + etag_}}).status, 304);
  EXPECT_EQ(fetch({{"If-None-Match", "\"another\""}}).status, 200);
}

TEST_P(MediaAnswers, OneByteRangeIsAnswered206WithThoseBytesOnly) {
  const std::string size = std::to_string(bytes_.size());
  const auto first = fetch({{"Range", "bytes=0-11"}});
  EXPECT_EQ(first.status, 206);
  EXPECT_EQ(first.header("Content-Range"), "bytes 0-11/" + size);
  EXPECT_EQ(first.body, bytes_.substr(0, 12));

  const auto middle = fetch({{"Range", "bytes=50-"}});
  EXPECT_EQ(middle.status, 206);
  EXPECT_EQ(middle.header("Content-Range"),
            "bytes 50-" + std::to_string(bytes_.size() - 1) + "/" + size);
  EXPECT_EQ(middle.body, bytes_.substr(50));

  const auto tail = fetch({{"Range", "bytes=-3"}});
  EXPECT_EQ(tail.status, 206);
  EXPECT_EQ(tail.body, bytes_.substr(bytes_.size() - 3));
}

TEST_P(MediaAnswers, ARangeBeyondThePictureIs416AndOddRangesGetTheWholePicture) {
  const auto beyond = fetch({{"Range", "bytes=" + std::to_string(bytes_.size()) + "-"}});
  EXPECT_EQ(beyond.status, 416);
  EXPECT_EQ(beyond.header("Content-Range"), "bytes */" + std::to_string(bytes_.size()));

  for (const std::string range : {"bytes=0-1,5-6", "bytes=9-2", "lines=1-2"}) {
    const auto whole = fetch({{"Range", range}});
    EXPECT_EQ(whole.status, 200) << range;
    EXPECT_EQ(whole.body, bytes_) << range;
  }
  // A client holding another version gets the whole picture, not a piece of this one.
  const auto other_version = fetch({{"Range", "bytes=0-11"}, {"If-Range", "\"another\""}});
  EXPECT_EQ(other_version.status, 200);
  EXPECT_EQ(other_version.body, bytes_);
  EXPECT_EQ(fetch({{"Range", "bytes=0-11"}, {"If-Range", etag_}}).status, 206);
}

INSTANTIATE_TEST_SUITE_P(Stores, MediaAnswers, ::testing::Values(Store::Folder, Store::Bucket),
                         [](const auto& instance) {
                           return instance.param == Store::Folder ? "Folder" : "Bucket";
                         });

TEST(SharedBlobStoreApi, AnS3StoreWithoutCredentialsRefusesToStartAndSaysWhy) {
  std::string refused;
  try {
    ServerProcess server({.env = {{"ARTSHOP_BLOB_STORE_KIND", "s3"},
                                  {"ARTSHOP_S3_ENDPOINT", "http://127.0.0.1:9"},
                                  {"ARTSHOP_S3_BUCKET", "artshop"}}});
  } catch (const std::runtime_error& error) {
    refused = error.what();
  }
  EXPECT_NE(refused.find("exited with 2"), std::string::npos) << refused;
  EXPECT_NE(refused.find("s3.access_key_id: required when blob_store.kind is s3"),
            std::string::npos)
      << refused;
}

}  // namespace
}  // namespace artshop::testing
