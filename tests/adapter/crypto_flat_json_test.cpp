#include <gtest/gtest.h>

#include <string>

#include "artshop/crypto/flat_json.hpp"

namespace artshop::crypto {
namespace {

TEST(CryptoFlatJson, Parse_ReadsStringsAndIntegersWithWhitespace) {
  const auto object = FlatJsonObject::parse(" {\n \"a\" : \"x\" ,\t\"n\":-12, \"z\":0 }\r\n");
  ASSERT_TRUE(object);
  EXPECT_EQ(*object->string("a"), "x");
  EXPECT_EQ(object->integer("n"), -12);
  EXPECT_EQ(object->integer("z"), 0);
  EXPECT_EQ(object->string("n"), nullptr);  // wrong type
  EXPECT_EQ(object->integer("a"), std::nullopt);
  EXPECT_FALSE(object->contains("missing"));
}

TEST(CryptoFlatJson, Parse_ReadsEmptyObject) {
  const auto object = FlatJsonObject::parse("{}");
  ASSERT_TRUE(object);
  EXPECT_TRUE(object->members().empty());
}

TEST(CryptoFlatJson, Parse_DecodesEscapesIncludingSurrogatePairs) {
  const auto object = FlatJsonObject::parse(
      R"({"s":"q\"b\\s\/n\nt\tr\rb\bf\f","u":"\u00e9\u20AC","p":"\ud83c\udfa8"})");
  ASSERT_TRUE(object);
  EXPECT_EQ(*object->string("s"), "q\"b\\s/n\nt\tr\rb\bf\f");
  EXPECT_EQ(*object->string("u"), "\u00E9\u20AC");
  EXPECT_EQ(*object->string("p"), "\U0001F3A8");
}

TEST(CryptoFlatJson, Parse_ReadsInt64Bounds) {
  const auto object =
      FlatJsonObject::parse(R"({"max":9223372036854775807,"min":-9223372036854775808})");
  ASSERT_TRUE(object);
  EXPECT_EQ(object->integer("max"), INT64_MAX);
  EXPECT_EQ(object->integer("min"), INT64_MIN);
}

TEST(CryptoFlatJson, Parse_RejectsEverythingButAFlatObjectOfStringsAndIntegers) {
  for (const char* text : {
           "",
           "[]",
           "\"a\"",
           "{",
           "}",
           R"({"a":1)",
           R"({"a":1,})",
           R"({,"a":1})",
           R"({"a" 1})",
           R"({a:1})",
           R"({'a':1})",
           R"({"a":true})",
           R"({"a":null})",
           R"({"a":[1]})",
           R"({"a":{"b":1}})",
           R"({"a":1.5})",
           R"({"a":1e3})",
           R"({"a":01})",
           R"({"a":-})",
           R"({"a":+1})",
           R"({"a":9223372036854775808})",
           R"({"a":"x"} trailing)",
           R"({"a":"x"}{})",
           R"({"a":"x","a":"y"})",
           R"({"a":"\u00e"})",
           R"({"a":"\x"})",
           R"({"a":"\ud83c"})",
           R"({"a":"\udfa8"})",
           R"({"a":"\ud83cx"})",
           "{\"a\":\"line\nbreak\"}",
           "{\"a\":\"\xC3\"}",
           R"({"a":"unterminated})",
       }) {
    EXPECT_FALSE(FlatJsonObject::parse(text)) << text;
  }
}

TEST(CryptoFlatJson, Serialize_WritesCompactJsonInInsertionOrderAndEscapes) {
  FlatJsonObject object;
  object.add("b", "say \"hi\"\\\n\x01").add("a", std::int64_t{-5}).add("\u00E9", "\u20AC");
  EXPECT_EQ(object.serialize(), R"({"b":"say \"hi\"\\\u000a\u0001","a":-5,"é":"€"})");
  EXPECT_THROW(object.add("a", "again"), std::logic_error);
}

TEST(CryptoFlatJson, SerializeThenParse_RoundTrips) {
  FlatJsonObject object;
  object.add("sub", "42").add("iat", std::int64_t{1'750'000'000}).add("odd", "\"\\/\t\x1F");
  const auto parsed = FlatJsonObject::parse(object.serialize());
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->members(), object.members());
}

}  // namespace
}  // namespace artshop::crypto
