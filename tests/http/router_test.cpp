#include "artshop/http/router.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

namespace artshop::http {
namespace {

using ::testing::ElementsAre;
using ::testing::Pair;
using Outcome = RouteMatch::Outcome;

// Each handler answers its own name, so a test can see which route matched.
Handler named(std::string name) {
  return [name](const Request&) { return Response{.status = 200, .body = name}; };
}

std::string answered_by(const RouteMatch& match) {
  if (match.outcome != Outcome::Found) return "no route";
  return (*match.handler)(Request{}).body;
}

class RouterTest : public ::testing::Test {
 protected:
  RouterTest() {
    router.add("GET", "/api/offers", named("list"));
    router.add("POST", "/api/offers", named("create"));
    router.add("GET", "/api/offers/{urlName}", named("one"));
    router.add("GET", "/api/offers/featured", named("featured"));
    router.add("DELETE", "/api/offers/{urlName}/images/{index}", named("delete image"));
  }

  Router router;
};

TEST_F(RouterTest, Paths_MatchWithoutRegardToCaseOrATrailingSlash) {
  EXPECT_EQ(answered_by(router.match("GET", "/API/Offers")), "list");
  EXPECT_EQ(answered_by(router.match("GET", "/api/offers/")), "list");
}

TEST_F(RouterTest, ALiteralSegment_WinsOverAParameter) {
  EXPECT_EQ(answered_by(router.match("GET", "/api/offers/featured")), "featured");
  EXPECT_EQ(answered_by(router.match("GET", "/api/offers/sunset")), "one");
}

TEST_F(RouterTest, Parameters_AreDecodedAfterSplitting) {
  const auto match = router.match("DELETE", "/api/offers/blue%20sky%2Fnight/images/2");
  EXPECT_EQ(answered_by(match), "delete image");
  EXPECT_THAT(match.path_params,
              ElementsAre(Pair("urlName", "blue sky/night"), Pair("index", "2")));
  EXPECT_EQ(match.pattern, "/api/offers/{urlName}/images/{index}");
}

TEST_F(RouterTest, ABrokenEscape_MatchesNothing) {
  EXPECT_EQ(router.match("GET", "/api/offers/%zz").outcome, Outcome::NotFound);
}

TEST_F(RouterTest, Head_IsAnsweredByTheGetRoute) {
  EXPECT_EQ(answered_by(router.match("HEAD", "/api/offers")), "list");
}

TEST_F(RouterTest, AKnownPathWithAnotherMethod_IsMethodNotAllowedWithAllow) {
  const auto match = router.match("PUT", "/api/offers");
  EXPECT_EQ(match.outcome, Outcome::MethodNotAllowed);
  EXPECT_EQ(match.allow, "GET, HEAD, POST");
  EXPECT_EQ(match.pattern, "/api/offers");
}

TEST_F(RouterTest, AnUnknownPath_IsNotFound) {
  EXPECT_EQ(router.match("GET", "/api/nothing").outcome, Outcome::NotFound);
  EXPECT_EQ(router.match("GET", "/api/offers/a/b").outcome, Outcome::NotFound);
}

TEST_F(RouterTest, RouteOptions_TravelWithTheMatch) {
  router.add("POST", "/api/uploads", named("upload"), {.body_limit = 10});
  EXPECT_EQ(router.match("POST", "/api/uploads").options.body_limit, 10U);
}

TEST(Router, MalformedOrRepeatedPatterns_AreRefused) {
  Router router;
  EXPECT_THROW(router.add("GET", "api/offers", named("x")), std::invalid_argument);
  EXPECT_THROW(router.add("GET", "/api/{}", named("x")), std::invalid_argument);
  EXPECT_THROW(router.add("GET", "/api/a{b}", named("x")), std::invalid_argument);
  router.add("GET", "/api/offers/{urlName}", named("x"));
  EXPECT_THROW(router.add("GET", "/API/Offers/{other}", named("y")), std::invalid_argument);
}

}  // namespace
}  // namespace artshop::http
