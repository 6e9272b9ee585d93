// The back office's staff API on the real server (the staff API contract, docs/back-office.md):
// the first owner from the command line, set-up with codes computed from the secret as an
// authenticator app computes them, sign-in, sessions, staff management, the audit trail, and
// who may call what.
#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <chrono>
#include <string>
#include <vector>

#include "backstage.hpp"
#include "shop_api.hpp"

namespace artshop::testing {
namespace {

using std::chrono::seconds;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::SizeIs;

constexpr std::string_view kLinkInvalid =
    "This set-up link is not valid: it was used, replaced or has expired.";

class AdminApi : public ::testing::Test {
 protected:
  Backstage backstage;
};

TEST_F(AdminApi, SetUp_EndToEnd_FromTheCommandLinesLinkToASession) {
  const auto link = backstage.add_by_command("ann@example.com", "owner");
  ASSERT_THAT(link, HasSubstr("/admin/setup/"));
  const auto path = "/api" + link.substr(backstage.shop.url("").size());

  const auto opened = backstage.call("GET", path, "");
  ASSERT_EQ(opened.status, 200) << opened.body;
  const auto page = parse_object(opened);
  EXPECT_EQ(page.at("email").as_string(), "ann@example.com");
  EXPECT_EQ(page.at("role").as_string(), "owner");
  EXPECT_EQ(page.at("needsPassword").as_bool(), true);
  const std::string secret(page.at("secret").as_string());
  EXPECT_EQ(base32_bytes(secret).size(), 20U) << "160 bits";
  EXPECT_THAT(
      std::string(page.at("otpauthUrl").as_string()),
      HasSubstr("otpauth://totp/Artshop:ann%40example.com?secret=" + secret + "&issuer=Artshop"));
  EXPECT_EQ(parse_object(backstage.call("GET", path, "")).at("secret").as_string(), secret)
      << "a reload shows the same secret";

  const auto wrong = backstage.call(
      "POST", path, "",
      {{"password", std::string(kTestPassword)}, {"code", app_code(secret, seconds(300))}});
  ASSERT_EQ(wrong.status, 400) << wrong.body;
  EXPECT_THAT(field_errors(wrong, "code"),
              ElementsAre("That code is not right: check the time on your phone and try again."));
  EXPECT_EQ(backstage.rows("staff_second_factors"), 0) << "nothing stored";
  const auto weak =
      backstage.call("POST", path, "", {{"password", "short"}, {"code", app_code(secret)}});
  ASSERT_EQ(weak.status, 400) << weak.body;
  EXPECT_FALSE(field_errors(weak, "password").empty());

  const auto done = backstage.call(
      "POST", path, "", {{"password", std::string(kTestPassword)}, {"code", app_code(secret)}});
  ASSERT_EQ(done.status, 200) << done.body;
  const auto body = parse_object(done);
  ASSERT_THAT(body.at("recoveryCodes").as_array(), SizeIs(10));
  EXPECT_EQ(body.at("recoveryCodes").as_array()[0].as_string().size(), 11U) << "XXXXX-XXXXX";
  const auto& session = body.at("session").as_object();
  const std::string token(session.at("token").as_string());
  EXPECT_TRUE(token.starts_with("stf_") && token.size() == 47U) << token;
  EXPECT_EQ(session.at("idleMinutes").as_int64(), 30);
  EXPECT_EQ(session.at("staff").at("role").as_string(), "owner");
  EXPECT_THAT(session.at("staff").at("permissions").as_array(), SizeIs(14));

  const auto me = backstage.call("GET", "/api/admin/session", token);
  ASSERT_EQ(me.status, 200) << me.body;
  EXPECT_EQ(parse_object(me).at("staff").at("email").as_string(), "ann@example.com");

  const auto used = backstage.call("GET", path, "");
  ASSERT_EQ(used.status, 404) << used.body;
  EXPECT_EQ(general_error(used), kLinkInvalid);
  EXPECT_EQ(backstage.shop.count("SELECT count(*) FROM staff WHERE status = 'active'"), 1);
}

TEST_F(AdminApi, SignIn_WithACode_ThenTheSameCodeReplayed_IsRefusedAsUsed) {
  const auto ann = backstage.first_owner("ann@example.com");
  backstage.owner_token = ann.token;
  const auto next = app_code(ann.secret, seconds(30));
  const auto signed_in = backstage.sign_in(ann, next);
  ASSERT_EQ(signed_in.status, 200) << signed_in.body;
  EXPECT_TRUE(std::string(parse_object(signed_in).at("token").as_string()).starts_with("stf_"));
  const auto sessions = backstage.rows("staff_sessions");

  const auto replayed = backstage.sign_in(ann, next);
  ASSERT_EQ(replayed.status, 400) << replayed.body;
  EXPECT_THAT(field_errors(replayed, "code"),
              ElementsAre("This code was used already: wait for the next one."));
  EXPECT_EQ(backstage.rows("staff_sessions"), sessions) << "no session for a replay";

  const auto wrong = backstage.sign_in(ann, app_code(ann.secret, seconds(600)));
  ASSERT_EQ(wrong.status, 400) << wrong.body;
  EXPECT_EQ(general_error(wrong), "Wrong e-mail, password or code.");
  const auto bad_password = backstage.call(
      "POST", "/api/admin/session", "",
      {{"email", ann.email}, {"password", "not the password"}, {"code", app_code(ann.secret)}});
  EXPECT_EQ(general_error(bad_password), "Wrong e-mail, password or code.");
  EXPECT_THAT(backstage.actions_of(ann.email),
              ::testing::IsSupersetOf(
                  {"staff.sign_in", "staff.second_factor_replayed", "staff.sign_in_failed"}));
}

TEST_F(AdminApi, ARecoveryCode_SignsInOnce) {
  const auto ann = backstage.first_owner("ann@example.com");
  const auto first = backstage.sign_in(ann, ann.recovery_codes[0]);
  ASSERT_EQ(first.status, 200) << first.body;
  const auto again = backstage.sign_in(ann, ann.recovery_codes[0]);
  ASSERT_EQ(again.status, 400) << again.body;
  EXPECT_EQ(general_error(again), "Wrong e-mail, password or code.");
  EXPECT_EQ(backstage.shop.count("SELECT count(*) FROM staff_recovery_codes"), 9);
}

TEST_F(AdminApi, SigningOut_EndsTheSession) {
  const auto ann = backstage.first_owner("ann@example.com");
  const auto out = backstage.call("DELETE", "/api/admin/session", ann.token);
  EXPECT_EQ(out.status, 204) << out.body;
  const auto after = backstage.call("GET", "/api/admin/session", ann.token);
  ASSERT_EQ(after.status, 403) << after.body;
  EXPECT_EQ(general_error(after), kSignIn);
}

TEST_F(AdminApi, ASuspension_EndsALiveSessionAtOnce_AndTheLastOwnerIsKept) {
  const auto ann = backstage.first_owner("ann@example.com");
  const auto sam = backstage.invited_by(ann, "sam@example.com", "support");
  ASSERT_EQ(backstage.call("GET", "/api/admin/session", sam.token).status, 200);
  const auto suspended = backstage.call("PATCH", "/api/admin/staff/" + std::to_string(sam.id),
                                        ann.token, {{"suspended", true}});
  ASSERT_EQ(suspended.status, 200) << suspended.body;
  EXPECT_EQ(parse_object(suspended).at("status").as_string(), "suspended");
  const auto refused = backstage.call("GET", "/api/admin/session", sam.token);
  ASSERT_EQ(refused.status, 403) << refused.body;
  EXPECT_EQ(general_error(refused), kSignIn);
  const auto sign_in = backstage.sign_in(sam, sam.recovery_codes[0]);
  ASSERT_EQ(sign_in.status, 400) << sign_in.body;
  EXPECT_EQ(general_error(sign_in), "This staff account is suspended.");

  const auto demoted = backstage.call("PATCH", "/api/admin/staff/" + std::to_string(ann.id),
                                      ann.token, {{"role", "support"}});
  ASSERT_EQ(demoted.status, 400) << demoted.body;
  EXPECT_EQ(general_error(demoted), "The shop needs at least one active owner.");
  EXPECT_EQ(backstage.shop.count("SELECT count(*) FROM staff WHERE role = 'owner'"), 1);
  const auto unknown =
      backstage.call("PATCH", "/api/admin/staff/999", ann.token, {{"role", "support"}});
  EXPECT_EQ(unknown.status, 404) << unknown.body;
}

TEST_F(AdminApi, StaffManagement_ListsAddsAndIssuesNewLinks) {
  const auto ann = backstage.first_owner("ann@example.com");
  const auto listed = backstage.call("GET", "/api/admin/staff", ann.token);
  ASSERT_EQ(listed.status, 200) << listed.body;
  const auto staff = parse_object(listed);
  const auto& only = staff.at("items").as_array().at(0).as_object();
  EXPECT_EQ(only.at("email").as_string(), "ann@example.com");
  EXPECT_EQ(only.at("status").as_string(), "active");
  EXPECT_TRUE(only.at("lastSignInAt").is_string());

  const auto twice = backstage.call("POST", "/api/admin/staff", ann.token,
                                    {{"email", "ann@example.com"}, {"role", "support"}});
  ASSERT_EQ(twice.status, 400) << twice.body;
  EXPECT_THAT(field_errors(twice, "email"), ElementsAre("This address is staff already."));
  const auto bad =
      backstage.call("POST", "/api/admin/staff", ann.token, {{"email", "x"}, {"role", "admin"}});
  ASSERT_EQ(bad.status, 400) << bad.body;
  EXPECT_FALSE(field_errors(bad, "email").empty());
  EXPECT_FALSE(field_errors(bad, "role").empty());

  const auto cat = backstage.invited_by(ann, "cat@example.com", "catalogue");
  const auto link = backstage.call(
      "POST", "/api/admin/staff/" + std::to_string(cat.id) + "/setup-link", ann.token);
  ASSERT_EQ(link.status, 200) << link.body;
  EXPECT_EQ(backstage.call("GET", "/api/admin/session", cat.token).status, 403)
      << "the old second factor's sessions end";
  EXPECT_EQ(backstage.sign_in(cat, cat.recovery_codes[0]).status, 400) << "and its codes";
  backstage.set_up(std::string(parse_object(link).at("setupLink").as_string()), cat.email);
}

// A 2-second idle: a session left alone is refused soon after, without the test asserting
// how soon.
TEST(AdminIdleSessions, ASessionLeftIdle_IsRefused) {
  Backstage backstage(Environment{{"ARTSHOP_STAFF_SESSION_IDLE", "2"}});
  const auto ann = backstage.first_owner("ann@example.com");
  const auto session = backstage.call("GET", "/api/admin/session", ann.token);
  ASSERT_EQ(session.status, 200) << session.body;
  EXPECT_TRUE(eventually(
      [&] { return backstage.call("GET", "/api/admin/session", ann.token).status == 403; }));
  EXPECT_EQ(general_error(backstage.call("GET", "/api/admin/session", ann.token)), kSignIn);
}

TEST_F(AdminApi, TheAuditList_FiltersByActorActionAndDatesInPages) {
  const auto ann = backstage.first_owner("ann@example.com");
  const auto sam = backstage.invited_by(ann, "sam@example.com", "support");
  for (const auto* role : {"catalogue", "support", "catalogue"}) {
    ASSERT_EQ(backstage
                  .call("PATCH", "/api/admin/staff/" + std::to_string(sam.id), ann.token,
                        {{"role", role}})
                  .status,
              200);
  }
  const auto today = [] {
    const std::chrono::year_month_day day{
        std::chrono::floor<std::chrono::days>(std::chrono::system_clock::now())};
    return fmt::format("{:04}-{:02}-{:02}", static_cast<int>(day.year()),
                       static_cast<unsigned>(day.month()), static_cast<unsigned>(day.day()));
  }();
  const auto page = [&](int number) {
    return backstage.call("GET",
                          fmt::format("/api/admin/audit?Page={}&PageSize=2&Actor=ann@example.com"
                                      "&Action=staff.role_change&From={}&To={}",
                                      number, today, today),
                          ann.token);
  };
  const auto first = page(1);
  ASSERT_EQ(first.status, 200) << first.body;
  const auto body = parse_object(first);
  EXPECT_EQ(body.at("total").as_int64(), 3);
  EXPECT_EQ(body.at("page").as_int64(), 1);
  EXPECT_EQ(body.at("pageSize").as_int64(), 2);
  const auto& items = body.at("items").as_array();
  ASSERT_THAT(items, SizeIs(2));
  const auto& newest = items[0].as_object();
  EXPECT_EQ(newest.at("actor").at("email").as_string(), "ann@example.com");
  EXPECT_EQ(newest.at("object").as_string(), "staff:" + std::to_string(sam.id));
  EXPECT_EQ(newest.at("before"), (json::value{{"role", "support"}}));
  EXPECT_EQ(newest.at("after"), (json::value{{"role", "catalogue"}}));
  EXPECT_EQ(newest.at("address").as_string(), "127.0.0.1");
  EXPECT_GT(newest.at("id").as_int64(), items[1].at("id").as_int64()) << "newest first";
  EXPECT_THAT(parse_object(page(2)).at("items").as_array(), SizeIs(1));

  const auto yesterday = backstage.call("GET", "/api/admin/audit?To=2020-01-01", ann.token);
  EXPECT_EQ(parse_object(yesterday).at("total").as_int64(), 0);
  const auto added = backstage.call("GET", "/api/admin/audit?Action=staff.add", ann.token);
  const auto add_records = parse_object(added);
  const auto& record = add_records.at("items").as_array().at(0).as_object();
  EXPECT_TRUE(record.at("actor").is_null()) << "the command line";
  EXPECT_EQ(record.at("address").as_string(), "command line");
  const auto bad = backstage.call("GET", "/api/admin/audit?PageSize=101&From=tomorrow", ann.token);
  ASSERT_EQ(bad.status, 400) << bad.body;
  EXPECT_FALSE(field_errors(bad, "PageSize").empty());
  EXPECT_FALSE(field_errors(bad, "From").empty());
}

// Every admin route of this slice that needs a session, against no token, a customer's token,
// an ended session and each role: each refusal by its message, and nothing written.
class AdminAuthorization : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    backstage = new Backstage();
    owner = new Member(backstage->first_owner("owner@example.com"));
    support = new Member(backstage->invited_by(*owner, "support@example.com", "support"));
    catalogue = new Member(backstage->invited_by(*owner, "catalogue@example.com", "catalogue"));
    customer = new Customer(backstage->shop.sign_up());
    // A session of the owner's, signed out.
    const auto spare = backstage->sign_in(*owner, owner->recovery_codes[0]);
    ended = new std::string(parse_object(spare).at("token").as_string());
    ASSERT_EQ(backstage->call("DELETE", "/api/admin/session", *ended).status, 204);
  }
  static void TearDownTestSuite() {
    delete ended;
    delete customer;
    delete catalogue;
    delete support;
    delete owner;
    delete backstage;
  }

  struct Route {
    std::string method;
    std::string path;
    json::value body;
    bool owners_only;  // manage_staff or view_audit
  };
  std::vector<Route> routes() const {
    const auto support_path = "/api/admin/staff/" + std::to_string(support->id);
    return {{"GET", "/api/admin/session", nullptr, false},
            {"DELETE", "/api/admin/session", nullptr, false},
            {"GET", "/api/admin/staff", nullptr, true},
            {"POST", "/api/admin/staff", {{"email", "new@example.com"}, {"role", "owner"}}, true},
            {"PATCH", support_path, {{"role", "owner"}}, true},
            {"POST", support_path + "/setup-link", nullptr, true},
            {"GET", "/api/admin/audit", nullptr, true}};
  }

  // The rows a refused call could have written.
  static std::int64_t written() {
    return backstage->rows("audit_log") + backstage->rows("staff") +
           backstage->rows("staff_sessions") + backstage->rows("staff_setup_links") +
           backstage->shop.count("SELECT count(*) FROM staff WHERE role = 'owner'");
  }

  void expect_refused(const std::string& token, std::string_view message, const std::string& who,
                      bool owners_only_routes) {
    for (const auto& route : routes()) {
      if (owners_only_routes && !route.owners_only) continue;
      const auto before = written();
      const auto answer = backstage->call(route.method, route.path, token, route.body);
      EXPECT_EQ(answer.status, 403)
          << who << " " << route.method << " " << route.path << answer.body;
      EXPECT_EQ(general_error(answer), message) << who << " " << route.method << " " << route.path;
      EXPECT_EQ(written(), before) << who << " " << route.method << " " << route.path;
    }
  }

  static Backstage* backstage;
  static Member* owner;
  static Member* support;
  static Member* catalogue;
  static Customer* customer;
  static std::string* ended;
};

Backstage* AdminAuthorization::backstage = nullptr;
Member* AdminAuthorization::owner = nullptr;
Member* AdminAuthorization::support = nullptr;
Member* AdminAuthorization::catalogue = nullptr;
Customer* AdminAuthorization::customer = nullptr;
std::string* AdminAuthorization::ended = nullptr;

TEST_F(AdminAuthorization, WithoutALiveStaffSession_EveryRouteAsksToSignIn) {
  expect_refused("", kSignIn, "no token", false);
  expect_refused(customer->token, kSignIn, "a customer", false);
  expect_refused(*ended, kSignIn, "an ended session", false);
  expect_refused("stf_" + std::string(43, 'A'), kSignIn, "an unknown staff token", false);
}

TEST_F(AdminAuthorization, SupportAndCatalogue_MayNotManageStaffOrReadTheAudit) {
  expect_refused(support->token, kRoleForbids, "support", true);
  expect_refused(catalogue->token, kRoleForbids, "catalogue", true);
  for (const auto* member : {support, catalogue}) {
    EXPECT_EQ(backstage->call("GET", "/api/admin/session", member->token).status, 200)
        << "their own session they may read";
  }
}

TEST_F(AdminAuthorization, TheOwner_ReadsStaffAndAudit) {
  EXPECT_EQ(backstage->call("GET", "/api/admin/staff", owner->token).status, 200);
  EXPECT_EQ(backstage->call("GET", "/api/admin/audit", owner->token).status, 200);
  const auto me = parse_object(backstage->call("GET", "/api/admin/session", support->token));
  std::vector<std::string> permissions;
  for (const auto& name : me.at("staff").at("permissions").as_array()) {
    permissions.emplace_back(name.as_string());
  }
  EXPECT_THAT(permissions,
              ElementsAre("view_orders", "refund_within_limit", "view_customers", "lock_customers",
                          "adjust_within_limit", "manage_gift_cards", "answer_tickets"));
}

}  // namespace
}  // namespace artshop::testing
