#include "artshop/http/json.hpp"

#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>

namespace artshop::http {
namespace {

boost::json::object object_of(std::string_view text) {
  return boost::json::parse(text).as_object();
}

boost::json::value json_of(const Response& response) {
  return boost::json::parse(response.body);
}

TEST(ReadJsonObject, AcceptsStructuredJsonTypesAndRefusesTheRest) {
  const Request problem{.headers = {{"content-type", "application/problem+json; charset=utf-8"}},
                        .body = R"({"a":1})"};
  EXPECT_TRUE(read_json_object(problem).has_value());
  const Request array{.headers = {{"Content-Type", "application/json"}}, .body = "[1]"};
  EXPECT_EQ(read_json_object(array).error().status, 400U);
  const Request form{.headers = {{"Content-Type", "application/x-www-form-urlencoded"}},
                     .body = "a=1"};
  EXPECT_EQ(read_json_object(form).error().status, 415U);
}

TEST(JsonFields, NamesAreReadWithoutRegardToCase) {
  const auto payload = object_of(R"({"EMAIL":"a@example.com","Agreed":true,"count":3})");
  JsonFields fields(payload);
  EXPECT_EQ(fields.string("email"), "a@example.com");
  EXPECT_TRUE(fields.boolean("agreed"));
  EXPECT_EQ(fields.int64("Count"), 3);
  EXPECT_TRUE(fields.errors().empty());
}

TEST(JsonFields, AbsentAndNullFields_ReadAsEmpty) {
  const auto payload = object_of(R"({"name":null})");
  JsonFields fields(payload);
  EXPECT_EQ(fields.string("name"), "");
  EXPECT_EQ(fields.optional_int64("missing"), std::nullopt);
  EXPECT_TRUE(fields.errors().empty());
}

TEST(JsonFields, EveryTypeError_IsCollectedUnderItsField) {
  const auto payload = object_of(R"({"name":1,"agreed":"yes","count":1.5,"whole":2.0})");
  JsonFields fields(payload);
  fields.string("name");
  fields.boolean("agreed");
  fields.int64("count");
  EXPECT_EQ(fields.int64("whole"), 2);
  const auto answer = error_response(Error::validation(fields.errors()), {});
  EXPECT_EQ(json_of(answer).at("errors"),
            boost::json::parse(R"({"name":["Must be a string."],"agreed":["Must be true or false."],
                                   "count":["Must be a whole number."]})"));
}

TEST(ErrorResponse, EachKind_HasItsStatusAndShape) {
  const auto unauthenticated = error_response(Error::unauthenticated("expired"), {});
  EXPECT_EQ(unauthenticated.status, 401U);
  EXPECT_EQ(unauthenticated.header("WWW-Authenticate"), "Bearer");

  EXPECT_EQ(json_of(error_response(Error::not_found("order 7 of someone else"), {})),
            boost::json::parse(R"({"title":"Not Found","status":404})"));

  const auto limited = error_response(Error::too_many_requests(std::chrono::seconds(30)), {});
  EXPECT_EQ(limited.status, 429U);
  EXPECT_EQ(limited.header("Retry-After"), "30");
  EXPECT_FALSE(json_of(limited).as_object().contains("errors"));

  EXPECT_EQ(json_of(error_response(Error::general("Wrong email or password."), {})).at("errors"),
            boost::json::parse(R"({"":["Wrong email or password."]})"));
}

}  // namespace
}  // namespace artshop::http
