// Who may touch what, end to end on the real server: every call that reads a customer's
// objects answers another signed-in customer 404 (or only their own data) and a visitor 401;
// and every kind of forged, stale or misused access token answers 401.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <functional>
#include <set>

#include "artshop/core/codec/base64.hpp"
#include "artshop/crypto/digests.hpp"
#include "artshop/crypto/hex.hpp"
#include "artshop/crypto/jwt_keyring.hpp"
#include "shop_api.hpp"

namespace artshop::testing {
namespace {

// The shop signs with this key, so the tests can forge tokens as an attacker who knows the
// format (never the key) would, and sign honest ones that differ in a single claim.
constexpr std::string_view kSigningKeyHex =
    "5d1e9a7c3b2f4e6d8a0c1b3e5f7a9c2d4e6f8a1b3c5d7e9f0a2b4c6d8e0f1a3b";

std::vector<std::byte> signing_key() {
  return crypto::from_hex(kSigningKeyHex).value();
}

std::int64_t now_epoch() {
  return std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now())
      .time_since_epoch()
      .count();
}

// The ids of the objects a list answers, whether a bare array or a page of `items`.
std::set<std::int64_t> listed_ids(const HttpResponse& response) {
  const auto body = json::parse(response.body);
  const auto& items = body.is_array() ? body.as_array() : body.at("items").as_array();
  std::set<std::int64_t> ids;
  for (const auto& item : items) ids.insert(item.at("id").as_int64());
  return ids;
}

struct Session {
  Customer customer;
  std::string refresh_token;
};

class AuthorizationMatrix : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    shop = new ShopServer(true, {{"ARTSHOP_JWT_SIGNING_KEY", std::string(kSigningKeyHex)}});
    ann = new Session{shop->sign_up(), ""};
    bob = new Session{shop->sign_up(), ""};
    // Ann owns one of each kind of object: a deposit, a paid order and its artwork.
    ann_deposit = shop->fund(ann->customer, "50.00").at("id").as_int64();
    const auto placed = shop->place_order(ann->customer, {shop->cheapest_regular()}, nullptr, true);
    ASSERT_EQ(placed.status, 200) << placed.body;
    ann_order = parse_object(placed).at("order").at("id").as_int64();
    const auto artworks = shop->get("/api/artworks", ann->customer);
    ASSERT_EQ(artworks.status, 200) << artworks.body;
    ASSERT_EQ(listed_ids(artworks).size(), 1U);
    ann_artwork = *listed_ids(artworks).begin();
    const auto generated = shop->post("/api/generated-images",
                                      {{"prompt", "a lighthouse at dusk"},
                                       {"style", "Watercolor"},
                                       {"aspectRatio", "1x1"},
                                       {"count", 1}},
                                      ann->customer);
    ASSERT_EQ(generated.status, 200) << generated.body;
    const auto images = shop->get("/api/generated-images", ann->customer);
    ASSERT_EQ(images.status, 200) << images.body;
    ASSERT_EQ(listed_ids(images).size(), 1U);
    ann_image = *listed_ids(images).begin();
  }
  static void TearDownTestSuite() {
    delete ann;
    delete bob;
    delete shop;
  }

  static HttpResponse call(std::string_view method, const std::string& path,
                           const RequestHeaders& headers) {
    if (method == "GET") return get(shop->url(path), headers);
    return post_json(shop->url(path), R"({"currency":"EUR"})", headers);
  }

  static json::object log_in(const std::string& email) {
    const auto response =
        post_json(shop->url("/api/Accounts/login"),
                  json::serialize(json::object{{"email", email}, {"password", kTestPassword}}));
    EXPECT_EQ(response.status, 200) << response.body;
    return json::parse(response.body).as_object();
  }

  static ShopServer* shop;
  static Session* ann;
  static Session* bob;
  static std::int64_t ann_deposit;
  static std::int64_t ann_order;
  static std::int64_t ann_artwork;
  static std::int64_t ann_image;
};

ShopServer* AuthorizationMatrix::shop = nullptr;
Session* AuthorizationMatrix::ann = nullptr;
Session* AuthorizationMatrix::bob = nullptr;
std::int64_t AuthorizationMatrix::ann_deposit = 0;
std::int64_t AuthorizationMatrix::ann_order = 0;
std::int64_t AuthorizationMatrix::ann_artwork = 0;
std::int64_t AuthorizationMatrix::ann_image = 0;

// --- Objects --------------------------------------------------------------------------------

// One call that reads a customer's objects. `lists` calls answer everybody their own data, so
// for another customer `leaks` says whether Ann's object shows through.
struct ObjectCall {
  std::string name;
  std::string method;
  std::function<std::string()> path;
  bool lists = false;
  std::function<bool(const HttpResponse&)> leaks = {};
};

TEST_F(AuthorizationMatrix, EveryCallOnACustomersObject_AnswersOthers404OrTheirOwnAndVisitors401) {
  const std::vector<ObjectCall> calls{
      {.name = "list orders",
       .method = "GET",
       .path = [] { return std::string("/api/orders"); },
       .lists = true,
       .leaks = [](const HttpResponse& r) { return listed_ids(r).contains(ann_order); }},
      {.name = "one order",
       .method = "GET",
       .path = [] { return "/api/orders/" + std::to_string(ann_order); }},
      {.name = "balance",
       .method = "POST",
       .path = [] { return std::string("/api/balance"); },
       .lists = true,
       .leaks =
           [](const HttpResponse& r) {
             return json::parse(r.body).at("balance").at("minorUnits").as_int64() != 0;
           }},
      {.name = "one deposit",
       .method = "GET",
       .path = [] { return "/api/balance/deposits/" + std::to_string(ann_deposit); }},
      {.name = "list artworks",
       .method = "GET",
       .path = [] { return std::string("/api/artworks"); },
       .lists = true,
       .leaks = [](const HttpResponse& r) { return listed_ids(r).contains(ann_artwork); }},
      {.name = "download an artwork",
       .method = "GET",
       .path = [] { return "/api/artworks/" + std::to_string(ann_artwork) + "/download"; }},
      {.name = "list generated images",
       .method = "GET",
       .path = [] { return std::string("/api/generated-images"); },
       .lists = true,
       .leaks = [](const HttpResponse& r) { return listed_ids(r).contains(ann_image); }},
      {.name = "download a generated image",
       .method = "GET",
       .path = [] { return "/api/generated-images/" + std::to_string(ann_image) + "/file"; }},
  };
  for (const auto& c : calls) {
    SCOPED_TRACE(c.name);
    const auto path = c.path();
    const auto as_owner = call(c.method, path, ann->customer.auth());
    ASSERT_EQ(as_owner.status, 200) << "the row reaches Ann's object: " << as_owner.body;
    if (c.lists) {
      ASSERT_TRUE(c.leaks(as_owner)) << "the leak check sees Ann's object";
    }

    const auto as_other = call(c.method, path, bob->customer.auth());
    if (c.lists) {
      EXPECT_EQ(as_other.status, 200);
      EXPECT_FALSE(c.leaks(as_other)) << as_other.body;
    } else {
      EXPECT_EQ(as_other.status, 404) << as_other.body;
    }
    const auto as_visitor = call(c.method, path, {});
    EXPECT_EQ(as_visitor.status, 401) << as_visitor.body;
    EXPECT_EQ(as_visitor.header("WWW-Authenticate"), "Bearer");
  }
}

// --- Tokens ---------------------------------------------------------------------------------

// A JWT from its parts, signed with `key` as HS256 would be (whatever the header claims).
std::string signed_token(const json::object& header, const json::object& claims,
                         const std::vector<std::byte>& key) {
  const auto head =
      base64url::encode(json::serialize(header)) + "." + base64url::encode(json::serialize(claims));
  return head + "." + base64url::encode(crypto::hmac_sha256(key, head));
}

json::object claims_of(const std::string& token) {
  const auto first = token.find('.');
  const auto second = token.find('.', first + 1);
  return json::parse(base64url::decode(token.substr(first + 1, second - first - 1)).value())
      .as_object();
}

json::object honest_header() {
  return {{"alg", "HS256"}, {"typ", "JWT"}, {"kid", crypto::derive_key_id(signing_key())}};
}

// The claims of a live login of Ann's, fresh: changing one of them makes each forgery.
json::object fresh_claims(const json::object& of_login) {
  auto claims = of_login;
  claims["iat"] = now_epoch();
  claims["exp"] = now_epoch() + std::int64_t{15} * 60;
  return claims;
}

TEST_F(AuthorizationMatrix, EveryForgedStaleOrMisusedAccessToken_Answers401) {
  const auto login = log_in(ann->customer.email);
  const auto access = std::string(login.at("accessToken").as_string());
  const auto live = claims_of(access);

  // Logins that have ended: one logged out, one ended by a password change made elsewhere.
  const auto logged_out = log_in(ann->customer.email);
  const auto logged_out_token = std::string(logged_out.at("accessToken").as_string());
  ASSERT_EQ(post_json(shop->url("/api/Accounts/logout"), "",
                      {{"Authorization", "Bearer " + logged_out_token}})
                .status,
            204);
  const auto carol = shop->sign_up();
  const auto before_change = std::string(log_in(carol.email).at("accessToken").as_string());
  const std::string new_password = "amber kettle horizon";
  ASSERT_EQ(shop->post("/api/Accounts/change-password",
                       {{"currentPassword", kTestPassword},
                        {"password", new_password},
                        {"repeatedPassword", new_password}},
                       carol)
                .status,
            200);

  const auto key = signing_key();
  const auto with = [&](std::string_view name, json::value value) {
    auto claims = fresh_claims(live);
    claims[name] = std::move(value);
    return signed_token(honest_header(), claims, key);
  };
  auto header_with = [](std::string_view name, json::value value) {
    auto header = honest_header();
    header[name] = std::move(value);
    return header;
  };
  auto edited = access;
  {
    // Bob's id in Ann's signed token: the signature no longer matches.
    auto claims = live;
    claims["sub"] = claims_of(bob->customer.token).at("sub");
    const auto first = access.find('.');
    const auto second = access.find('.', first + 1);
    edited = access.substr(0, first + 1) + base64url::encode(json::serialize(claims)) +
             access.substr(second);
  }
  auto no_alg = header_with("alg", "none");
  no_alg.erase("kid");
  const std::vector<std::pair<std::string, std::string>> forgeries{
      {"alg none", base64url::encode(json::serialize(no_alg)) + "." +
                       base64url::encode(json::serialize(fresh_claims(live))) + "."},
      {"RS256 header, HMAC with the key as public key",
       signed_token(header_with("alg", "RS256"), fresh_claims(live), key)},
      {"edited payload", edited},
      {"expired by one second", with("exp", now_epoch() - 1)},
      {"wrong audience", with("aud", "another-api")},
      {"wrong issuer", with("iss", "someone-else")},
      {"unknown key id",
       signed_token(header_with("kid", "0123456789abcdef"), fresh_claims(live), key)},
      {"refresh token as access token", std::string(login.at("refreshToken").as_string())},
      {"a logged-out login", logged_out_token},
      {"issued before a password change", before_change},
      {"a login that never was", with("sid", "00000000000000000000000000000000")},
  };
  ASSERT_EQ(
      get(shop->url("/api/orders"),
          {{"Authorization", "Bearer " + signed_token(honest_header(), fresh_claims(live), key)}})
          .status,
      200)
      << "the forging helper signs tokens the shop accepts";
  for (const auto& [name, token] : forgeries) {
    const auto response = get(shop->url("/api/orders"), {{"Authorization", "Bearer " + token}});
    EXPECT_EQ(response.status, 401) << name;
    EXPECT_EQ(response.header("WWW-Authenticate"), "Bearer") << name;
  }
}

}  // namespace
}  // namespace artshop::testing
