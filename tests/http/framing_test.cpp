#include "framing.hpp"

#include <gtest/gtest.h>

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "artshop/http/message.hpp"

namespace artshop::http {
namespace {

constexpr auto kTransferCoding = FramingRefusal::kTransferCoding;
constexpr auto kBothLengths = FramingRefusal::kBothLengths;
constexpr auto kContentLength = FramingRefusal::kContentLength;
constexpr auto kHost = FramingRefusal::kHost;

// An HTTP/1.1 head with one Host, plus `extra`.
Fields with_host(Fields extra) {
  extra.insert(extra.begin(), {"Host", "shop"});
  return extra;
}

std::optional<std::string_view> refusal(const Fields& headers, unsigned version = 11) {
  return framing_refusal(version, headers);
}

// Each of `framings`, in an HTTP/1.1 head with one Host, is refused with `message`.
void expect_each_refused(std::initializer_list<Fields> framings, std::string_view message) {
  for (const auto& framing : framings) {
    EXPECT_EQ(refusal(with_host(framing)), message) << framing.back().second;
  }
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
  expect_each_refused(
      {
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
      },
      kTransferCoding);
}

TEST(FramingRefusal, TransferEncodingWithContentLength_IsRefusedInEitherOrder) {
  expect_each_refused({{{"Transfer-Encoding", "chunked"}, {"Content-Length", "2"}},
                       {{"Content-Length", "2"}, {"Transfer-Encoding", "chunked"}},
                       {{"Transfer-Encoding", "gzip"}, {"Content-Length", "2"}}},
                      kBothLengths);
}

TEST(FramingRefusal, ContentLengthThatIsNotOneNumberSentOnce_IsRefused) {
  expect_each_refused(
      {
          Fields{{"Content-Length", "2"}, {"Content-Length", "40"}},
          Fields{{"Content-Length", "2"}, {"Content-Length", "2"}},
          Fields{{"Content-Length", "2, 2"}},
          Fields{{"Content-Length", "-1"}},
          Fields{{"Content-Length", "+2"}},
          Fields{{"Content-Length", "2x"}},
          Fields{{"Content-Length", "2 0"}},
          Fields{{"Content-Length", ""}},
          Fields{{"Content-Length", "99999999999999999999"}},
      },
      kContentLength);
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
            FramingRefusal::kTransferEncodingInHttp10);
}

TEST(FramingRefusal, TheBodysFramingIsJudgedBeforeTheHost) {
  EXPECT_EQ(refusal({{"Transfer-Encoding", "gzip"}}), kTransferCoding);
  EXPECT_EQ(refusal({{"Content-Length", "x"}}), kContentLength);
}

}  // namespace
}  // namespace artshop::http
