// The account calls of SPEC.md section 7 against the real server on loopback.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <atomic>
#include <boost/json.hpp>
#include <fstream>
#include <functional>
#include <latch>
#include <regex>
#include <sstream>
#include <thread>
#include <vector>

#include "artshop/core/codec/base64.hpp"
#include "artshop/crypto/digests.hpp"
#include "artshop/crypto/hex.hpp"
#include "artshop/crypto/jwt_keyring.hpp"
#include "shop_api.hpp"
#include "support/eventually.hpp"
#include "support/http_client.hpp"
#include "support/server_process.hpp"

namespace artshop::testing {
namespace {

namespace json = boost::json;

// A known signing key, so the tests can forge tokens the way an attacker who guessed the
// format (but not the key) would, and expired ones the way time would.
constexpr std::string_view kSigningKeyHex =
    "8f1c2b3a4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f8";
constexpr std::string_view kPassword = "purple otter lantern";

json::object parse(const HttpResponse& response) {
  return json::parse(response.body).as_object();
}

class AccountsApi : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    server = new ServerProcess({.env = {{"ARTSHOP_JWT_SIGNING_KEY", std::string(kSigningKeyHex)},
                                        {"ARTSHOP_PUBLIC_URL", "https://shop.example"},
                                        // A public address with the sandbox needs both.
                                        {"ARTSHOP_PAYMENTS_PROVIDER", "sandbox"},
                                        {"ARTSHOP_PAYMENTS_SANDBOX_PUBLIC_ACKNOWLEDGED", "true"},
                                        // Every test registers from 127.0.0.1.
                                        {"ARTSHOP_LIMIT_REGISTRATIONS_PER_IP", "1000/1h"}}});
  }
  static void TearDownTestSuite() {
    delete server;
    server = nullptr;
  }

  static HttpResponse post(std::string_view path, const json::value& body,
                           RequestHeaders headers = {}) {
    return post_json(server->url(path), json::serialize(body), std::move(headers));
  }

  // A fresh, unique address per test, so tests never share an account or a rate limit.
  static std::string new_email() {
    static std::atomic<int> counter{0};
    return "customer" + std::to_string(++counter) + "@example.com";
  }

  static std::string registered() {
    const auto email = new_email();
    const auto response = post("/api/Accounts/register", {{"email", email},
                                                          {"password", kPassword},
                                                          {"repeatedPassword", kPassword},
                                                          {"agreedToPrivacyPolicy", true}});
    EXPECT_EQ(response.status, 200) << response.body;
    return email;
  }

  static json::object logged_in(const std::string& email, std::string_view password = kPassword) {
    const auto response = post("/api/Accounts/login", {{"email", email}, {"password", password}});
    EXPECT_EQ(response.status, 200) << response.body;
    return parse(response);
  }

  static std::string access_token(const json::object& tokens) {
    return std::string(tokens.at("accessToken").as_string());
  }
  static std::string refresh_token(const json::object& tokens) {
    return std::string(tokens.at("refreshToken").as_string());
  }

  static HttpResponse profile(std::string_view token) {
    return get(server->url("/api/Accounts/profile"),
               {{"Authorization", "Bearer " + std::string(token)}});
  }

  // The newest mail in the outbox addressed to `email`.
  static std::string last_mail_to(const std::string& email) {
    std::string newest_name;
    std::string newest_text;
    eventually(
        [&] {
          const auto outbox = server->data_dir() / "outbox";
          if (!std::filesystem::exists(outbox)) return false;
          for (const auto& entry : std::filesystem::directory_iterator(outbox)) {
            std::ifstream in(entry.path());
            std::stringstream text;
            text << in.rdbuf();
            if (text.str().find("To: " + email) != std::string::npos &&
                entry.path().filename().string() > newest_name) {
              newest_name = entry.path().filename().string();
              newest_text = text.str();
            }
          }
          return !newest_text.empty();
        },
        std::chrono::seconds(5));
    return newest_text;
  }

  static std::string mailed_code(const std::string& email) {
    const auto mail = last_mail_to(email);
    std::smatch match;
    EXPECT_TRUE(std::regex_search(mail, match, std::regex("code=([0-9A-Z]{8})"))) << mail;
    return match.size() > 1 ? match[1].str() : std::string{};
  }

  static ServerProcess* server;
};

ServerProcess* AccountsApi::server = nullptr;

// --- Register -------------------------------------------------------------------------------

TEST_F(AccountsApi, Register_WithAValidForm_CreatesTheAccountWithoutSigningIn) {
  const auto response = post("/api/Accounts/register", {{"email", "  New.Person@Example.com "},
                                                        {"password", kPassword},
                                                        {"repeatedPassword", kPassword},
                                                        {"agreedToPrivacyPolicy", true}});
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(parse(response).at("email").as_string(), "new.person@example.com");
  EXPECT_FALSE(parse(response).contains("accessToken"));
  logged_in("new.person@example.com");
}

TEST_F(AccountsApi, Register_WithEveryFieldWrong_AnswersAFieldMapOfAllOfThem) {
  const auto response = post("/api/Accounts/register", {{"email", "nope"},
                                                        {"password", "short"},
                                                        {"repeatedPassword", "different"},
                                                        {"agreedToPrivacyPolicy", false}});
  ASSERT_EQ(response.status, 400);
  EXPECT_EQ(parse(response).at("title").as_string(), "Validation failed");
  for (const char* field : {"email", "password", "repeatedPassword", "agreedToPrivacyPolicy"}) {
    EXPECT_FALSE(field_errors(response, field).empty()) << field << ": " << response.body;
  }
}

TEST_F(AccountsApi, Register_RejectsCommonPasswordsTheEmailAsPasswordAndTooLongOnes) {
  const auto email = new_email();
  const auto attempt = [&](const std::string& password) {
    return post("/api/Accounts/register", {{"email", email},
                                           {"password", password},
                                           {"repeatedPassword", password},
                                           {"agreedToPrivacyPolicy", true}});
  };
  EXPECT_EQ(field_errors(attempt("password1"), "password"),
            std::vector<std::string>{"This password is too common. Choose a less common one."});
  EXPECT_FALSE(field_errors(attempt(email), "password").empty());
  EXPECT_FALSE(field_errors(attempt(std::string(129, 'x')), "password").empty());
  EXPECT_EQ(attempt(std::string(128, 'x')).status, 200) << "128 characters are allowed";
}

TEST_F(AccountsApi, Register_TheSameEmailTwice_RejectsTheSecond) {
  const auto email = registered();
  const auto again = post("/api/Accounts/register", {{"email", email},
                                                     {"password", kPassword},
                                                     {"repeatedPassword", kPassword},
                                                     {"agreedToPrivacyPolicy", true}});
  EXPECT_EQ(again.status, 400);
  EXPECT_FALSE(field_errors(again, "email").empty());
}

TEST_F(AccountsApi, Register_WithAWrongType_NamesTheField) {
  const auto response = post("/api/Accounts/register", {{"email", 42},
                                                        {"password", kPassword},
                                                        {"repeatedPassword", kPassword},
                                                        {"agreedToPrivacyPolicy", true}});
  EXPECT_EQ(response.status, 400);
  EXPECT_FALSE(field_errors(response, "email").empty());
}

// --- Log in ---------------------------------------------------------------------------------

TEST_F(AccountsApi, LogIn_ReadsPropertyNamesWithoutRegardToCase) {
  const auto email = registered();
  const auto response = post("/api/accounts/LOGIN", {{"EMAIL", email}, {"Password", kPassword}});
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(profile(access_token(parse(response))).status, 200);
}

TEST_F(AccountsApi, LogIn_WrongPasswordAndUnknownEmail_AnswerTheSameGeneralMessage) {
  const auto email = registered();
  const auto wrong =
      post("/api/Accounts/login", {{"email", email}, {"password", "not mine at all"}});
  const auto unknown =
      post("/api/Accounts/login", {{"email", new_email()}, {"password", "not mine at all"}});
  EXPECT_EQ(wrong.status, 400);
  EXPECT_EQ(wrong.body, unknown.body);
  EXPECT_EQ(field_errors(wrong, ""),
            std::vector<std::string>{"The e-mail or password is incorrect."});
}

TEST_F(AccountsApi, LogIn_AfterTenFailures_Answers429WithRetryAfter) {
  const auto email = registered();
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(post("/api/Accounts/login", {{"email", email}, {"password", "wrong guess!"}}).status,
              400);
  }
  const auto limited = post("/api/Accounts/login", {{"email", email}, {"password", kPassword}});
  EXPECT_EQ(limited.status, 429);
  EXPECT_GT(std::stoi(limited.header("Retry-After")), 0);
  EXPECT_LE(std::stoi(limited.header("Retry-After")), 15 * 60);
  EXPECT_FALSE(parse(limited).contains("errors")) << "the client shows 'Too many requests.'";
}

// --- Tokens ---------------------------------------------------------------------------------

std::string sign(std::string_view header_json, std::string_view claims_json) {
  const auto header = base64url::encode(header_json);
  const auto claims = base64url::encode(claims_json);
  const auto key = crypto::from_hex(kSigningKeyHex).value();
  const auto signature = crypto::hmac_sha256(key, header + "." + claims);
  return header + "." + claims + "." + base64url::encode(signature);
}

// The subject and login of a real access token, so a forged token differs from an honest one
// only in what each case changes.
struct TokenOwner {
  std::string sub;
  std::string sid;
};

TokenOwner owner_of(const std::string& access_token) {
  const auto first = access_token.find('.');
  const auto second = access_token.find('.', first + 1);
  const auto claims =
      json::parse(base64url::decode(access_token.substr(first + 1, second - first - 1)).value());
  return {std::string(claims.at("sub").as_string()), std::string(claims.at("sid").as_string())};
}

std::string claims_json(const TokenOwner& owner, std::int64_t expires,
                        std::string_view token_use = "access") {
  return R"({"sub":")" + owner.sub + R"(","iat":1700000000,"exp":)" + std::to_string(expires) +
         R"(,"iss":"artshop","aud":"artshop-api","token_use":")" + std::string(token_use) +
         R"(","sid":")" + owner.sid + R"("})";
}

std::string header_json(std::string_view alg = "HS256") {
  const auto key = crypto::from_hex(kSigningKeyHex).value();
  return R"({"alg":")" + std::string(alg) + R"(","typ":"JWT","kid":")" +
         crypto::derive_key_id(key) + R"("})";
}

TEST_F(AccountsApi, SignedInCalls_RefuseEveryForgedOrWrongToken) {
  const auto tokens = logged_in(registered());
  const auto valid = access_token(tokens);
  const auto owner = owner_of(valid);
  const auto far_future = std::int64_t{4'000'000'000};
  auto tampered = valid;
  tampered[tampered.find('.') + 5] ^= 1;
  const auto dot = valid.rfind('.');
  const std::vector<std::pair<std::string, std::string>> forgeries = {
      {"missing", ""},
      {"garbage", "not-a-token"},
      {"tampered payload", tampered},
      {"tampered signature", valid.substr(0, dot + 1) + "AAAA" + valid.substr(dot + 5)},
      {"expired", sign(header_json(), claims_json(owner, 1'700'000'100))},
      {"alg none", base64url::encode(R"({"alg":"none","typ":"JWT"})") + "." +
                       base64url::encode(claims_json(owner, far_future)) + "."},
      {"alg HS512", sign(header_json("HS512"), claims_json(owner, far_future))},
      {"refresh token as access token", refresh_token(tokens)},
      {"not an access token", sign(header_json(), claims_json(owner, far_future, "refresh"))},
  };
  ASSERT_EQ(profile(sign(header_json(), claims_json(owner, far_future))).status, 200)
      << "the forging helper itself makes valid tokens";
  for (const auto& [name, token] : forgeries) {
    const auto response = profile(token);
    EXPECT_EQ(response.status, 401) << name;
    EXPECT_EQ(response.header("WWW-Authenticate"), "Bearer") << name;
  }
}

TEST_F(AccountsApi, Refresh_RotatesAndTheNewTokenWorks) {
  const auto first = logged_in(registered());
  const auto second = post("/api/Accounts/refresh", {{"refreshToken", refresh_token(first)}});
  ASSERT_EQ(second.status, 200);
  EXPECT_NE(refresh_token(parse(second)), refresh_token(first));
  EXPECT_EQ(profile(access_token(parse(second))).status, 200);
  EXPECT_EQ(post("/api/Accounts/refresh", {{"refreshToken", refresh_token(parse(second))}}).status,
            200);
}

TEST_F(AccountsApi, Refresh_WithAnEmptyToken_SaysSo) {
  const auto response = post("/api/Accounts/refresh", {{"refreshToken", ""}});
  EXPECT_EQ(response.status, 400);
  EXPECT_EQ(field_errors(response, "refreshToken"),
            std::vector<std::string>{"refresh token is empty"});
}

// `count` tabs of one browser refreshing `token` at the same moment.
std::vector<HttpResponse> parallel_refreshes(
    const std::string& token, int count, const std::function<HttpResponse(std::string)>& refresh) {
  std::vector<HttpResponse> responses(static_cast<std::size_t>(count));
  std::latch start(count);
  std::vector<std::thread> tabs;
  for (auto& response : responses) {
    tabs.emplace_back([&] {
      start.arrive_and_wait();
      response = refresh(token);
    });
  }
  for (auto& tab : tabs) tab.join();
  return responses;
}

// The refresh tokens of `email`'s account that can still be used: neither rotated nor revoked.
std::int64_t usable_refresh_tokens(const ServerProcess& server, const std::string& email) {
  const auto db = database_of(server)();
  auto count = db->prepare(
      "SELECT count(*) FROM refresh_tokens JOIN accounts ON accounts.id = account_id "
      "WHERE email = ?1 AND rotated_at IS NULL AND revoked_at IS NULL");
  count.bind(1, email);
  return count.step() ? count.column_int(0) : -1;
}

class ParallelRefreshes : public AccountsApi, public ::testing::WithParamInterface<int> {};

TEST_P(ParallelRefreshes, OfOneToken_AllAnswerTheSameSuccessorAndOneLoginStaysLive) {
  const auto email = registered();
  const auto first = logged_in(email);
  const auto responses =
      parallel_refreshes(refresh_token(first), GetParam(), [](std::string token) {
        return post("/api/Accounts/refresh", {{"refreshToken", token}});
      });
  for (const auto& response : responses) {
    ASSERT_EQ(response.status, 200) << "no tab is logged out: " << response.body;
    EXPECT_EQ(refresh_token(parse(response)), refresh_token(parse(responses.front())))
        << "every tab holds the same successor";
    EXPECT_EQ(profile(access_token(parse(response))).status, 200);
  }
  EXPECT_EQ(usable_refresh_tokens(*server, email), 1);
  const auto next =
      post("/api/Accounts/refresh", {{"refreshToken", refresh_token(parse(responses.front()))}});
  EXPECT_EQ(next.status, 200) << "the login's token refreshes: " << next.body;
}

INSTANTIATE_TEST_SUITE_P(Tabs, ParallelRefreshes, ::testing::Values(2, 20));

// A shop whose grace lasts one second, so that a replay past it is quick to reach.
class ShortRefreshGraceApi : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    server = new ServerProcess({.env = {{"ARTSHOP_AUTH_REFRESH_GRACE_SECONDS", "1"},
                                        {"ARTSHOP_LIMIT_REGISTRATIONS_PER_IP", "1000/1h"}}});
  }
  static void TearDownTestSuite() {
    delete server;
    server = nullptr;
  }
  static HttpResponse post(std::string_view path, const json::value& body) {
    return post_json(server->url(path), json::serialize(body));
  }
  static ServerProcess* server;
};

ServerProcess* ShortRefreshGraceApi::server = nullptr;

TEST_F(ShortRefreshGraceApi, AReplayPastTheGrace_RevokesTheWholeLogin) {
  ASSERT_EQ(post("/api/Accounts/register", {{"email", "ann@example.com"},
                                            {"password", kPassword},
                                            {"repeatedPassword", kPassword},
                                            {"agreedToPrivacyPolicy", true}})
                .status,
            200);
  const auto login =
      parse(post("/api/Accounts/login", {{"email", "ann@example.com"}, {"password", kPassword}}));
  const json::value first = {{"refreshToken", login.at("refreshToken")}};
  const auto second = post("/api/Accounts/refresh", first);
  ASSERT_EQ(second.status, 200);
  const auto again = post("/api/Accounts/refresh", first);
  ASSERT_EQ(again.status, 200) << "within the grace the same successor is answered";
  EXPECT_EQ(parse(again).at("refreshToken"), parse(second).at("refreshToken"));

  // Within the grace every replay answers the same successor and changes nothing, so looking
  // again until one is refused waits for the grace to end.
  HttpResponse replay;
  ASSERT_TRUE(eventually(
      [&] {
        replay = post("/api/Accounts/refresh", first);
        return replay.status != 200;
      },
      std::chrono::seconds(10)));
  EXPECT_EQ(replay.status, 400);
  EXPECT_EQ(field_errors(replay, ""),
            std::vector<std::string>{"Your session has ended. Please log in again."});
  const auto successor =
      post("/api/Accounts/refresh", {{"refreshToken", parse(second).at("refreshToken")}});
  EXPECT_EQ(successor.status, 400) << "the successor of the replayed token is revoked too";
  EXPECT_EQ(field_errors(successor, ""),
            std::vector<std::string>{"Your session has ended. Please log in again."});
  const auto signed_in = get(
      server->url("/api/Accounts/profile"),
      {{"Authorization", "Bearer " + std::string(parse(second).at("accessToken").as_string())}});
  EXPECT_EQ(signed_in.status, 401) << "and its access tokens with it";
}

// --- Forgot and reset ------------------------------------------------------------------------

TEST_F(AccountsApi, ForgotPassword_AnswersAlikeForKnownAndUnknownEmails) {
  const auto known = post("/api/Accounts/forgot-password", {{"email", registered()}});
  const auto unknown = post("/api/Accounts/forgot-password", {{"email", new_email()}});
  EXPECT_EQ(known.status, 200);
  EXPECT_EQ(known.status, unknown.status);
  EXPECT_EQ(known.body, unknown.body);
}

TEST_F(AccountsApi, ForgotPassword_FourthRequestInAnHour_Answers429) {
  const auto email = new_email();
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(post("/api/Accounts/forgot-password", {{"email", email}}).status, 200);
  }
  const auto limited = post("/api/Accounts/forgot-password", {{"email", email}});
  EXPECT_EQ(limited.status, 429);
  EXPECT_FALSE(limited.header("Retry-After").empty());
}

TEST_F(AccountsApi, ResetPassword_WithTheMailedCode_ChangesThePasswordAndEndsSessions) {
  const auto email = registered();
  const auto old_session = logged_in(email);
  ASSERT_EQ(post("/api/Accounts/forgot-password", {{"email", email}}).status, 200);
  const auto code = mailed_code(email);
  EXPECT_NE(last_mail_to(email).find("https://shop.example/reset-password?email="),
            std::string::npos);

  const std::string new_password = "amber kettle horizon";
  const auto reset = post("/api/Accounts/reset-password", {{"email", email},
                                                           {"password", new_password},
                                                           {"repeatedPassword", new_password},
                                                           {"code", code}});
  ASSERT_EQ(reset.status, 200) << reset.body;
  EXPECT_FALSE(parse(reset).contains("accessToken")) << "a reset does not sign in";
  EXPECT_EQ(post("/api/Accounts/refresh", {{"refreshToken", refresh_token(old_session)}}).status,
            400);
  EXPECT_EQ(post("/api/Accounts/login", {{"email", email}, {"password", kPassword}}).status, 400);
  logged_in(email, new_password);
  EXPECT_NE(last_mail_to(email).find("was changed"), std::string::npos);
}

TEST_F(AccountsApi, ResetPassword_FiveWrongCodes_KillTheRightOne) {
  const auto email = registered();
  ASSERT_EQ(post("/api/Accounts/forgot-password", {{"email", email}}).status, 200);
  const auto code = mailed_code(email);
  const std::string new_password = "amber kettle horizon";
  const auto attempt = [&](const std::string& typed) {
    return post("/api/Accounts/reset-password", {{"email", email},
                                                 {"password", new_password},
                                                 {"repeatedPassword", new_password},
                                                 {"code", typed}});
  };
  const std::string wrong = code == "ZZZZZZZZ" ? "YYYYYYYY" : "ZZZZZZZZ";
  for (int i = 0; i < 5; ++i) {
    const auto response = attempt(wrong);
    EXPECT_EQ(response.status, 400);
    EXPECT_FALSE(field_errors(response, "code").empty());
  }
  EXPECT_EQ(attempt(code).status, 400);
}

// --- Profile, billing, change password -------------------------------------------------------

TEST_F(AccountsApi, ProfileAndBilling_AreTheCallersOwn) {
  const auto ann = access_token(logged_in(registered()));
  const auto bob = access_token(logged_in(registered()));
  const RequestHeaders as_ann{{"Authorization", "Bearer " + ann}};
  EXPECT_EQ(
      post("/api/accounts/update", {{"firstName", "Ann"}, {"lastName", "Lee"}}, as_ann).status,
      200);
  const auto billing = post("/api/accounts/update-billing",
                            {{"country", "no"},
                             {"state", ""},
                             {"city", "Oslo"},
                             {"address1", "Karl Johans gate 1"},
                             {"zipCode", "0154"}},
                            as_ann);
  ASSERT_EQ(billing.status, 200) << billing.body;
  const auto ann_profile = parse(profile(ann));
  EXPECT_EQ(ann_profile.at("firstName").as_string(), "Ann");
  EXPECT_EQ(ann_profile.at("billing").at("country").as_string(), "NO");
  EXPECT_EQ(ann_profile.at("billing").at("city").as_string(), "Oslo");
  const auto bob_profile = parse(profile(bob));
  EXPECT_EQ(bob_profile.at("firstName").as_string(), "");
  EXPECT_EQ(bob_profile.at("billing").at("city").as_string(), "");
}

TEST_F(AccountsApi, UpdateBilling_WithBadFields_AnswersEachField) {
  const auto token = access_token(logged_in(registered()));
  const auto response = post("/api/accounts/update-billing",
                             {{"country", "XX"}, {"city", ""}, {"address1", ""}, {"zipCode", ""}},
                             {{"Authorization", "Bearer " + token}});
  EXPECT_EQ(response.status, 400);
  for (const char* field : {"country", "city", "address1", "zipCode"}) {
    EXPECT_FALSE(field_errors(response, field).empty()) << field;
  }
}

TEST_F(AccountsApi, ChangePassword_KeepsThisLoginAndEndsTheOthers) {
  const auto email = registered();
  const auto here = logged_in(email);
  const auto elsewhere = logged_in(email);
  const std::string new_password = "amber kettle horizon";
  const RequestHeaders as_here{{"Authorization", "Bearer " + access_token(here)}};
  const auto wrong = post("/api/Accounts/change-password",
                          {{"currentPassword", "not the one"},
                           {"password", new_password},
                           {"repeatedPassword", new_password}},
                          as_here);
  EXPECT_EQ(wrong.status, 400);
  EXPECT_FALSE(field_errors(wrong, "currentPassword").empty());

  const auto changed = post("/api/Accounts/change-password",
                            {{"currentPassword", kPassword},
                             {"password", new_password},
                             {"repeatedPassword", new_password}},
                            as_here);
  ASSERT_EQ(changed.status, 200) << changed.body;
  EXPECT_EQ(post("/api/Accounts/refresh", {{"refreshToken", refresh_token(here)}}).status, 200);
  EXPECT_EQ(post("/api/Accounts/refresh", {{"refreshToken", refresh_token(elsewhere)}}).status,
            400);
  logged_in(email, new_password);
  EXPECT_NE(last_mail_to(email).find("was changed"), std::string::npos);
}

TEST_F(AccountsApi, ChangePassword_WithoutAToken_Answers401) {
  const auto response = post("/api/Accounts/change-password", {{"currentPassword", "x"}});
  EXPECT_EQ(response.status, 401);
}

TEST_F(AccountsApi, LogIn_WithoutTrustedProxies_IgnoresXForwardedFor) {
  const auto email = registered();
  for (int i = 0; i < 10; ++i) {
    const RequestHeaders spoofed{{"X-Forwarded-For", "198.51.100." + std::to_string(i)}};
    EXPECT_EQ(post("/api/Accounts/login", {{"email", email}, {"password", "wrong guess!"}}, spoofed)
                  .status,
              400);
  }
  const auto limited = post("/api/Accounts/login", {{"email", email}, {"password", kPassword}},
                            {{"X-Forwarded-For", "198.51.100.99"}});
  EXPECT_EQ(limited.status, 429) << "a header the client wrote moves nobody to another bucket";
}

// --- Log out ---------------------------------------------------------------------------------

TEST_F(AccountsApi, LogOut_EndsThisLoginsAccessAndRefreshTokensAndNoOther) {
  const auto email = registered();
  const auto here = logged_in(email);
  const auto elsewhere = logged_in(email);
  const auto out = post("/api/Accounts/logout", {{"refreshToken", refresh_token(here)}},
                        {{"Authorization", "Bearer " + access_token(here)}});
  EXPECT_EQ(out.status, 204) << out.body;
  EXPECT_EQ(profile(access_token(here)).status, 401) << "no waiting 15 minutes for it to expire";
  EXPECT_EQ(post("/api/Accounts/refresh", {{"refreshToken", refresh_token(here)}}).status, 400);
  EXPECT_EQ(profile(access_token(elsewhere)).status, 200);
  EXPECT_EQ(post("/api/Accounts/refresh", {{"refreshToken", refresh_token(elsewhere)}}).status,
            200);
}

TEST_F(AccountsApi, LogOut_WithoutABody_StillEndsTheLogin) {
  const auto session = logged_in(registered());
  const auto out = post_json(server->url("/api/Accounts/logout"), "",
                             {{"Authorization", "Bearer " + access_token(session)}});
  EXPECT_EQ(out.status, 204) << out.body;
  EXPECT_EQ(post("/api/Accounts/refresh", {{"refreshToken", refresh_token(session)}}).status, 400);
}

TEST_F(AccountsApi, LogOut_WithoutAToken_Answers401) {
  EXPECT_EQ(post("/api/Accounts/logout", json::object{}).status, 401);
}

// --- Secrets at rest ------------------------------------------------------------------------

TEST_F(AccountsApi, TheDatabaseKeysAndOutbox_AreTheOwnersAlone) {
  const auto email = registered();
  ASSERT_EQ(post("/api/Accounts/forgot-password", {{"email", email}}).status, 200);
  ASSERT_FALSE(mailed_code(email).empty());
  const auto mode = [](const std::filesystem::path& path) {
    struct stat status {};
    EXPECT_EQ(::stat(path.c_str(), &status), 0) << path;
    return status.st_mode & 0777U;
  };
  const auto& data = server->data_dir();
  EXPECT_EQ(mode(data / "artshop.db"), 0600U);
  EXPECT_EQ(mode(data / "reset-codes.key"), 0600U);
  EXPECT_EQ(mode(data / "gift-cards.key"), 0600U);
  EXPECT_EQ(mode(data / "outbox"), 0700U);
}

TEST_F(AccountsApi, AResetCode_IsStoredOnlyAsAKeyedDigest) {
  const auto email = registered();
  ASSERT_EQ(post("/api/Accounts/forgot-password", {{"email", email}}).status, 200);
  const auto code = mailed_code(email);
  std::vector<std::string> stored;
  const auto db = database_of(*server)();
  for (auto rows = db->prepare("SELECT code_digest FROM reset_codes"); rows.step();) {
    stored.push_back(rows.column_text(0));
  }
  ASSERT_FALSE(stored.empty());
  for (const auto& digest : stored) {
    EXPECT_EQ(digest.size(), 64U);
    EXPECT_EQ(digest.find(code), std::string::npos);
    EXPECT_NE(digest, crypto::sha256_hex(code)) << "a plain digest could be tested offline";
  }
}

// --- Abuse limits behind a proxy -------------------------------------------------------------

// A shop behind a proxy on 127.0.0.1 (and 10.0.0.0/8), so each test speaks from addresses of
// its own through X-Forwarded-For, with limits small enough to reach.
class AbuseLimits : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    server = new ServerProcess({.env = {{"ARTSHOP_TRUSTED_PROXIES", "127.0.0.1, 10.0.0.0/8"},
                                        {"ARTSHOP_LIMIT_REGISTRATIONS_PER_IP", "1000/1h"},
                                        {"ARTSHOP_LIMIT_LOGIN_FAILURES_PER_ACCOUNT", "3/1h"},
                                        {"ARTSHOP_LIMIT_LOGIN_FAILURES_PER_IP", "4/15m"},
                                        {"ARTSHOP_LIMIT_FORGOT_PASSWORD_PER_IP", "2/1h"},
                                        {"ARTSHOP_LIMIT_RESET_ATTEMPTS_PER_IP", "2/1h"},
                                        {"ARTSHOP_LIMIT_RESET_ATTEMPTS_PER_ACCOUNT", "3/1h"},
                                        {"ARTSHOP_LIMIT_CHANGE_PASSWORD_PER_ACCOUNT", "2/1h"}}});
  }
  static void TearDownTestSuite() {
    delete server;
    server = nullptr;
  }

  static HttpResponse post_from(std::string_view forwarded_for, std::string_view path,
                                const json::value& body, RequestHeaders headers = {}) {
    headers.emplace_back("X-Forwarded-For", std::string(forwarded_for));
    return post_json(server->url(path), json::serialize(body), std::move(headers));
  }

  static std::string registered() {
    static std::atomic<int> counter{0};
    const auto email = "limited" + std::to_string(++counter) + "@example.com";
    EXPECT_EQ(post_from("192.0.2.1", "/api/Accounts/register",
                        {{"email", email},
                         {"password", kPassword},
                         {"repeatedPassword", kPassword},
                         {"agreedToPrivacyPolicy", true}})
                  .status,
              200);
    return email;
  }

  static HttpResponse log_in_from(std::string_view address, const std::string& email,
                                  std::string_view password) {
    return post_from(address, "/api/Accounts/login", {{"email", email}, {"password", password}});
  }

  static void expect_too_many(const HttpResponse& response) {
    EXPECT_EQ(response.status, 429) << response.body;
    EXPECT_FALSE(response.header("Retry-After").empty());
  }

  static ServerProcess* server;
};

ServerProcess* AbuseLimits::server = nullptr;

TEST_F(AbuseLimits, AnAccountUnderAttack_StillLetsItsOwnerInFromAnAddressThatHasNotFailed) {
  const auto email = registered();
  for (const auto* attacker : {"203.0.113.1", "203.0.113.2", "203.0.113.3"}) {
    EXPECT_EQ(log_in_from(attacker, email, "wrong guess!").status, 400);
  }
  expect_too_many(log_in_from("203.0.113.1", email, kPassword));
  EXPECT_EQ(log_in_from("198.51.100.7", email, kPassword).status, 200)
      << "the owner at home is not locked out by the attack";
}

TEST_F(AbuseLimits, FailuresAcrossManyEmailsFromOneClient_AreLimitedBehindTheProxy) {
  // The client writes the left-most hops itself; the proxy appends the address it saw.
  for (int i = 0; i < 4; ++i) {
    const auto spoofed = "198.51.100." + std::to_string(i) + ", 203.0.113.60, 10.0.0.7";
    EXPECT_EQ(log_in_from(spoofed, registered(), "wrong guess!").status, 400);
  }
  const auto email = registered();
  expect_too_many(log_in_from("198.51.100.200, 203.0.113.60, 10.0.0.7", email, kPassword));
  EXPECT_EQ(log_in_from("203.0.113.61, 10.0.0.7", email, kPassword).status, 200)
      << "another client behind the same proxy is counted apart";
}

TEST_F(AbuseLimits, ForgotPassword_FromOneAddressForManyEmails_Answers429) {
  EXPECT_EQ(post_from("203.0.113.70", "/api/Accounts/forgot-password", {{"email", "a@example.com"}})
                .status,
            200);
  EXPECT_EQ(post_from("203.0.113.70", "/api/Accounts/forgot-password", {{"email", "b@example.com"}})
                .status,
            200);
  expect_too_many(
      post_from("203.0.113.70", "/api/Accounts/forgot-password", {{"email", "c@example.com"}}));
}

TEST_F(AbuseLimits, ResetAttempts_AreLimitedPerAddressAndPerAccount) {
  const auto email = registered();
  const auto attempt = [&](std::string_view address) {
    return post_from(address, "/api/Accounts/reset-password",
                     {{"email", email},
                      {"password", "amber kettle horizon"},
                      {"repeatedPassword", "amber kettle horizon"},
                      {"code", "ZZZZZZZZ"}});
  };
  EXPECT_EQ(attempt("203.0.113.80").status, 400);
  EXPECT_EQ(attempt("203.0.113.80").status, 400);
  expect_too_many(attempt("203.0.113.80"));
  EXPECT_EQ(attempt("203.0.113.81").status, 400);
  expect_too_many(attempt("203.0.113.82"));  // the account has had its three tries
}

TEST_F(AbuseLimits, ChangePasswordAttempts_AreLimitedPerAccount) {
  const auto email = registered();
  const auto login = log_in_from("203.0.113.90", email, kPassword);
  ASSERT_EQ(login.status, 200);
  const RequestHeaders auth{
      {"Authorization", "Bearer " + std::string(parse(login).at("accessToken").as_string())}};
  const auto attempt = [&] {
    return post_from("203.0.113.90", "/api/Accounts/change-password",
                     {{"currentPassword", "a guess at it"},
                      {"password", "amber kettle horizon"},
                      {"repeatedPassword", "amber kettle horizon"}},
                     auth);
  };
  EXPECT_EQ(attempt().status, 400);
  EXPECT_EQ(attempt().status, 400);
  expect_too_many(attempt());
}

// Without a configured public_url the shop's address is the one it listens on, port included,
// even when the port was left to the system (0).
TEST(AccountsMail, WithoutAPublicUrl_TheResetLinkPointsAtThePortTheServerListensOn) {
  ServerProcess server;
  const std::string email = "port-owner@example.com";
  const auto registered = post_json(server.url("/api/Accounts/register"),
                                    json::serialize(json::object{{"email", email},
                                                                 {"password", kPassword},
                                                                 {"repeatedPassword", kPassword},
                                                                 {"agreedToPrivacyPolicy", true}}));
  ASSERT_EQ(registered.status, 200) << registered.body;
  ASSERT_EQ(post_json(server.url("/api/Accounts/forgot-password"),
                      json::serialize(json::object{{"email", email}}))
                .status,
            200);
  std::string mail;
  eventually(
      [&] {
        const auto outbox = server.data_dir() / "outbox";
        if (!std::filesystem::exists(outbox)) return false;
        for (const auto& entry : std::filesystem::directory_iterator(outbox)) {
          std::ifstream in(entry.path());
          std::stringstream text;
          text << in.rdbuf();
          if (text.str().find("reset-password?email=") != std::string::npos) mail = text.str();
        }
        return !mail.empty();
      },
      std::chrono::seconds(5));
  EXPECT_NE(mail.find(server.url("/reset-password?email=")), std::string::npos) << mail;
}

}  // namespace
}  // namespace artshop::testing
