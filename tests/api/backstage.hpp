#pragma once

// The back office's API tests' helper: a shop whose staff are made from the command line and
// set up with codes computed as an authenticator app computes them (tests/api/admin_api_test.cpp,
// tests/api/admin_orders_test.cpp, tests/api/admin_customers_test.cpp).
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <string>
#include <vector>

#include "artshop/core/staff/totp.hpp"
#include "artshop/crypto/openssl_message_authenticator.hpp"
#include "shop_api.hpp"
#include "support/smtp_sink.hpp"
#include "support/temp_dir.hpp"

namespace artshop::testing {

using std::chrono::seconds;

// The back office's two refusals (docs/back-office.md, "Sessions"): no live staff session, and a
// role without the permission.
inline constexpr std::string_view kSignIn = "Sign in to the back office.";
inline constexpr std::string_view kRoleForbids = "Your role does not allow this.";

// The bytes of an RFC 4648 base32 secret, as an authenticator app reads it.
inline std::vector<std::byte> base32_bytes(std::string_view text) {
  constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  std::vector<std::byte> bytes;
  unsigned buffer = 0;
  int bits = 0;
  for (const char c : text) {
    buffer = (buffer << 5U) | static_cast<unsigned>(kAlphabet.find(c));
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push_back(static_cast<std::byte>((buffer >> static_cast<unsigned>(bits)) & 0xFFU));
    }
  }
  return bytes;
}

// What an authenticator app shows for `secret` (base32), `later` from now.
inline std::string app_code(const std::string& secret, seconds later = seconds(0)) {
  static const crypto::OpensslMessageAuthenticator macs;
  const auto now = std::chrono::floor<seconds>(std::chrono::system_clock::now());
  return totp_code(macs, base32_bytes(secret), now + later);
}

inline std::string general_error(const HttpResponse& response) {
  const auto errors = field_errors(response, "");
  return errors.empty() ? std::string("(none) ") + response.body : errors.front();
}

// A staff member as the tests know it: what set-up showed and gave.
struct Member {
  std::string email;
  std::int64_t id = 0;
  std::string secret;
  std::vector<std::string> recovery_codes;
  std::string token;  // the session set-up opened
};

// `artshop staff add` on `server`'s database, with the settings in `environment` (quoted
// KEY='value' pairs): the set-up link it printed.
inline std::string staff_link_by_command(const ServerProcess& server, const std::string& email,
                                         const std::string& role, std::string environment = "") {
  // Quoted: a PostgreSQL URL may hold a '?' or an '&'.
  environment += " ARTSHOP_PUBLIC_URL='" + server.base_url() + "' ";
  if (!server.database_url().empty()) {
    environment += "ARTSHOP_DATABASE_URL='" + server.database_url() + "' ";
  }
  const auto run =
      run_artshop(server.data_dir(), "staff add " + email + " --role " + role, environment);
  EXPECT_EQ(run.exit_code, 0) << run.output;
  const auto at = run.output.find(server.base_url() + "/admin/setup/");
  return at == std::string::npos ? std::string()
                                 : run.output.substr(at, run.output.find('\n', at) - at);
}

// Opens the set-up link on the server at `base_url` and sets up with the app's present code
// and a password: the member and the session set-up opened.
inline Member set_up_staff(const std::string& base_url, const std::string& link,
                           const std::string& email) {
  const auto path = "/api" + link.substr(base_url.size());
  const auto opened = request("GET", base_url + path);
  EXPECT_EQ(opened.status, 200) << opened.body;
  Member member{.email = email,
                .id = 0,
                .secret = std::string(parse_object(opened).at("secret").as_string()),
                .recovery_codes = {},
                .token = {}};
  const auto done = request("POST", base_url + path,
                            json::serialize(json::object{{"password", std::string(kTestPassword)},
                                                         {"code", app_code(member.secret)}}),
                            {{"Content-Type", "application/json"}});
  EXPECT_EQ(done.status, 200) << done.body;
  const auto body = parse_object(done);
  for (const auto& code : body.at("recoveryCodes").as_array()) {
    member.recovery_codes.emplace_back(code.as_string());
  }
  member.token = std::string(body.at("session").at("token").as_string());
  member.id = body.at("session").at("staff").at("id").as_int64();
  return member;
}

// A shop on its own database, and the staff calls made to it; an empty catalogue unless
// `seeded`.
class Backstage {
 public:
  explicit Backstage(const Environment& env = {}, bool seeded = false) : shop(seeded, env) {}

  HttpResponse call(std::string_view method, std::string_view path, const std::string& token,
                    const json::value& body = nullptr, RequestHeaders headers = {}) const {
    if (!token.empty()) headers.emplace_back("Authorization", "Bearer " + token);
    std::string text;
    if (!body.is_null()) {
      text = json::serialize(body);
      headers.emplace_back("Content-Type", "application/json");
    }
    return request(method, shop.url(path), text, headers);
  }

  // `artshop staff add` on the shop's database: the link it printed.
  std::string add_by_command(const std::string& email, const std::string& role) {
    return staff_link_by_command(shop.process(), email, role);
  }

  // Opens the link, sets up with the app's present code (and a password when asked for).
  Member set_up(const std::string& link, const std::string& email) {
    return set_up_staff(shop.url(""), link, email);
  }

  Member first_owner(const std::string& email = "owner@example.com") {
    return set_up(add_by_command(email, "owner"), email);
  }

  Member invited_by(const Member& owner, const std::string& email, const std::string& role) {
    const auto invited =
        call("POST", "/api/admin/staff", owner.token, {{"email", email}, {"role", role}});
    EXPECT_EQ(invited.status, 201) << invited.body;
    return set_up(std::string(parse_object(invited).at("setupLink").as_string()), email);
  }

  HttpResponse sign_in(const Member& member, const std::string& code) const {
    return call(
        "POST", "/api/admin/session", "",
        {{"email", member.email}, {"password", std::string(kTestPassword)}, {"code", code}});
  }

  std::int64_t rows(std::string_view table) const {
    return shop.count("SELECT count(*) FROM " + std::string(table));
  }

  std::vector<std::string> actions_of(std::string_view email) const {
    const auto listed =
        call("GET", "/api/admin/audit?PageSize=100&Actor=" + std::string(email), owner_token);
    const auto page = parse_object(listed);
    std::vector<std::string> actions;
    for (const auto& item : page.at("items").as_array()) {
      actions.emplace_back(item.at("action").as_string());
    }
    return actions;
  }

  ShopServer shop;
  std::string owner_token;  // for the looks into the audit trail
};

// A test's back office with one member of each role, whose shop mails into a real SMTP sink
// (with `more` settings beside the mail's).
class StaffedBackOffice : public ::testing::Test {
 protected:
  explicit StaffedBackOffice(Environment more = {})
      : sink(received.path()),
        backstage(with_mail(sink.port(), std::move(more))),
        owner(backstage.first_owner()),
        support(backstage.invited_by(owner, "support@example.com", "support")),
        catalogue(backstage.invited_by(owner, "catalogue@example.com", "catalogue")) {
    backstage.owner_token = owner.token;
  }

  ShopServer& shop() { return backstage.shop; }

  TempDir received;
  SmtpSink sink;
  Backstage backstage;
  Member owner;
  Member support;
  Member catalogue;

 private:
  static Environment with_mail(unsigned short port, Environment more) {
    auto environment = smtp_environment(port);
    environment.insert(environment.end(), more.begin(), more.end());
    return environment;
  }
};

}  // namespace artshop::testing
