// Rate limits that cannot be turned against an account's owner, and text that means what it
// shows (docs/security.md), against the real server on loopback.
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "shop_api.hpp"

namespace artshop::testing {
namespace {

constexpr std::string_view kPassword = "purple otter lantern";
constexpr std::string_view kWrongCredentials = "The e-mail or password is incorrect.";

bool is_rate_limited(const HttpResponse& response) {
  return response.status == 429 && !response.header("Retry-After").empty() &&
         parse_object(response).at("title").as_string() == "Too many requests.";
}

// A shop behind a proxy on 127.0.0.1, so each test speaks from addresses of its own through
// X-Forwarded-For, IPv6 ones included.
class TextAndLimits : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    server = new ServerProcess({.env = {{"ARTSHOP_TRUSTED_PROXIES", "127.0.0.1"},
                                        // Enough threads that parallel logins all pass
                                        // their first check while the others still hash.
                                        {"ARTSHOP_PASSWORDS_THREADS", "20"}}});
  }
  static void TearDownTestSuite() {
    delete server;
    server = nullptr;
  }

  static HttpResponse post_from(std::string_view client, std::string_view path,
                                const json::value& body, RequestHeaders headers = {}) {
    headers.emplace_back("X-Forwarded-For", std::string(client));
    return post_json(server->url(path), json::serialize(body), std::move(headers));
  }

  static HttpResponse register_from(std::string_view client, std::string_view email) {
    return post_from(client, "/api/Accounts/register",
                     {{"email", email},
                      {"password", kPassword},
                      {"repeatedPassword", kPassword},
                      {"agreedToPrivacyPolicy", true}});
  }

  static HttpResponse log_in_from(std::string_view client, std::string_view email,
                                  std::string_view password) {
    return post_from(client, "/api/Accounts/login", {{"email", email}, {"password", password}});
  }

  static ServerProcess* server;
};

ServerProcess* TextAndLimits::server = nullptr;

// The e-mail "victim@example.com|<victim's address>" once named the victim's own (e-mail,
// address) bucket: ten failures with it from elsewhere answered the victim 429.
TEST_F(TextAndLimits, FailuresWithAnEmailSpellingTheVictimsBucket_DoNotLockTheVictimOut) {
  ASSERT_EQ(register_from("192.0.2.10", "victim@example.com").status, 200);
  for (int i = 0; i < 10; ++i) {
    const auto forged =
        log_in_from("203.0.113.66", "victim@example.com|198.51.100.20", "wrong guess!");
    EXPECT_EQ(forged.status, 400) << forged.body;
  }
  const auto victim = log_in_from("198.51.100.20", "victim@example.com", kPassword);
  EXPECT_EQ(victim.status, 200) << "the victim is not locked out of their address: " << victim.body;
}

// One subscriber holds a whole /64 and may use any address of it.
TEST_F(TextAndLimits, RegistrationsFromOneIpv6Slash64_ShareOneLimit) {
  for (int i = 1; i <= 10; ++i) {
    const auto address = "2001:db8:64:1:" + std::to_string(i) + "::" + std::to_string(i);
    EXPECT_EQ(register_from(address, "slash64-" + std::to_string(i) + "@example.com").status, 200)
        << address;
  }
  EXPECT_TRUE(is_rate_limited(register_from("2001:db8:64:1:ffff::99", "slash64-11@example.com")))
      << "the eleventh address of the same /64 is the same client";
  EXPECT_EQ(register_from("2001:db8:64:2::1", "slash64-12@example.com").status, 200)
      << "the next /64 is another client";
}

// Check and count are one step: 20 wrong passwords sent together for one account from one
// address are answered wrong exactly as often as the limit allows, and refused after.
TEST_F(TextAndLimits, TwentyParallelWrongPasswords_GiveExactlyTheLimitOfWrongAnswersThen429) {
  ASSERT_EQ(register_from("192.0.2.11", "parallel@example.com").status, 200);
  std::mutex mutex;
  std::vector<HttpResponse> answers;
  std::vector<std::thread> clients;
  for (int i = 0; i < 20; ++i) {
    clients.emplace_back([&] {
      auto response = log_in_from("203.0.113.77", "parallel@example.com", "wrong guess!");
      const std::lock_guard lock(mutex);
      answers.push_back(std::move(response));
    });
  }
  for (auto& client : clients) client.join();
  int wrong = 0;
  int limited = 0;
  for (const auto& answer : answers) {
    if (answer.status == 400 &&
        field_errors(answer, "") == std::vector<std::string>{std::string(kWrongCredentials)}) {
      ++wrong;
    } else if (is_rate_limited(answer)) {
      ++limited;
    } else {
      ADD_FAILURE() << answer.status << " " << answer.body;
    }
  }
  EXPECT_EQ(wrong, 10) << "limit.login_failures_per_email_and_ip is 10";
  EXPECT_EQ(limited, 10);
}

TEST_F(TextAndLimits, AnEmailInAnotherCaseOrComposition_IsTheSameAccount) {
  const auto first = register_from("192.0.2.12", "\u00C4NN@Example.com");
  ASSERT_EQ(first.status, 200) << first.body;
  EXPECT_EQ(parse_object(first).at("email").as_string(), "\u00E4nn@example.com");
  for (const auto* again : {"\u00E4nn@example.com", "A\u0308NN@example.com"}) {
    const auto twice = register_from("192.0.2.12", again);
    EXPECT_EQ(twice.status, 400) << again;
    EXPECT_EQ(field_errors(twice, "email"),
              std::vector<std::string>{"An account with this e-mail already exists."});
  }
  EXPECT_EQ(log_in_from("192.0.2.12", "a\u0308nn@EXAMPLE.COM", kPassword).status, 200);
}

TEST_F(TextAndLimits, ANameWithARightToLeftOverride_IsRefusedAndNotStored) {
  ASSERT_EQ(register_from("192.0.2.13", "override@example.com").status, 200);
  const auto login = log_in_from("192.0.2.13", "override@example.com", kPassword);
  ASSERT_EQ(login.status, 200);
  const RequestHeaders auth{
      {"Authorization",
       "Bearer " + std::string(parse_object(login).at("accessToken").as_string())}};
  const auto refused = post_from("192.0.2.13", "/api/Accounts/update",
                                 {{"firstName", "Ann\u202Egpj.exe"}, {"lastName", "Lee"}}, auth);
  EXPECT_EQ(refused.status, 400) << refused.body;
  EXPECT_EQ(field_errors(refused, "firstName"),
            std::vector<std::string>{"First name contains characters that are not allowed."});
  const auto profile = get(server->url("/api/Accounts/profile"), auth);
  EXPECT_EQ(parse_object(profile).at("firstName").as_string(), "");
}

TEST(PublicUrl, WithABackslashOrUserInfo_TheServerRefusesToStart) {
  // A browser goes to evil.example; a parser that stops at '@' sees 127.0.0.1.
  const auto backslash = refused_start({{"ARTSHOP_PUBLIC_URL", "http://evil.example\\@127.0.0.1"}});
  EXPECT_NE(backslash.find("exited with 2"), std::string::npos) << backslash;
  EXPECT_NE(backslash.find("public_url: a backslash is not allowed"), std::string::npos)
      << backslash;
  const auto user_info = refused_start({{"ARTSHOP_PUBLIC_URL", "https://shop@shop.example"},
                                        {"ARTSHOP_PAYMENTS_PROVIDER", "sandbox"},
                                        {"ARTSHOP_PAYMENTS_SANDBOX_PUBLIC_ACKNOWLEDGED", "true"}});
  EXPECT_NE(user_info.find("exited with 2"), std::string::npos) << user_info;
  EXPECT_NE(user_info.find("public_url: user info"), std::string::npos) << user_info;
}

}  // namespace
}  // namespace artshop::testing
