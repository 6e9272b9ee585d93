// The S3 store's own promises, beyond the port's (blob_store_contract_test.cpp): where its
// objects go, and that failures are clear and quick. Against a real S3-compatible server on
// loopback (s3rver). s3rver knows its access keys but does not check Signature Version 4
// signatures, which s3_signature_v4_test.cpp checks against AWS's published examples.

#include "artshop/s3/s3_blob_store.hpp"

#include <arpa/inet.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <vector>

#include "support/fault_proxy.hpp"
#include "support/loopback.hpp"
#include "support/s3_server.hpp"

namespace artshop::s3 {
namespace {

using namespace std::chrono_literals;
using testing::FaultProxy;
using ::testing::HasSubstr;
using ::testing::Not;
using testing::S3Server;

S3Options options_for(const S3Server& server, std::string prefix = "media/") {
  return {.endpoint = server.endpoint(),
          .bucket = server.bucket(),
          .prefix = std::move(prefix),
          .credentials = {.access_key_id = std::string(S3Server::kAccessKeyId),
                          .secret_access_key = std::string(S3Server::kSecretAccessKey)},
          .timeout = 10s};
}

S3Options options_for_port(unsigned short port) {
  return {.endpoint = "http://127.0.0.1:" + std::to_string(port),
          .bucket = "artshop",
          .prefix = "media/",
          .credentials = {.access_key_id = "id", .secret_access_key = "secret"},
          .timeout = 500ms,
          // One attempt: these tests are about what a failure says, not how often it is tried.
          .retry = {.max_attempts = 1}};
}

// The message of the std::runtime_error `action` throws ("" when it throws none).
template <typename Action>
std::string failure_of(Action&& action) {
  try {
    action();
  } catch (const std::runtime_error& error) {
    return error.what();
  }
  return "";
}

// A loopback port that accepts connections (the kernel completes them) but never answers.
class SilentListener {
 public:
  SilentListener() : fd_(::socket(AF_INET, SOCK_STREAM, 0)) {
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (::bind(fd_, reinterpret_cast<sockaddr*>(&address), length) != 0 || ::listen(fd_, 8) != 0 ||
        ::getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
      throw std::runtime_error("cannot listen on loopback");
    }
    port_ = ntohs(address.sin_port);
  }
  ~SilentListener() { ::close(fd_); }
  SilentListener(const SilentListener&) = delete;
  SilentListener& operator=(const SilentListener&) = delete;
  unsigned short port() const { return port_; }

 private:
  int fd_;
  unsigned short port_ = 0;
};

TEST(S3BlobStore, ObjectsLandInTheBucketUnderTheStoresPrefix) {
  S3Server server;
  S3BlobStore store(options_for(server, "media/"));
  const std::string key = store.put("a preview", "webp");
  EXPECT_TRUE(server.holds("media/" + key));
  EXPECT_EQ(server.object_count(), 1U);
  EXPECT_EQ(store.url_of(key), server.endpoint() + "/artshop/media/" + key);
}

TEST(S3BlobStore, UnsafeKeysAndOddExtensionsAreRefusedWithoutARequest) {
  // Nobody listens there: any request would fail with an error.
  S3BlobStore store(options_for_port(testing::closed_port()));
  for (const std::string key : {"../originals/ab/cd.png", "/ab/cd.png", "ab/./cd.png", ""}) {
    EXPECT_EQ(store.get(key), std::nullopt) << key;
    EXPECT_FALSE(store.exists(key)) << key;
  }
  EXPECT_THROW(store.put("x", ".png"), std::invalid_argument);
  EXPECT_THROW(store.get("ab/cd.png"), std::runtime_error);
}

TEST(S3BlobStore, AnUnknownAccessKeyIsAClearError) {
  S3Server server;
  S3Options options = options_for(server);
  options.credentials = {.access_key_id = "NOBODY", .secret_access_key = "not-the-secret"};
  S3BlobStore store(options);
  const std::string message = failure_of([&] { store.put("bytes", "png"); });
  EXPECT_THAT(message, HasSubstr("403"));
  EXPECT_THAT(message, HasSubstr("access denied"));
  EXPECT_THAT(message, Not(HasSubstr("not-the-secret")));
  EXPECT_THAT(failure_of([&] { store.get("ab/cd.png"); }), HasSubstr("InvalidAccessKeyId"));
  EXPECT_EQ(server.object_count(), 0U);
}

TEST(S3BlobStore, AServerThatIsDownIsAClearError) {
  const unsigned short port = testing::closed_port();
  S3BlobStore store(options_for_port(port));
  const std::string message = failure_of([&] { store.put("bytes", "png"); });
  EXPECT_THAT(message, HasSubstr("object store"));
  EXPECT_THAT(message, HasSubstr("127.0.0.1:" + std::to_string(port)));
  EXPECT_THAT(failure_of([&] { store.exists("ab/cd.png"); }), HasSubstr("HEAD"));
}

TEST(S3BlobStore, AServerThatNeverAnswersTimesOut) {
  SilentListener silent;
  S3BlobStore store(options_for_port(silent.port()));
  EXPECT_THAT(failure_of([&] { store.get("ab/cd.png"); }), HasSubstr("timed out"));
  EXPECT_THAT(failure_of([&] { store.put("bytes", "png"); }), HasSubstr("timed out"));
}

TEST(S3BlobStore, TheEndpointIsASchemeAndAnAuthorityOnly) {
  for (const char* endpoint : {"s3.example.com", "ftp://s3.example.com", "https://",
                               "https://s3.example.com/bucket", "https://user@s3.example.com"}) {
    S3Options options = options_for_port(9000);
    options.endpoint = endpoint;
    EXPECT_THROW(S3BlobStore{options}, std::invalid_argument) << endpoint;
  }
  S3Options trailing = options_for_port(9000);
  trailing.endpoint = "https://s3.example.com/";
  EXPECT_EQ(S3BlobStore(trailing).url_of("ab/cd.png"),
            "https://s3.example.com/artshop/media/ab/cd.png");
}

TEST(S3BlobStore, ABucketAndCredentialsAreRequired) {
  S3Options no_bucket = options_for_port(9000);
  no_bucket.bucket = "";
  EXPECT_THROW(S3BlobStore{no_bucket}, std::invalid_argument);
  S3Options no_secret = options_for_port(9000);
  no_secret.credentials.secret_access_key = "";
  EXPECT_THROW(S3BlobStore{no_secret}, std::invalid_argument);
}

// The store behind a fault proxy in front of s3rver, retrying quickly.
S3Options through(const FaultProxy& proxy, const S3Server& server, int max_attempts = 4) {
  S3Options options = options_for(server);
  options.endpoint = proxy.endpoint();
  options.retry = {.max_attempts = max_attempts, .retry_base = 1ms, .retry_cap = 5ms};
  return options;
}

// "HEAD /artshop/media/ab/cd.png" for each request the proxy received, in order.
std::vector<std::string> request_lines(const FaultProxy& proxy) {
  std::vector<std::string> lines;
  for (const auto& seen : proxy.requests()) lines.push_back(seen.method + " " + seen.target);
  return lines;
}

struct PassingFault {
  FaultProxy::Fault fault;
  unsigned status;
};

class S3Retries : public ::testing::TestWithParam<PassingFault> {};

TEST_P(S3Retries, ARequestThatFailsForAPassingReasonIsSentAgainUntilItSucceeds) {
  S3Server server;
  FaultProxy proxy({.upstream_port = server.port(),
                    .failing = 2,
                    .fault = GetParam().fault,
                    .status = GetParam().status});
  S3BlobStore store(through(proxy, server));

  const std::string key = store.put("a preview", "webp");

  EXPECT_TRUE(server.holds("media/" + key));
  const std::string head = "HEAD /artshop/media/" + key;
  // The existence check failed twice, was sent a third time, answered 404, then the upload.
  EXPECT_THAT(request_lines(proxy),
              ::testing::ElementsAre(head, head, head, "PUT /artshop/media/" + key));
  EXPECT_EQ(store.get(key), "a preview");
}

INSTANTIATE_TEST_SUITE_P(Faults, S3Retries,
                         ::testing::Values(PassingFault{FaultProxy::Fault::Status, 500},
                                           PassingFault{FaultProxy::Fault::Status, 503},
                                           PassingFault{FaultProxy::Fault::Status, 429},
                                           PassingFault{FaultProxy::Fault::CloseConnection, 0}),
                         [](const auto& instance) {
                           return instance.param.fault == FaultProxy::Fault::CloseConnection
                                      ? std::string("ClosedConnection")
                                      : "Status" + std::to_string(instance.param.status);
                         });

TEST(S3BlobStore, AClientErrorIsNotSentAgain) {
  S3Server server;
  FaultProxy proxy({.upstream_port = server.port(), .failing = 1, .status = 403});
  S3BlobStore store(through(proxy, server));
  const std::string message = failure_of([&] { store.get("ab/cd.png"); });
  EXPECT_THAT(message, HasSubstr("403 InjectedFault"));
  EXPECT_THAT(request_lines(proxy), ::testing::ElementsAre("GET /artshop/media/ab/cd.png"));
}

TEST(S3BlobStore, RetriesStopAfterTheLastAttemptWithTheServicesError) {
  S3Server server;
  FaultProxy proxy({.upstream_port = server.port(), .failing = 100, .status = 500});
  S3BlobStore store(through(proxy, server, 3));
  EXPECT_THAT(failure_of([&] { store.get("ab/cd.png"); }), HasSubstr("500 InjectedFault"));
  EXPECT_EQ(proxy.requests().size(), 3U);
}

TEST(S3BlobStore, AConnectionFailingEveryTimeIsAnErrorNamingTheAttempts) {
  S3Server server;
  FaultProxy proxy({.upstream_port = server.port(),
                    .failing = 100,
                    .fault = FaultProxy::Fault::CloseConnection});
  S3BlobStore store(through(proxy, server, 3));
  EXPECT_THAT(failure_of([&] { store.exists("ab/cd.png"); }), HasSubstr("after 3 attempts"));
  EXPECT_EQ(proxy.requests().size(), 3U);
}

TEST(S3BlobStore, TemporaryCredentialsSendTheirSessionTokenSigned) {
  S3Server server;
  FaultProxy proxy({.upstream_port = server.port()});
  S3Options options = through(proxy, server);
  options.credentials.session_token = "FwoGZXIvYXdzEXAMPLETOKEN";
  S3BlobStore store(options);

  const std::string key = store.put("a preview", "webp");
  EXPECT_EQ(store.get(key), "a preview");

  const auto seen = proxy.requests();
  ASSERT_EQ(seen.size(), 3U);  // HEAD, PUT, GET
  for (const auto& request : seen) {
    EXPECT_EQ(request.header("x-amz-security-token"), "FwoGZXIvYXdzEXAMPLETOKEN") << request.method;
    EXPECT_THAT(
        request.header("Authorization"),
        HasSubstr("SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token"))
        << request.method;
  }
}

TEST(S3BlobStore, LongTermKeysSendNoSessionToken) {
  S3Server server;
  FaultProxy proxy({.upstream_port = server.port()});
  S3BlobStore store(through(proxy, server));
  EXPECT_FALSE(store.exists("ab/cd.png"));
  ASSERT_EQ(proxy.requests().size(), 1U);
  EXPECT_FALSE(proxy.requests().front().header("Authorization").empty());
  EXPECT_EQ(proxy.requests().front().header("x-amz-security-token"), "");
}

TEST(S3BlobStore, RequestsOneAfterAnotherShareOneConnection) {
  S3Server server;
  FaultProxy proxy({.upstream_port = server.port()});
  S3BlobStore store(through(proxy, server));
  const std::string key = store.put("a preview", "webp");
  for (int i = 0; i < 5; ++i) EXPECT_EQ(store.get(key), "a preview");
  EXPECT_TRUE(store.exists(key));
  EXPECT_EQ(proxy.requests().size(), 8U);
  EXPECT_EQ(proxy.connections(), 1U);
}

TEST(S3BlobStore, AnObjectIsDescribedAndReadInPiecesAsTheyArrive) {
  S3Server server;
  S3BlobStore store(options_for(server));
  std::string bytes(std::size_t{1} << 20, '\0');
  for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<char>(i * 7 % 251);
  const std::string key = store.put(bytes, "png");

  const auto object = store.describe(key);
  ASSERT_TRUE(object.has_value());
  EXPECT_EQ(object->size, bytes.size());
  EXPECT_TRUE(object->etag.starts_with('"') && object->etag.ends_with('"')) << object->etag;
  EXPECT_EQ(store.describe("ab/missing.png"), std::nullopt);

  std::string received;
  int pieces = 0;
  store.read(key, 1000, 700'000, [&](std::string_view piece) {
    received += piece;
    ++pieces;
    return true;
  });
  EXPECT_EQ(received, bytes.substr(1000, 699'001));
  EXPECT_GT(pieces, 1) << "handed on as it arrived, not whole";

  // A reader that stops early ends the read without an error.
  std::size_t taken = 0;
  store.read(key, 0, bytes.size() - 1, [&](std::string_view piece) {
    taken += piece.size();
    return false;
  });
  EXPECT_LT(taken, bytes.size());
  EXPECT_THAT(failure_of([&] {
                store.read("ab/missing.png", 0, 9, [](std::string_view) { return true; });
              }),
              HasSubstr("404"));
}

}  // namespace
}  // namespace artshop::s3
