#include <gtest/gtest.h>

#include <string>

#include "artshop/core/codec/base64.hpp"

namespace artshop {
namespace {

TEST(Base64, Encode_MatchesRfc4648VectorsWithPadding) {
  EXPECT_EQ(base64::encode(std::string_view("")), "");
  EXPECT_EQ(base64::encode(std::string_view("f")), "Zg==");
  EXPECT_EQ(base64::encode(std::string_view("fo")), "Zm8=");
  EXPECT_EQ(base64::encode(std::string_view("foo")), "Zm9v");
  EXPECT_EQ(base64::encode(std::string_view("foob")), "Zm9vYg==");
  EXPECT_EQ(base64::encode(std::string_view("fooba")), "Zm9vYmE=");
  EXPECT_EQ(base64::encode(std::string_view("foobar")), "Zm9vYmFy");
  EXPECT_EQ(base64::encode(std::string_view("\xFB\xFF\xBF", 3)), "+/+/");  // standard symbols
}

TEST(Base64, Decode_ReadsRfc4648VectorsPaddedOrNot) {
  EXPECT_EQ(base64::decode(""), "");
  EXPECT_EQ(base64::decode("Zg=="), "f");
  EXPECT_EQ(base64::decode("Zg"), "f");
  EXPECT_EQ(base64::decode("Zm8="), "fo");
  EXPECT_EQ(base64::decode("Zm8"), "fo");
  EXPECT_EQ(base64::decode("Zm9vYmE="), "fooba");
  EXPECT_EQ(base64::decode("Zm9vYmFy"), "foobar");
  EXPECT_EQ(base64::decode("+/+/"), std::string("\xFB\xFF\xBF", 3));
}

TEST(Base64, Decode_RejectsWrongPaddingForeignCharactersAndNonCanonicalBits) {
  for (const char* text : {"Zg=", "Zg===", "Zm8==", "Zm9v=", "====", "Z===", "Zm9vYg=", "Zg==Zg==",
                           "Zm9v-_", "Zm9v Yg", "Z", "Zh==", "Zm9="}) {
    EXPECT_FALSE(base64::decode(text)) << text;
  }
}

TEST(Base64Url, Encode_MatchesRfc4648VectorsWithoutPadding) {
  EXPECT_EQ(base64url::encode(std::string_view("")), "");
  EXPECT_EQ(base64url::encode(std::string_view("f")), "Zg");
  EXPECT_EQ(base64url::encode(std::string_view("fo")), "Zm8");
  EXPECT_EQ(base64url::encode(std::string_view("foo")), "Zm9v");
  EXPECT_EQ(base64url::encode(std::string_view("foob")), "Zm9vYg");
  EXPECT_EQ(base64url::encode(std::string_view("fooba")), "Zm9vYmE");
  EXPECT_EQ(base64url::encode(std::string_view("foobar")), "Zm9vYmFy");
  EXPECT_EQ(base64url::encode(std::string_view("\xFB\xFF\xBF", 3)), "-_-_");  // url-safe symbols
}

TEST(Base64AndBase64Url, Decode_RoundTripsEveryByteValue) {
  std::string bytes;
  for (int i = 0; i < 256; ++i) bytes += static_cast<char>(i);
  for (std::size_t length = 0; length <= bytes.size(); length += 37) {
    const auto part = bytes.substr(0, length);
    EXPECT_EQ(base64::decode(base64::encode(part)), part) << length;
    EXPECT_EQ(base64url::decode(base64url::encode(part)), part) << length;
  }
}

TEST(Base64Url, Decode_RejectsPaddingForeignCharactersAndImpossibleLengths) {
  EXPECT_FALSE(base64url::decode("Zg=="));
  EXPECT_FALSE(base64url::decode("Zm9v+/"));  // standard base64 symbols
  EXPECT_FALSE(base64url::decode("Zm9v Yg"));
  EXPECT_FALSE(base64url::decode("Z"));  // 6 bits are no byte
  EXPECT_FALSE(base64url::decode("Zm9vY"));
}

TEST(Base64Url, Decode_RejectsNonCanonicalTrailingBits) {
  EXPECT_EQ(base64url::decode("Zg"), "f");
  EXPECT_FALSE(base64url::decode("Zh"));  // same byte, unused bits set
  EXPECT_FALSE(base64url::decode("Zm9"));
  EXPECT_EQ(base64url::decode("Zm8"), "fo");
}

}  // namespace
}  // namespace artshop
