#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "artshop/core/staff/add_staff.hpp"
#include "artshop/core/staff/authenticate_staff.hpp"
#include "artshop/core/staff/change_staff.hpp"
#include "artshop/core/staff/complete_setup.hpp"
#include "artshop/core/staff/list_audit.hpp"
#include "artshop/core/staff/list_staff.hpp"
#include "artshop/core/staff/new_setup_link.hpp"
#include "artshop/core/staff/open_setup_link.hpp"
#include "artshop/core/staff/staff_sign_in.hpp"
#include "artshop/core/staff/staff_sign_out.hpp"
#include "artshop/core/staff/totp.hpp"
#include "artshop/core/text.hpp"
#include "fakes/fake_ports.hpp"
#include "fakes/in_memory_store.hpp"

namespace artshop {
namespace {

using std::chrono::minutes;
using std::chrono::seconds;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
using ::testing::SizeIs;

constexpr std::string_view kPassword = "correct horse battery";

// "sealed:" and the secret: tests read the secret out of the store as the server would.
class PlainSecrets final : public SecretSealer {
 public:
  std::string seal(std::string_view secret) const override {
    return "sealed:" + std::string(secret);
  }
  std::optional<std::string> open(std::string_view sealed) const override {
    if (!sealed.starts_with("sealed:")) return std::nullopt;
    return std::string(sealed.substr(7));
  }
};

// The token of a link the shop showed.
std::string token_of(const std::string& link) {
  return link.substr(link.rfind('/') + 1);
}

class Staff : public ::testing::Test {
 protected:
  Staff() { common = CommonPasswords::parse("password\n12345678\n"); }

  StaffServices services() {
    return {.digests = digests,
            .code_digests = digests,
            .secrets = secrets,
            .authenticator = macs,
            .random = random,
            .clock = clock,
            .shop_url = shop_url,
            .sessions = {.idle = minutes(30), .max = std::chrono::hours(12)}};
  }

  // Added from the command line, linked, opened: the secret its app would be given.
  struct Invited {
    UserId id;
    std::string token;
    std::string secret;
  };
  Invited invited(std::string_view email, std::string_view role = "owner") {
    const auto added = add_staff({.actor = std::nullopt,
                                  .email = std::string(email),
                                  .role = std::string(role),
                                  .address = std::string(kCommandLineAddress)});
    const auto token = token_of(added.value().setup_link);
    EXPECT_TRUE(open_setup_link(token));
    return {.id = added->member.id, .token = token, .secret = secret_of(token)};
  }

  std::string secret_of(const std::string& token) {
    for (const auto& link : store.state.setup_links) {
      if (link.token_digest == digests.digest(token)) return *secrets.open(link.sealed_secret);
    }
    return {};
  }

  std::string code_now(const std::string& secret, seconds later = seconds(0)) {
    return totp_code(macs, secret_bytes(secret), std::chrono::floor<seconds>(clock.now()) + later);
  }

  // Set up and signed in: the member's session and the recovery codes it was given.
  struct SetUp {
    UserId id;
    std::string secret;
    std::vector<std::string> recovery_codes;
    StaffActor actor;
    std::string token;
  };
  SetUp set_up(std::string_view email, std::string_view role = "owner") {
    const auto member = invited(email, role);
    auto done = complete_setup({.token = member.token,
                                .password = std::string(kPassword),
                                .code = code_now(member.secret),
                                .address = "10.0.0.1"});
    return {.id = member.id,
            .secret = member.secret,
            .recovery_codes = done.value().recovery_codes,
            .actor = done->session.actor,
            .token = done->session.token};
  }

  Result<IssuedStaffSession> sign_in(std::string_view email, std::string code,
                                     std::string_view password = kPassword) {
    return staff_sign_in({.email = std::string(email),
                          .password = std::string(password),
                          .code = std::move(code),
                          .address = "10.0.0.2",
                          .rate_limit_key = "10.0.0.2"});
  }

  std::vector<std::string> actions() const {
    std::vector<std::string> done;
    for (const auto& record : store.state.audit_log) done.push_back(record.action);
    return done;
  }

  static std::string general_message(const Error& error) {
    return error.fields.has(ValidationErrors::kGeneral)
               ? error.fields.messages(ValidationErrors::kGeneral).front()
               : std::string();
  }

  const std::string shop_url = "https://shop.test";
  fakes::InMemoryUnitOfWork store;
  fakes::FixedClock clock;
  fakes::CountingRandom random;
  fakes::PlainHasher hasher;
  fakes::TinyTextNormaliser text;
  Credentials credentials{hasher, text};
  fakes::PlainDigests digests;
  PlainSecrets secrets;
  fakes::ToyMac macs;
  CommonPasswords common;
  StaffServices shared = services();

  AddStaff add_staff{store, text, shared.links()};
  OpenSetupLink open_setup_link{store, shared};
  CompleteSetup complete_setup{store, credentials, common, shared};
  StaffSignIn staff_sign_in{store, credentials, shared, kDefaultRateLimits};
  AuthenticateStaff authenticate{store, shared};
  StaffSignOut sign_out{store, shared};
  ListStaff list_staff{store};
  ChangeStaff change_staff{store, shared};
  NewSetupLink new_setup_link{store, shared};
  ListAudit list_audit{store};
};

TEST_F(Staff, TheCommandLine_AddsAnInvitedMemberWithAnAccountWithoutPasswordAndALink) {
  const auto added = add_staff({.actor = std::nullopt,
                                .email = " Ann@Example.com",
                                .role = "owner",
                                .address = std::string(kCommandLineAddress)});
  ASSERT_TRUE(added) << added.error().detail;
  EXPECT_EQ(added->member.email, "ann@example.com");
  EXPECT_EQ(added->member.status, StaffStatus::Invited);
  EXPECT_THAT(added->setup_link, HasSubstr("https://shop.test/admin/setup/"));
  ASSERT_THAT(store.state.accounts, SizeIs(1));
  EXPECT_EQ(store.state.accounts[0].password_hash, "") << "no password until set-up";
  ASSERT_THAT(store.state.audit_log, SizeIs(1));
  const auto& record = store.state.audit_log[0];
  EXPECT_EQ(record.action, "staff.add");
  EXPECT_EQ(record.actor, std::nullopt);
  EXPECT_EQ(record.address, "command line");
  EXPECT_EQ(record.after, R"({"email":"ann@example.com","role":"owner"})");
}

TEST_F(Staff, AddStaff_RefusesABadEmailAndAnUnknownRoleByField_AndAMemberTwice) {
  const auto bad =
      add_staff({.actor = std::nullopt, .email = "ann", .role = "admin", .address = ""});
  ASSERT_FALSE(bad);
  EXPECT_TRUE(bad.error().fields.has("email"));
  EXPECT_TRUE(bad.error().fields.has("role"));
  invited("ann@example.com");
  const auto twice = add_staff(
      {.actor = std::nullopt, .email = "ann@example.com", .role = "support", .address = ""});
  ASSERT_FALSE(twice);
  EXPECT_THAT(twice.error().fields.messages("email"), ElementsAre(staff_messages::kStaffAlready));
}

TEST_F(Staff, OpeningTheLinkAgain_ShowsTheSameSecret) {
  const auto member = invited("ann@example.com");
  const auto first = open_setup_link(member.token);
  const auto again = open_setup_link(member.token);
  ASSERT_TRUE(first && again);
  EXPECT_EQ(first->secret, again->secret);
  EXPECT_TRUE(first->needs_password);
  EXPECT_THAT(first->otpauth_url, HasSubstr("otpauth://totp/Artshop:ann%40example.com?secret="));
}

TEST_F(Staff, AnUnknownOrExpiredLink_IsNotFoundWithItsMessage) {
  const auto unknown = open_setup_link("nonsense");
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().kind, ErrorKind::NotFound);
  EXPECT_EQ(general_message(unknown.error()), staff_messages::kLinkInvalid);
  const auto member = invited("ann@example.com");
  clock.advance(std::chrono::hours(24));
  const auto expired = open_setup_link(member.token);
  ASSERT_FALSE(expired);
  EXPECT_EQ(general_message(expired.error()), staff_messages::kLinkInvalid);
}

TEST_F(Staff, SetUpWithAWrongCode_StoresNothing) {
  const auto member = invited("ann@example.com");
  const auto before = store.state.audit_log.size();
  const auto wrong = complete_setup(
      {.token = member.token, .password = std::string(kPassword), .code = "000000", .address = ""});
  ASSERT_FALSE(wrong);
  EXPECT_THAT(wrong.error().fields.messages("code"), ElementsAre(staff_messages::kWrongCode));
  EXPECT_THAT(store.state.second_factors, IsEmpty());
  EXPECT_THAT(store.state.staff_sessions, IsEmpty());
  EXPECT_EQ(store.state.accounts[0].password_hash, "");
  EXPECT_EQ(store.state.audit_log.size(), before);
}

TEST_F(Staff, SetUp_ActivatesTheMemberWithTenRecoveryCodesAndUsesTheLinkUp) {
  const auto member = invited("ann@example.com");
  const auto done = complete_setup({.token = member.token,
                                    .password = std::string(kPassword),
                                    .code = code_now(member.secret),
                                    .address = "10.0.0.1"});
  ASSERT_TRUE(done) << done.error().detail;
  EXPECT_THAT(done->recovery_codes, SizeIs(10));
  EXPECT_TRUE(done->session.token.starts_with("stf_"));
  EXPECT_EQ(done->session.token.size(), 4U + 43U);
  EXPECT_EQ(store.state.staff[0].status, StaffStatus::Active);
  EXPECT_EQ(store.state.accounts[0].password_hash, "hash(correct horse battery)");
  EXPECT_THAT(store.state.setup_links, IsEmpty());
  EXPECT_TRUE(authenticate(done->session.token));
  const auto again = open_setup_link(member.token);
  ASSERT_FALSE(again);
  EXPECT_EQ(general_message(again.error()), staff_messages::kLinkInvalid);
  EXPECT_THAT(actions(), ElementsAre("staff.add", "staff.setup"));
}

TEST_F(Staff, SetUp_ChecksTheNewPasswordByTheRegistrationRules) {
  const auto member = invited("ann@example.com");
  const auto weak = complete_setup({.token = member.token,
                                    .password = "password",
                                    .code = code_now(member.secret),
                                    .address = ""});
  ASSERT_FALSE(weak);
  EXPECT_TRUE(weak.error().fields.has("password"));
  EXPECT_THAT(store.state.second_factors, IsEmpty());
}

TEST_F(Staff, SignIn_WithTheNextCode_GivesASessionAndIsAudited) {
  const auto ann = set_up("ann@example.com");
  clock.advance(seconds(30));
  const auto signed_in = sign_in("ann@example.com", code_now(ann.secret));
  ASSERT_TRUE(signed_in) << signed_in.error().detail;
  EXPECT_EQ(signed_in->actor.email, "ann@example.com");
  EXPECT_EQ(signed_in->actor.role, StaffRole::Owner);
  EXPECT_TRUE(authenticate(signed_in->token));
  EXPECT_EQ(actions().back(), "staff.sign_in");
  EXPECT_EQ(store.state.audit_log.back().address, "10.0.0.2");
}

TEST_F(Staff, AReplayedCode_IsRefusedAsUsedAndAudited) {
  const auto ann = set_up("ann@example.com");
  clock.advance(seconds(30));
  const auto code = code_now(ann.secret);
  ASSERT_TRUE(sign_in("ann@example.com", code));
  const auto replayed = sign_in("ann@example.com", code);
  ASSERT_FALSE(replayed);
  EXPECT_THAT(replayed.error().fields.messages("code"), ElementsAre(staff_messages::kCodeUsed));
  EXPECT_EQ(actions().back(), "staff.second_factor_replayed");
  // The code of the set-up's own step, older still, is refused the same way.
  const auto older = sign_in("ann@example.com", code_now(ann.secret, seconds(-30)));
  ASSERT_FALSE(older);
  EXPECT_TRUE(older.error().fields.has("code"));
}

TEST_F(Staff, AWrongCode_IsTheWrongSignInMessageAndAudited) {
  set_up("ann@example.com");
  const auto wrong = sign_in("ann@example.com", "123456");
  ASSERT_FALSE(wrong);
  EXPECT_EQ(general_message(wrong.error()), staff_messages::kWrongSignIn);
  EXPECT_EQ(actions().back(), "staff.sign_in_failed");
  EXPECT_EQ(store.state.audit_log.back().actor_email, "ann@example.com");
}

TEST_F(Staff, AWrongPasswordOrANonMember_IsTheSameMessageAndNotAudited) {
  const auto ann = set_up("ann@example.com");
  const auto before = store.state.audit_log.size();
  clock.advance(seconds(30));
  const auto wrong = sign_in("ann@example.com", code_now(ann.secret), "not the password");
  ASSERT_FALSE(wrong);
  EXPECT_EQ(general_message(wrong.error()), staff_messages::kWrongSignIn);
  const auto stranger = sign_in("bob@example.com", "123456");
  ASSERT_FALSE(stranger);
  EXPECT_EQ(general_message(stranger.error()), staff_messages::kWrongSignIn);
  EXPECT_EQ(store.state.audit_log.size(), before);
}

TEST_F(Staff, SignIn_IsRateLimitedAsTheShopsLogin) {
  const auto ann = set_up("ann@example.com");
  for (int i = 0; i < kDefaultRateLimits.login_failures_per_email_and_ip.limit; ++i) {
    ASSERT_EQ(general_message(sign_in("ann@example.com", "123456", "not the password").error()),
              staff_messages::kWrongSignIn);
  }
  clock.advance(seconds(30));
  const auto limited = sign_in("ann@example.com", code_now(ann.secret));
  ASSERT_FALSE(limited);
  EXPECT_EQ(limited.error().kind, ErrorKind::TooManyRequests) << "even with the right password";
}

TEST_F(Staff, ARecoveryCode_WorksOnce) {
  const auto ann = set_up("ann@example.com");
  // Typed as people type them: lower case, no dash.
  auto typed = text::to_lower_ascii(ann.recovery_codes[3]);
  typed.erase(5, 1);
  ASSERT_TRUE(sign_in("ann@example.com", typed));
  const auto twice = sign_in("ann@example.com", ann.recovery_codes[3]);
  ASSERT_FALSE(twice);
  EXPECT_EQ(general_message(twice.error()), staff_messages::kWrongSignIn);
  EXPECT_TRUE(sign_in("ann@example.com", ann.recovery_codes[4])) << "the others still work";
}

TEST_F(Staff, ASession_EndsWhenIdleTooLong) {
  const auto ann = set_up("ann@example.com");
  clock.advance(minutes(29));
  ASSERT_TRUE(authenticate(ann.token)) << "a call within the idle time";
  clock.advance(minutes(29));
  ASSERT_TRUE(authenticate(ann.token)) << "the last call counts, not the sign-in";
  clock.advance(minutes(30));
  const auto idle = authenticate(ann.token);
  ASSERT_FALSE(idle);
  EXPECT_EQ(idle.error().kind, ErrorKind::Forbidden);
  EXPECT_EQ(general_message(idle.error()), staff_messages::kSignIn);
}

TEST_F(Staff, ASession_EndsAtItsLongestLifeHoweverBusy) {
  const auto ann = set_up("ann@example.com");
  for (int i = 0; i < 35; ++i) {
    clock.advance(minutes(20));
    ASSERT_TRUE(authenticate(ann.token)) << i;
  }
  clock.advance(minutes(20));  // 12 hours after sign-in
  const auto old = authenticate(ann.token);
  ASSERT_FALSE(old);
  EXPECT_EQ(general_message(old.error()), staff_messages::kSignIn);
}

TEST_F(Staff, TheLastSeenTime_IsWrittenAtMostOnceAMinute) {
  const auto ann = set_up("ann@example.com");
  const auto signed_in_at = store.state.staff_sessions[0].last_seen_at;
  clock.advance(seconds(59));
  ASSERT_TRUE(authenticate(ann.token));
  EXPECT_EQ(store.state.staff_sessions[0].last_seen_at, signed_in_at) << "a read stays a read";
  clock.advance(seconds(1));
  ASSERT_TRUE(authenticate(ann.token));
  EXPECT_EQ(store.state.staff_sessions[0].last_seen_at, signed_in_at + minutes(1));
}

TEST_F(Staff, ACustomerTokenOrNone_IsToldToSignIn) {
  for (const auto* token : {"", "eyJhbGciOiJIUzI1NiJ9.e30.x", "stf_unknown"}) {
    const auto refused = authenticate(token);
    ASSERT_FALSE(refused) << token;
    EXPECT_EQ(general_message(refused.error()), staff_messages::kSignIn) << token;
  }
}

TEST_F(Staff, SigningOut_EndsTheSession) {
  const auto ann = set_up("ann@example.com");
  ASSERT_TRUE(sign_out(ann.actor, "10.0.0.1"));
  EXPECT_FALSE(authenticate(ann.token));
  EXPECT_EQ(actions().back(), "staff.sign_out");
}

TEST_F(Staff, EachRole_IsAllowedOnlyWhatTheTableGrants) {
  const auto owner = set_up("ann@example.com");
  const auto support = set_up("sam@example.com", "support");
  const auto catalogue = set_up("cat@example.com", "catalogue");
  for (const auto& who : {support.actor, catalogue.actor}) {
    const auto expect_refused = [&](const auto& result, std::string_view call) {
      ASSERT_FALSE(result) << call;
      EXPECT_EQ(result.error().kind, ErrorKind::Forbidden) << call;
      EXPECT_EQ(general_message(result.error()), staff_messages::kRoleForbids) << call;
    };
    const auto records = store.state.audit_log.size();
    expect_refused(list_staff(who), "list staff");
    expect_refused(
        add_staff({.actor = who, .email = "new@example.com", .role = "owner", .address = ""}),
        "invite");
    expect_refused(change_staff({.actor = who,
                                 .member = who.id,
                                 .role = "owner",
                                 .suspended = std::nullopt,
                                 .address = ""}),
                   "promote oneself");
    expect_refused(new_setup_link(who, owner.id, ""), "new link");
    expect_refused(list_audit(who, {}), "audit");
    EXPECT_EQ(store.state.audit_log.size(), records) << "nothing written";
    EXPECT_EQ(store.state.staff[2].role, StaffRole::Catalogue);
  }
  EXPECT_TRUE(list_staff(owner.actor));
  EXPECT_TRUE(list_audit(owner.actor, {}));
}

TEST_F(Staff, TheLastActiveOwner_CannotBeDemotedOrSuspended) {
  const auto ann = set_up("ann@example.com");
  const auto demoted = change_staff({.actor = ann.actor,
                                     .member = ann.id,
                                     .role = "support",
                                     .suspended = std::nullopt,
                                     .address = ""});
  ASSERT_FALSE(demoted);
  EXPECT_EQ(general_message(demoted.error()), staff_messages::kLastOwner);
  const auto suspended = change_staff({.actor = ann.actor,
                                       .member = ann.id,
                                       .role = std::nullopt,
                                       .suspended = true,
                                       .address = ""});
  ASSERT_FALSE(suspended);
  EXPECT_EQ(general_message(suspended.error()), staff_messages::kLastOwner);
  EXPECT_EQ(store.state.staff[0].role, StaffRole::Owner);
  EXPECT_EQ(store.state.staff[0].status, StaffStatus::Active);

  set_up("bob@example.com", "owner");
  EXPECT_TRUE(change_staff({.actor = ann.actor,
                            .member = ann.id,
                            .role = "support",
                            .suspended = std::nullopt,
                            .address = ""}))
      << "with another active owner";
}

TEST_F(Staff, ASuspension_EndsTheMembersSessionsAtOnceAndRefusesSignIn) {
  const auto ann = set_up("ann@example.com");
  const auto sam = set_up("sam@example.com", "support");
  ASSERT_THAT(store.state.staff_sessions, SizeIs(2));
  const auto changed = change_staff({.actor = ann.actor,
                                     .member = sam.id,
                                     .role = std::nullopt,
                                     .suspended = true,
                                     .address = "10.0.0.1"});
  ASSERT_TRUE(changed);
  EXPECT_EQ(changed->status, StaffStatus::Suspended);
  ASSERT_THAT(store.state.staff_sessions, SizeIs(1)) << "the member's session is gone";
  EXPECT_EQ(store.state.staff_sessions[0].member, ann.id);
  const auto refused = authenticate(sam.token);
  ASSERT_FALSE(refused);
  EXPECT_EQ(general_message(refused.error()), staff_messages::kSignIn);
  clock.advance(seconds(30));
  const auto signed_in = sign_in("sam@example.com", code_now(sam.secret));
  ASSERT_FALSE(signed_in);
  EXPECT_EQ(general_message(signed_in.error()), staff_messages::kSuspended);
  EXPECT_TRUE(authenticate(ann.token)) << "nobody else's";
}

TEST_F(Staff, ARoleChange_EndsTheSessionsAndIsAuditedWithBeforeAndAfter) {
  const auto ann = set_up("ann@example.com");
  const auto sam = set_up("sam@example.com", "support");
  ASSERT_TRUE(change_staff({.actor = ann.actor,
                            .member = sam.id,
                            .role = "catalogue",
                            .suspended = std::nullopt,
                            .address = "10.0.0.1"}));
  EXPECT_FALSE(authenticate(sam.token));
  const auto& record = store.state.audit_log.back();
  EXPECT_EQ(record.action, "staff.role_change");
  EXPECT_EQ(record.actor, ann.id);
  EXPECT_EQ(record.actor_email, "ann@example.com");
  EXPECT_EQ(record.object, "staff:" + std::to_string(sam.id.value));
  EXPECT_EQ(record.before, R"({"role":"support"})");
  EXPECT_EQ(record.after, R"({"role":"catalogue"})");
}

TEST_F(Staff, ANewSetupLink_DropsTheSecondFactorCodesAndSessions) {
  const auto ann = set_up("ann@example.com");
  const auto sam = set_up("sam@example.com", "support");
  const auto link = new_setup_link(ann.actor, sam.id, "10.0.0.1");
  ASSERT_TRUE(link);
  EXPECT_FALSE(authenticate(sam.token));
  EXPECT_FALSE(sign_in("sam@example.com", sam.recovery_codes[0]));
  EXPECT_EQ(store.state.staff[1].status, StaffStatus::Invited);
  EXPECT_TRUE(open_setup_link(token_of(*link)));
  EXPECT_EQ(actions().back(), "staff.setup_link");
}

TEST_F(Staff, TheAuditTrail_HoldsNoSecretCodeOrPassword) {
  const auto ann = set_up("ann@example.com");
  clock.advance(seconds(30));
  ASSERT_TRUE(sign_in("ann@example.com", code_now(ann.secret)));
  ASSERT_FALSE(sign_in("ann@example.com", "111111"));
  ASSERT_TRUE(sign_in("ann@example.com", ann.recovery_codes[0]));
  std::vector<std::string> secrets_seen{ann.secret, std::string(kPassword), "111111"};
  for (const auto& code : ann.recovery_codes) secrets_seen.push_back(code);
  for (const auto& record : store.state.audit_log) {
    const auto kept = record.action + record.object + record.before + record.after +
                      record.address + record.actor_email;
    for (const auto& secret : secrets_seen) {
      EXPECT_THAT(kept, Not(HasSubstr(secret))) << record.action;
    }
  }
}

TEST_F(Staff, TheAuditList_FiltersByActorActionAndDatesNewestFirstInPages) {
  const auto ann = set_up("ann@example.com");  // staff.add, staff.setup: day one
  clock.advance(std::chrono::days(2));
  const auto sam = set_up("sam@example.com", "support");
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(change_staff({.actor = ann.actor,
                              .member = sam.id,
                              .role = i % 2 == 0 ? "catalogue" : "support",
                              .suspended = std::nullopt,
                              .address = ""}));
  }
  const auto by_ann = list_audit(ann.actor, {.page = "1",
                                             .page_size = "2",
                                             .actor = "ann@example.com",
                                             .action = "staff.role_change",
                                             .from = {},
                                             .to = {}});
  ASSERT_TRUE(by_ann) << by_ann.error().detail;
  EXPECT_EQ(by_ann->records.total, 3);
  ASSERT_THAT(by_ann->records.items, SizeIs(2));
  EXPECT_EQ(by_ann->records.items[0].after, R"({"role":"catalogue"})") << "newest first";
  EXPECT_GT(by_ann->records.items[0].id, by_ann->records.items[1].id);
  const auto second_page = list_audit(ann.actor, {.page = "2",
                                                  .page_size = "2",
                                                  .actor = "ann@example.com",
                                                  .action = "staff.role_change",
                                                  .from = {},
                                                  .to = {}});
  ASSERT_TRUE(second_page);
  EXPECT_THAT(second_page->records.items, SizeIs(1));

  const std::chrono::year_month_day day_one{std::chrono::floor<std::chrono::days>(clock.now()) -
                                            std::chrono::days(2)};
  const auto date =
      fmt::format("{:04}-{:02}-{:02}", static_cast<int>(day_one.year()),
                  static_cast<unsigned>(day_one.month()), static_cast<unsigned>(day_one.day()));
  const auto first_day = list_audit(
      ann.actor,
      {.page = {}, .page_size = {}, .actor = {}, .action = {}, .from = date, .to = date});
  ASSERT_TRUE(first_day);
  std::vector<std::string> seen;
  for (const auto& record : first_day->records.items) seen.push_back(record.action);
  EXPECT_THAT(seen, ElementsAre("staff.setup", "staff.add"));

  const auto bad = list_audit(ann.actor, {.page = "0",
                                          .page_size = "101",
                                          .actor = {},
                                          .action = {},
                                          .from = "2026-13-01",
                                          .to = "yesterday"});
  ASSERT_FALSE(bad);
  for (const auto* field : {"Page", "PageSize", "From", "To"}) {
    EXPECT_TRUE(bad.error().fields.has(field)) << field;
  }
}

}  // namespace
}  // namespace artshop
