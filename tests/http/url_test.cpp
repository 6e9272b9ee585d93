#include "url.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <utility>

#include "artshop/http/message.hpp"

namespace artshop::http {
namespace {

using ::testing::ElementsAre;
using ::testing::Pair;

Request parsed(std::string target) {
  Request request{.method = "GET", .target = std::move(target)};
  EXPECT_TRUE(parse_target(request)) << request.target;
  return request;
}

bool parses(std::string target) {
  Request request{.method = "GET", .target = std::move(target)};
  return parse_target(request);
}

TEST(PercentDecode, Escapes_BecomeTheirBytesInEitherCase) {
  EXPECT_EQ(percent_decode("caf%C3%a9%20bar"), "café bar");
}

TEST(PercentDecode, Plus_IsASpaceOnlyWhereAsked) {
  EXPECT_EQ(percent_decode("a+b", true), "a b");
  EXPECT_EQ(percent_decode("a+b"), "a+b");
  EXPECT_EQ(percent_decode("a%2Bb", true), "a+b");
}

TEST(PercentDecode, BrokenEscape_IsRefused) {
  EXPECT_EQ(percent_decode("100%"), std::nullopt);
  EXPECT_EQ(percent_decode("%4"), std::nullopt);
  EXPECT_EQ(percent_decode("%zz"), std::nullopt);
}

TEST(ParseTarget, SplitsThePathFromTheDecodedQuery) {
  const auto request = parsed("/api/Offers?Search=blue+sky&page=2&&flag&x=a%26b");
  EXPECT_EQ(request.path, "/api/Offers");
  EXPECT_THAT(request.query, ElementsAre(Pair("Search", "blue sky"), Pair("page", "2"),
                                         Pair("flag", ""), Pair("x", "a&b")));
  EXPECT_EQ(request.query_param("search"), "blue sky");
}

TEST(ParseTarget, PlusInThePath_StaysAPlus) {
  EXPECT_EQ(parsed("/media/a+b.jpg").path, "/media/a+b.jpg");
}

TEST(ParseTarget, CharactersBrowsersSendUnescaped_AreAccepted) {
  EXPECT_EQ(parsed("/api/offers?q=a|b").query_param("q"), "a|b");
}

TEST(ParseTarget, BrokenEscapeOrNonOriginForm_IsRefused) {
  EXPECT_FALSE(parses("/api/offers/%zz"));
  EXPECT_FALSE(parses("/api/offers?q=%"));
  EXPECT_FALSE(parses("http://example.com/api/offers"));
  EXPECT_FALSE(parses("*"));
}

TEST(RawPath, IsTheTargetUpToTheQueryStillEncoded) {
  EXPECT_EQ(raw_path("/api/offers/a%2Fb?x=1"), "/api/offers/a%2Fb");
}

}  // namespace
}  // namespace artshop::http
