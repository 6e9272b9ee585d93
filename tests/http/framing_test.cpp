#include "framing.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <string_view>

#include "artshop/http/message.hpp"

namespace artshop::http {
namespace {

constexpr std::string_view kTransferCoding =
    "Transfer-Encoding other than chunked is not supported.";
constexpr std::string_view kBothLengths =
    "Transfer-Encoding and Content-Length cannot be sent together.";
constexpr std::string_view kContentLength = "Content-Length must be sent once, as one number.";
constexpr std::string_view kHost = "Host must be sent exactly once.";

// An HTTP/1.1 head with one Host, plus `extra`.
Fields with_host(Fields extra) {
  extra.insert(extra.begin(), {"Host", "shop"});
  return extra;
}

std::optional<std::string_view> refusal(const Fields& headers, unsigned version = 11) {
  return framing_refusal(version, headers);
}

TEST(FramingRefusal, ASingleChunkedOrOneLengthOrNoBody_IsSound) {
  EXPECT_EQ(refusal(with_host({})), std::nullopt);
  EXPECT_EQ(refusal(with_host({{"Transfer-Encoding", "chunked"}})), std::nullopt);
  EXPECT_EQ(refusal(with_host({{"transfer-encoding", " Chunked "}})), std::nullopt);
  EXPECT_EQ(refusal(with_host({{"Content-Length", "0"}})), std::nullopt);
  EXPECT_EQ(refusal(with_host({{"CONTENT-LENGTH", "1048576"}})), std::nullopt);
  EXPECT_EQ(refusal(with_host({{"Content-Length", "9999999999999999999"}})), std::nullopt);
}

TEST(FramingRefusal, AnyTransferCodingButOneChunked_IsRefused) {
  for (const Fields& framing : {
           Fields{{"Transfer-Encoding", "gzip"}},
           Fields{{"Transfer-Encoding", "identity"}},
           Fields{{"Transfer-Encoding", "xchunked"}},
           Fields{{"Transfer-Encoding", "chunked;x=1"}},
           Fields{{"Transfer-Encoding", ""}},
           Fields{{"Transfer-Encoding", "gzip, chunked"}},
           Fields{{"Transfer-Encoding", "chunked, identity"}},
           Fields{{"Transfer-Encoding", "chunked,"}},
           Fields{{"Transfer-Encoding", "chunked"}, {"Transfer-Encoding", "chunked"}},
           Fields{{"Transfer-Encoding", "identity"}, {"Transfer-Encoding", "chunked"}},
       }) {
    EXPECT_EQ(refusal(with_host(framing)), kTransferCoding) << framing.back().second;
  }
}

TEST(FramingRefusal, TransferEncodingWithContentLength_IsRefusedInEitherOrder) {
  EXPECT_EQ(refusal(with_host({{"Transfer-Encoding", "chunked"}, {"Content-Length", "2"}})),
            kBothLengths);
  EXPECT_EQ(refusal(with_host({{"Content-Length", "2"}, {"Transfer-Encoding", "chunked"}})),
            kBothLengths);
  EXPECT_EQ(refusal(with_host({{"Transfer-Encoding", "gzip"}, {"Content-Length", "2"}})),
            kBothLengths);
}

TEST(FramingRefusal, ContentLengthThatIsNotOneNumberSentOnce_IsRefused) {
  for (const Fields& framing : {
           Fields{{"Content-Length", "2"}, {"Content-Length", "40"}},
           Fields{{"Content-Length", "2"}, {"Content-Length", "2"}},
           Fields{{"Content-Length", "2, 2"}},
           Fields{{"Content-Length", "-1"}},
           Fields{{"Content-Length", "+2"}},
           Fields{{"Content-Length", "2x"}},
           Fields{{"Content-Length", "2 0"}},
           Fields{{"Content-Length", ""}},
           Fields{{"Content-Length", "99999999999999999999"}},
       }) {
    EXPECT_EQ(refusal(with_host(framing)), kContentLength) << framing.back().second;
  }
}

TEST(FramingRefusal, Http11WithoutExactlyOneHost_IsRefused) {
  EXPECT_EQ(refusal({}), kHost);
  EXPECT_EQ(refusal({{"Host", "shop"}, {"host", "evil"}}), kHost);
  EXPECT_EQ(refusal({{"Host", ""}}), std::nullopt);  // what a client sends for no authority
}

TEST(FramingRefusal, Http10MayLeaveHostOutButNeverRepeatIt) {
  EXPECT_EQ(refusal({}, 10), std::nullopt);
  EXPECT_EQ(refusal({{"Host", "shop"}}, 10), std::nullopt);
  EXPECT_EQ(refusal({{"Host", "shop"}, {"Host", "shop"}}, 10), kHost);
}

TEST(FramingRefusal, TransferEncodingInHttp10_IsRefusedEvenChunked) {
  EXPECT_EQ(refusal({{"Transfer-Encoding", "chunked"}}, 10),
            "Transfer-Encoding is not allowed in an HTTP/1.0 request.");
}

TEST(FramingRefusal, TheBodysFramingIsJudgedBeforeTheHost) {
  EXPECT_EQ(refusal({{"Transfer-Encoding", "gzip"}}), kTransferCoding);
  EXPECT_EQ(refusal({{"Content-Length", "x"}}), kContentLength);
}

}  // namespace
}  // namespace artshop::http
