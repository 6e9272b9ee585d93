// A shop whose pictures live in a shared S3-compatible bucket (blob_store.kind = s3): the real
// server seeds its catalogue into the bucket and serves /media/ from it, with nothing in its
// data folder.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <filesystem>
#include <stdexcept>
#include <string>

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
