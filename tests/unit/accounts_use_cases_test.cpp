#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <utility>
#include <vector>

#include "artshop/core/accounts/authenticate.hpp"
#include "artshop/core/accounts/change_password.hpp"
#include "artshop/core/accounts/email.hpp"
#include "artshop/core/accounts/get_profile.hpp"
#include "artshop/core/accounts/log_in.hpp"
#include "artshop/core/accounts/log_out.hpp"
#include "artshop/core/accounts/password_services.hpp"
#include "artshop/core/accounts/refresh_session.hpp"
#include "artshop/core/accounts/register_account.hpp"
#include "artshop/core/accounts/request_password_reset.hpp"
#include "artshop/core/accounts/reset_password.hpp"
#include "artshop/core/accounts/session_issuer.hpp"
#include "artshop/core/accounts/update_billing.hpp"
#include "artshop/core/accounts/update_profile.hpp"
#include "artshop/core/rate_limiter.hpp"
#include "fakes/account_fakes.hpp"

namespace artshop {
namespace {

using ::testing::_;
using ::testing::Field;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::NiceMock;
using ::testing::Return;

constexpr std::string_view kPassword = "correct horse battery";
constexpr std::string_view kNewPassword = "purple otter lantern";

class Accounts : public ::testing::Test, protected fakes::AccountFakes {
 protected:
  Accounts() { common = CommonPasswords::parse("password\n12345678\n"); }

  UserId registered(std::string_view email = "ann@example.com") {
    auto result = register_account({.form = {.email = std::string(email),
                                             .password = std::string(kPassword),
                                             .repeated_password = std::string(kPassword),
                                             .agreed_to_privacy_policy = true},
                                    .client_address = "10.0.0.1"});
    return result.value().user;
  }

  Result<SessionTokens> log_in_as(std::string_view email, std::string_view password,
                                  std::string_view ip = "10.0.0.1") {
    return log_in({.email = std::string(email),
                   .password = std::string(password),
                   .client_address = std::string(ip)});
  }

  PasswordServices password_services() {
    return {.credentials = credentials,
            .reset_code_digests = digests,
            .random = random,
            .common_passwords = common,
            .clock = clock,
            .shop_url = shop_url};
  }

  const std::string shop_url = "https://shop.test";
  LogOut log_out{store, digests, clock};
  RequestPasswordReset forgot{store, password_services(), kDefaultRateLimits};
  ResetPassword reset{store, password_services(), kDefaultRateLimits};
  ChangePassword change{store, password_services(), kDefaultRateLimits};

  // Ann's login, and what its first refresh rotated it to.
  struct RotatedLogin {
    SessionTokens first;
    SessionTokens second;
  };
  RotatedLogin rotated_login() {
    registered();
    auto first = log_in_as("ann@example.com", kPassword).value();
    auto second = refresh(first.refresh_token).value();
    return {.first = std::move(first), .second = std::move(second)};
  }

  Result<std::string_view> forgot_from(std::string email, std::string ip = "10.0.0.1") {
    return forgot({.form = {.email = std::move(email)}, .client_address = std::move(ip)});
  }
};

std::vector<std::string> messages(const Error& error, std::string_view field) {
  return error.fields.messages(field);
}

// --- Registration -------------------------------------------------------------------------

TEST_F(Accounts, Register_WithValidForm_StoresTheNormalizedEmailAndAHash) {
  auto result = register_account({.form = {.email = "  Ann@Example.COM ",
                                           .password = std::string(kPassword),
                                           .repeated_password = std::string(kPassword),
                                           .agreed_to_privacy_policy = true},
                                  .client_address = "10.0.0.1"});
  ASSERT_TRUE(result);
  EXPECT_EQ(result->email, "ann@example.com");
  ASSERT_EQ(store.state.accounts.size(), 1U);
  EXPECT_EQ(store.state.accounts[0].password_hash, "hash(correct horse battery)");
}

TEST_F(Accounts, Register_WithEveryFieldWrong_ReportsEveryFieldAtOnce) {
  auto result = register_account({.form = {.email = "not-an-email",
                                           .password = "short",
                                           .repeated_password = "other",
                                           .agreed_to_privacy_policy = false},
                                  .client_address = "10.0.0.1"});
  ASSERT_FALSE(result);
  EXPECT_EQ(result.error().kind, ErrorKind::Validation);
  for (const char* field : {"email", "password", "repeatedPassword", "agreedToPrivacyPolicy"}) {
    EXPECT_TRUE(result.error().fields.has(field)) << field;
  }
  EXPECT_TRUE(store.state.accounts.empty());
}

TEST_F(Accounts, Register_WithACommonPassword_Rejects) {
  auto result = register_account({.form = {.email = "ann@example.com",
                                           .password = "12345678",
                                           .repeated_password = "12345678",
                                           .agreed_to_privacy_policy = true},
                                  .client_address = "10.0.0.1"});
  ASSERT_FALSE(result);
  EXPECT_TRUE(result.error().fields.has("password"));
}

TEST_F(Accounts, Register_WithATakenEmail_RejectsTheEmailField) {
  registered("ann@example.com");
  auto again = register_account({.form = {.email = "ANN@example.com",
                                          .password = std::string(kPassword),
                                          .repeated_password = std::string(kPassword),
                                          .agreed_to_privacy_policy = true},
                                 .client_address = "10.0.0.2"});
  ASSERT_FALSE(again);
  EXPECT_EQ(messages(again.error(), "email"),
            std::vector<std::string>{std::string(RegisterAccount::kEmailTaken)});
}

TEST_F(Accounts, Register_TheSameNameInAnotherCaseOrComposition_IsTheSameAccount) {
  registered("\u00C4NN@example.com");
  for (const auto* email : {"\u00E4nn@example.com", "a\u0308nn@Example.com"}) {
    auto again = register_account({.form = {.email = email,
                                            .password = std::string(kPassword),
                                            .repeated_password = std::string(kPassword),
                                            .agreed_to_privacy_policy = true},
                                   .client_address = "10.0.0.2"});
    ASSERT_FALSE(again) << email;
    EXPECT_EQ(messages(again.error(), "email"),
              std::vector<std::string>{std::string(RegisterAccount::kEmailTaken)});
  }
  EXPECT_EQ(store.state.accounts.at(0).email, "\u00E4nn@example.com");
  EXPECT_TRUE(log_in_as("\u00C4nn@EXAMPLE.com", kPassword)) << "any form of the name logs in";
}

// NIST SP 800-63B: the password is normalized (NFKC) before it is hashed.
TEST_F(Accounts, Register_HashesThePasswordsNormalForm_SoEitherFormLogsIn) {
  register_account({.form = {.email = "ann@example.com",
                             .password = "\uFB01ne \uFF21pple tree",
                             .repeated_password = "\uFB01ne \uFF21pple tree",
                             .agreed_to_privacy_policy = true},
                    .client_address = "10.0.0.1"})
      .value();
  EXPECT_EQ(store.state.accounts.at(0).password_hash, "hash(fine Apple tree)");
  EXPECT_TRUE(log_in_as("ann@example.com", "fine Apple tree"));
  EXPECT_TRUE(log_in_as("ann@example.com", "\uFB01ne \uFF21pple tree"));
}

TEST_F(Accounts, LogIn_WithAHashOfThePasswordAsTyped_StillWorksAndStoresTheNormalOnes) {
  registered();
  // Made before passwords were normalized: from the text as it was typed.
  store.state.accounts.at(0).password_hash = "hash(\uFB01ne \uFF21pple tree)";
  ASSERT_TRUE(log_in_as("ann@example.com", "\uFB01ne \uFF21pple tree"));
  EXPECT_EQ(store.state.accounts.at(0).password_hash, "hash(fine Apple tree)");
  EXPECT_TRUE(log_in_as("ann@example.com", "\uFB01ne \uFF21pple tree")) << "and again after";
  EXPECT_FALSE(log_in_as("ann@example.com", "fine apple tree"));
}

TEST_F(Accounts, Register_ElevenTimesInAnHourFromOneAddress_IsLimited) {
  for (int i = 0; i < 10; ++i) registered("user" + std::to_string(i) + "@example.com");
  auto eleventh = register_account({.form = {.email = "late@example.com",
                                             .password = std::string(kPassword),
                                             .repeated_password = std::string(kPassword),
                                             .agreed_to_privacy_policy = true},
                                    .client_address = "10.0.0.1"});
  ASSERT_FALSE(eleventh);
  EXPECT_EQ(eleventh.error().kind, ErrorKind::TooManyRequests);
  EXPECT_GT(eleventh.error().retry_after.count(), 0);
}

// --- Log in -------------------------------------------------------------------------------

TEST_F(Accounts, LogIn_WithTheRightPassword_IssuesAnAccessAndAStoredRefreshToken) {
  const auto ann = registered();
  auto session = log_in_as("ann@example.com", kPassword);
  ASSERT_TRUE(session);
  const auto caller = authenticate(session->access_token);
  ASSERT_TRUE(caller);
  EXPECT_EQ(caller->user, ann);
  EXPECT_EQ(store.state.refresh_tokens.count(digests.digest(session->refresh_token)), 1U)
      << "only the digest of the refresh token is stored";
}

TEST_F(Accounts, LogIn_WithAWrongPassword_AnswersOneGeneralMessage) {
  registered();
  auto session = log_in_as("ann@example.com", "wrong password");
  ASSERT_FALSE(session);
  EXPECT_EQ(messages(session.error(), ""),
            std::vector<std::string>{std::string(LogIn::kWrongCredentials)});
}

TEST_F(Accounts, LogIn_WithAnUnknownEmail_AnswersTheSameAndStillVerifiesAHash) {
  NiceMock<fakes::MockPasswordHasher> slow_hasher;
  ON_CALL(slow_hasher, hash(_)).WillByDefault(Return("dummy"));
  Credentials slow{slow_hasher, text};
  LogIn guarded(store, slow, issuer, clock, kDefaultRateLimits);
  EXPECT_CALL(slow_hasher, verify(_, "dummy")).WillOnce(Return(false));
  auto session = guarded(
      {.email = "nobody@example.com", .password = "whatever1", .client_address = "1.1.1.1"});
  ASSERT_FALSE(session);
  EXPECT_EQ(messages(session.error(), ""),
            std::vector<std::string>{std::string(LogIn::kWrongCredentials)});
}

TEST_F(Accounts, LogIn_AfterTenFailuresFromOnePlace_IsLimitedEvenWithTheRightPassword) {
  registered();
  for (int i = 0; i < 10; ++i) ASSERT_FALSE(log_in_as("ann@example.com", "wrong password"));
  auto blocked = log_in_as("ann@example.com", kPassword);
  ASSERT_FALSE(blocked);
  EXPECT_EQ(blocked.error().kind, ErrorKind::TooManyRequests);
  EXPECT_LE(blocked.error().retry_after, std::chrono::minutes(15));
  EXPECT_TRUE(log_in_as("ann@example.com", kPassword, "10.9.9.9")) << "another place may log in";
  clock.advance(std::chrono::minutes(16));
  EXPECT_TRUE(log_in_as("ann@example.com", kPassword)) << "the window has passed";
}

TEST_F(Accounts, LogIn_WithAnOutdatedHash_StoresAFreshOne) {
  const auto ann = registered();
  store.state.accounts[0].password_hash = "old-scheme";
  fakes::MockPasswordHasher upgrading;
  ON_CALL(upgrading, hash(_)).WillByDefault(Return("hash(new)"));
  EXPECT_CALL(upgrading, hash(_)).Times(2);  // the dummy, then the upgrade
  EXPECT_CALL(upgrading, verify(kPassword, "old-scheme")).WillOnce(Return(true));
  EXPECT_CALL(upgrading, needs_rehash("old-scheme")).WillOnce(Return(true));
  Credentials upgrading_credentials{upgrading, text};
  LogIn upgrading_log_in(store, upgrading_credentials, issuer, clock, kDefaultRateLimits);
  ASSERT_TRUE(upgrading_log_in({.email = "ann@example.com",
                                .password = std::string(kPassword),
                                .client_address = "1.1.1.1"}));
  EXPECT_EQ(store.state.accounts[0].id, ann);
  EXPECT_EQ(store.state.accounts[0].password_hash, "hash(new)");
}

// --- Refresh ------------------------------------------------------------------------------

TEST_F(Accounts, Refresh_WithAnEmptyToken_SaysTheRefreshTokenIsEmpty) {
  auto result = refresh("");
  ASSERT_FALSE(result);
  EXPECT_EQ(messages(result.error(), "refreshToken"),
            std::vector<std::string>{"refresh token is empty"});
}

TEST_F(Accounts, Refresh_RotatesTheTokenWithinTheSameLogin) {
  registered();
  const auto first = log_in_as("ann@example.com", kPassword).value();
  const auto second = refresh(first.refresh_token);
  ASSERT_TRUE(second);
  EXPECT_NE(second->refresh_token, first.refresh_token);
  EXPECT_EQ(authenticate(second->access_token)->session, authenticate(first.access_token)->session);
  EXPECT_TRUE(refresh(second->refresh_token)) << "the new token works once";
}

TEST_F(Accounts, Refresh_WithATokenRotatedLongerThanTheGraceAgo_RevokesTheWholeLogin) {
  const auto [first, second] = rotated_login();
  clock.advance(kDefaultRefreshGrace + std::chrono::seconds(1));
  auto replay = refresh(first.refresh_token);
  ASSERT_FALSE(replay);
  EXPECT_EQ(replay.error().kind, ErrorKind::Validation);
  EXPECT_EQ(messages(replay.error(), ValidationErrors::kGeneral),
            std::vector<std::string>{std::string(RefreshSession::kInvalidToken)});
  EXPECT_FALSE(refresh(second.refresh_token)) << "the thief's or the owner's newer token dies too";
}

// The live tokens of the logins of the store: neither rotated nor revoked.
std::size_t live_refresh_tokens(const fakes::StoreState& state) {
  return static_cast<std::size_t>(std::ranges::count_if(
      state.refresh_tokens,
      [](const auto& entry) { return !entry.second.rotated && !entry.second.revoked; }));
}

TEST_F(Accounts, Refresh_ATokenAgainWithinTheGrace_AnswersTheSameSuccessorAndKeepsTheLogin) {
  const auto [first, one_tab] = rotated_login();
  clock.advance(kDefaultRefreshGrace);  // the last second of the grace
  const auto other_tab = refresh(first.refresh_token);
  ASSERT_TRUE(other_tab) << "a second tab refreshing the same token is no replay";
  EXPECT_EQ(other_tab->refresh_token, one_tab.refresh_token);
  EXPECT_EQ(authenticate(other_tab->access_token)->session,
            authenticate(first.access_token)->session);
  EXPECT_EQ(live_refresh_tokens(store.state), 1U) << "one login, one live token";
  EXPECT_TRUE(refresh(one_tab.refresh_token)) << "the shared successor refreshes as usual";
}

TEST_F(Accounts, Refresh_WithNoGrace_ASecondUseRevokesAtOnce) {
  RefreshSession strict{store, digests, sealer, issuer, clock, std::chrono::seconds(0)};
  registered();
  const auto first = log_in_as("ann@example.com", kPassword).value();
  const auto second = strict(first.refresh_token).value();
  EXPECT_FALSE(strict(first.refresh_token));
  EXPECT_FALSE(strict(second.refresh_token)) << "the login is revoked";
}

TEST_F(Accounts, Refresh_ARotatedTokenWithinTheGraceAfterLogOut_IsRefused) {
  const auto [first, second] = rotated_login();
  ASSERT_TRUE(log_out({.caller = authenticate(second.access_token).value(), .refresh_token = {}}));
  EXPECT_FALSE(refresh(first.refresh_token)) << "a logged-out login answers no successor";
}

TEST_F(Accounts, Refresh_WithinTheGraceWhenTheKeptSuccessorIsNotTheStoredOne_RevokesTheLogin) {
  const auto [first, second] = rotated_login();
  auto& rotated = store.state.refresh_tokens.at(digests.digest(first.refresh_token));
  rotated.successor_sealed = sealer.seal("a token of somebody's choosing", first.refresh_token);
  EXPECT_FALSE(refresh(first.refresh_token));
  EXPECT_FALSE(refresh(second.refresh_token)) << "treated as a reuse: the login is revoked";
}

TEST_F(Accounts, ForgetSpentSuccessors_ForgetsOnlyThoseWhoseGraceIsOver) {
  const auto [first, second] = rotated_login();
  clock.advance(kDefaultRefreshGrace);
  EXPECT_EQ(refresh.forget_spent_successors(), 0) << "still within the grace";
  clock.advance(std::chrono::seconds(1));
  refresh(second.refresh_token).value();
  EXPECT_EQ(refresh.forget_spent_successors(), 1) << "the first token's, not the second's";
  EXPECT_TRUE(
      store.state.refresh_tokens.at(digests.digest(first.refresh_token)).successor_sealed.empty());
}

TEST_F(Accounts, Refresh_AfterThirtyDays_IsRefused) {
  registered();
  const auto session = log_in_as("ann@example.com", kPassword).value();
  clock.advance(std::chrono::days(30));
  EXPECT_FALSE(refresh(session.refresh_token));
}

TEST_F(Accounts, Authenticate_WithoutATokenOrWithAnExpiredOne_IsUnauthenticated) {
  registered();
  const auto session = log_in_as("ann@example.com", kPassword).value();
  EXPECT_EQ(authenticate("").error().kind, ErrorKind::Unauthenticated);
  clock.advance(std::chrono::minutes(15));
  EXPECT_EQ(authenticate(session.access_token).error().kind, ErrorKind::Unauthenticated);
}

// --- Forgot and reset password ------------------------------------------------------------

TEST_F(Accounts, ForgotPassword_ForAnUnknownEmail_AnswersTheSameAndMailsNothing) {
  registered();
  EXPECT_EQ(forgot_from("nobody@example.com"), RequestPasswordReset::kAnswer);
  EXPECT_THAT(fakes::queued_mails(store.state), IsEmpty());
}

TEST_F(Accounts, ForgotPassword_ForAnAccount_MailsACodeAndALinkAndStoresOnlyItsDigest) {
  const auto ann = registered();
  EXPECT_EQ(forgot_from("Ann@Example.com"), RequestPasswordReset::kAnswer);
  const auto queued = fakes::queued_mails(store.state);
  ASSERT_EQ(queued.size(), 1U) << "queued in the transaction that stored the code";
  EXPECT_EQ(queued[0].to, "ann@example.com");
  EXPECT_THAT(queued[0].text_body,
              HasSubstr("https://shop.test/reset-password?email=ann%40example.com&code="));
  const auto& stored = store.state.reset_codes.at(ann.value);
  EXPECT_TRUE(stored.code_digest.starts_with("digest("));
  EXPECT_EQ(stored.expires_at - std::chrono::floor<std::chrono::seconds>(clock.now()),
            std::chrono::minutes(10));
}

TEST_F(Accounts, ForgotPassword_FourTimesInAnHour_IsLimited) {
  registered();
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(forgot_from("ann@example.com"));
  auto fourth = forgot_from("ann@example.com");
  ASSERT_FALSE(fourth);
  EXPECT_EQ(fourth.error().kind, ErrorKind::TooManyRequests);
}

class PasswordReset : public Accounts {
 protected:
  // Asks for a code and returns it as the mail carried it.
  std::string mailed_code() {
    EXPECT_TRUE(forgot_from("ann@example.com"));
    const auto queued = fakes::queued_mails(store.state);
    EXPECT_THAT(queued.back().subject, HasSubstr("reset code"));
    const auto at = queued.back().text_body.find("Your code: ") + 11;
    return queued.back().text_body.substr(at, 8);
  }

  // The subject of the last mail queued.
  std::string last_subject() {
    const auto queued = fakes::queued_mails(store.state);
    return queued.empty() ? std::string() : queued.back().subject;
  }

  Result<void> reset_with(std::string code, std::string_view password = kNewPassword,
                          std::string email = "ann@example.com", std::string ip = "10.0.0.1") {
    return reset({.form = {.email = std::move(email),
                           .password = std::string(password),
                           .repeated_password = std::string(password),
                           .code = std::move(code)},
                  .client_address = std::move(ip)});
  }
};

TEST_F(PasswordReset, WithTheMailedCode_SetsThePasswordEndsEverySessionAndMailsANotice) {
  registered();
  const auto session = log_in_as("ann@example.com", kPassword).value();
  const auto code = mailed_code();
  ASSERT_TRUE(reset_with(code));
  EXPECT_THAT(last_subject(), HasSubstr("was changed"));
  EXPECT_FALSE(refresh(session.refresh_token)) << "the old login is revoked";
  EXPECT_FALSE(log_in_as("ann@example.com", kPassword));
  EXPECT_TRUE(log_in_as("ann@example.com", kNewPassword));
}

TEST_F(PasswordReset, WorksOnlyOnce) {
  registered();
  const auto code = mailed_code();
  ASSERT_TRUE(reset_with(code));
  EXPECT_FALSE(reset_with(code, "another fine password"));
  EXPECT_EQ(fakes::queued_mails(store.state).size(), 2U) << "one code, one notice";
}

TEST_F(PasswordReset, DiesAfterFiveWrongTries) {
  registered();
  const auto code = mailed_code();
  for (int i = 0; i < 5; ++i) {
    auto wrong = reset_with("ZZZZZZZZ");
    ASSERT_FALSE(wrong);
    EXPECT_EQ(messages(wrong.error(), "code"),
              std::vector<std::string>{std::string(ResetPassword::kWrongCode)});
  }
  EXPECT_FALSE(reset_with(code)) << "even the right code is dead now";
}

TEST_F(PasswordReset, ExpiresAfterTenMinutes) {
  registered();
  const auto code = mailed_code();
  clock.advance(std::chrono::minutes(10));
  EXPECT_FALSE(reset_with(code));
}

TEST_F(PasswordReset, ForAnUnknownEmail_AnswersLikeAWrongCode) {
  auto result = reset_with("ABCDEFGH", kNewPassword, "nobody@example.com");
  ASSERT_FALSE(result);
  EXPECT_TRUE(result.error().fields.has("code"));
}

// --- Change password and profile ----------------------------------------------------------

TEST_F(Accounts, ChangePassword_WithAWrongCurrentPassword_RejectsThatField) {
  registered();
  const auto caller = authenticate(log_in_as("ann@example.com", kPassword)->access_token).value();
  auto result = change({.caller = caller,
                        .form = {.current_password = "not it at all",
                                 .password = std::string(kNewPassword),
                                 .repeated_password = std::string(kNewPassword)}});
  ASSERT_FALSE(result);
  EXPECT_TRUE(result.error().fields.has("currentPassword"));
}

TEST_F(Accounts, ChangePassword_KeepsTheCallersLoginAndEndsTheOthers) {
  registered();
  const auto here = log_in_as("ann@example.com", kPassword).value();
  const auto elsewhere = log_in_as("ann@example.com", kPassword, "10.2.2.2").value();
  ASSERT_TRUE(change({.caller = authenticate(here.access_token).value(),
                      .form = {.current_password = std::string(kPassword),
                               .password = std::string(kNewPassword),
                               .repeated_password = std::string(kNewPassword)}}));
  const auto queued = fakes::queued_mails(store.state);
  ASSERT_EQ(queued.size(), 1U);
  EXPECT_THAT(queued[0].subject, HasSubstr("was changed"));
  EXPECT_TRUE(refresh(here.refresh_token));
  EXPECT_FALSE(refresh(elsewhere.refresh_token));
}

TEST_F(Accounts, UpdateBilling_ChangesOnlyTheCallersAccount) {
  const auto ann = registered("ann@example.com");
  registered("bob@example.com");
  UpdateBilling update(store);
  auto result = update(ann, {.country = "no",
                             .state = "",
                             .city = " Oslo ",
                             .address1 = "Karl Johans gate 1",
                             .zip_code = "0154"});
  ASSERT_TRUE(result);
  EXPECT_EQ(result->billing.country, "NO");
  EXPECT_EQ(result->billing.city, "Oslo");
  EXPECT_EQ(store.state.accounts[1].billing.city, "");
}

TEST_F(Accounts, UpdateBilling_WithAnUnknownCountry_RejectsTheCountryField) {
  const auto ann = registered();
  UpdateBilling update(store);
  auto result = update(
      ann,
      {.country = "XX", .state = "", .city = "Oslo", .address1 = "Street 1", .zip_code = "0154"});
  ASSERT_FALSE(result);
  EXPECT_TRUE(result.error().fields.has("country"));
}

TEST_F(Accounts, UpdateProfile_TrimsAndStoresTheNames) {
  const auto ann = registered();
  UpdateProfile update(store);
  auto result = update(ann, {.first_name = " Ann ", .last_name = "Lee"});
  ASSERT_TRUE(result);
  EXPECT_EQ(GetProfile(store)(ann)->first_name, "Ann");
}

// --- Abuse limits ---------------------------------------------------------------------------

// Limits small enough to reach in a test; each test tightens the one it is about.
RateLimits roomy_limits() {
  RateLimits limits = kDefaultRateLimits;
  limits.login_failures_per_email_and_ip = {1000, std::chrono::hours(1)};
  limits.login_failures_per_ip = {1000, std::chrono::hours(1)};
  limits.login_failures_per_account = {1000, std::chrono::hours(1)};
  return limits;
}

TEST_F(Accounts, LogIn_AnAccountUnderAttack_StillAdmitsItsOwnerFromAnAddressThatHasNotFailed) {
  registered();
  auto limits = roomy_limits();
  limits.login_failures_per_account = {3, std::chrono::hours(1)};
  LogIn guarded(store, credentials, issuer, clock, limits);
  const auto attempt = [&](std::string_view password, std::string ip) {
    return guarded({.email = "ann@example.com",
                    .password = std::string(password),
                    .client_address = std::move(ip)});
  };
  for (const auto* ip : {"203.0.113.1", "203.0.113.2", "203.0.113.3"}) {
    ASSERT_FALSE(attempt("wrong password", ip));
  }
  const auto attacker = attempt(kPassword, "203.0.113.1");
  ASSERT_FALSE(attacker);
  EXPECT_EQ(attacker.error().kind, ErrorKind::TooManyRequests)
      << "an address that failed against the account is refused, even with the right password";
  EXPECT_TRUE(attempt(kPassword, "198.51.100.7")) << "the owner at home still logs in";
}

TEST_F(Accounts, LogIn_FailuresAcrossManyEmailsFromOneAddress_AreLimitedPerAddress) {
  registered();
  auto limits = roomy_limits();
  limits.login_failures_per_ip = {5, std::chrono::minutes(15)};
  LogIn guarded(store, credentials, issuer, clock, limits);
  for (int i = 0; i < 5; ++i) {
    ASSERT_FALSE(guarded({.email = "victim" + std::to_string(i) + "@example.com",
                          .password = "wrong password",
                          .client_address = "203.0.113.9"}));
  }
  auto sprayed = guarded({.email = "ann@example.com",
                          .password = std::string(kPassword),
                          .client_address = "203.0.113.9"});
  ASSERT_FALSE(sprayed);
  EXPECT_EQ(sprayed.error().kind, ErrorKind::TooManyRequests);
  EXPECT_TRUE(guarded({.email = "ann@example.com",
                       .password = std::string(kPassword),
                       .client_address = "10.0.0.2"}));
}

// "victim@example.com|<address>" once named the victim's (e-mail, address) bucket.
TEST_F(Accounts, LogIn_WithAnEmailThatSpellsAnotherBucket_IsRefusedAndLocksNobodyOut) {
  registered("victim@example.com");
  for (int i = 0; i < 10; ++i) {
    const auto forged = log_in_as("victim@example.com|10.0.0.1", "wrong password", "203.0.113.9");
    ASSERT_FALSE(forged);
    ASSERT_EQ(messages(forged.error(), "email"),
              std::vector<std::string>{std::string(kInvalidEmailMessage)});
  }
  EXPECT_EQ(
      std::ranges::count_if(store.state.rate_events,
                            [](const auto& event) { return event.first.starts_with("login"); }),
      0)
      << "an address that is no e-mail names no bucket";
  EXPECT_TRUE(log_in_as("victim@example.com", kPassword, "10.0.0.1"));
}

// A password checker that lets other logins run while it "hashes", as parallel requests do.
class InterleavingHasher final : public PasswordHasher {
 public:
  std::string hash(std::string_view password) const override { return plain_.hash(password); }
  bool verify(std::string_view password, std::string_view stored) const override {
    if (auto meanwhile = std::exchange(while_verifying, {})) meanwhile();
    return plain_.verify(password, stored);
  }
  bool needs_rehash(std::string_view) const override { return false; }
  mutable std::function<void()> while_verifying;

 private:
  fakes::PlainHasher plain_;
};

TEST_F(Accounts, LogIn_GuessesThatPassedTheCheckTogether_CountNoMoreFailuresThanTheLimit) {
  registered();
  auto limits = roomy_limits();
  limits.login_failures_per_email_and_ip = {2, std::chrono::minutes(15)};
  InterleavingHasher interleaving;
  Credentials racing{interleaving, text};
  LogIn guarded(store, racing, issuer, clock, limits);
  const auto guess = [&] {
    return guarded(
        {.email = "ann@example.com", .password = "wrong password", .client_address = "10.1.1.1"});
  };
  std::vector<Result<SessionTokens>> others;
  // This guess passes the first check with no failure counted; two others finish meanwhile.
  interleaving.while_verifying = [&] {
    others.push_back(guess());
    others.push_back(guess());
  };
  const auto last = guess();
  ASSERT_EQ(others.size(), 2U);
  for (const auto& other : others) {
    EXPECT_EQ(messages(other.error(), ""),
              std::vector<std::string>{std::string(LogIn::kWrongCredentials)});
  }
  ASSERT_FALSE(last);
  EXPECT_EQ(last.error().kind, ErrorKind::TooManyRequests)
      << "the limit was reached while it was hashed";
  EXPECT_EQ(std::ranges::count_if(store.state.rate_events,
                                  [](const auto& event) {
                                    return event.first == rate_bucket("login-failures",
                                                                      "ann@example.com",
                                                                      "10.1.1.1");
                                  }),
            2);
}

TEST_F(Accounts, LogIn_RefusedByALimit_HashesNoPassword) {
  registered();
  auto limits = roomy_limits();
  limits.login_failures_per_email_and_ip = {2, std::chrono::minutes(15)};
  NiceMock<fakes::MockPasswordHasher> counting;
  ON_CALL(counting, hash(_)).WillByDefault(Return("dummy"));
  Credentials counted{counting, text};
  LogIn guarded(store, counted, issuer, clock, limits);
  EXPECT_CALL(counting, verify(_, _)).Times(2).WillRepeatedly(Return(false));
  for (int i = 0; i < 3; ++i) {
    (void)guarded({.email = "ann@example.com", .password = "guess", .client_address = "10.1.1.1"});
  }
}

TEST_F(Accounts, ForgotPassword_FromOneAddressForManyEmails_IsLimitedPerAddress) {
  auto limits = kDefaultRateLimits;
  limits.forgot_password_per_ip = {2, std::chrono::hours(1)};
  RequestPasswordReset limited(store, password_services(), limits);
  const auto ask = [&](std::string email, std::string ip) {
    return limited({.form = {.email = std::move(email)}, .client_address = std::move(ip)});
  };
  ASSERT_TRUE(ask("a@example.com", "203.0.113.5"));
  ASSERT_TRUE(ask("b@example.com", "203.0.113.5"));
  const auto third = ask("c@example.com", "203.0.113.5");
  ASSERT_FALSE(third);
  EXPECT_EQ(third.error().kind, ErrorKind::TooManyRequests);
  EXPECT_TRUE(ask("c@example.com", "10.0.0.3")) << "another address is counted apart";
}

TEST_F(PasswordReset, Attempts_AreLimitedPerAddressAndPerAccount_BeforeAnyHashing) {
  registered();
  const auto code = mailed_code();
  auto limits = kDefaultRateLimits;
  limits.reset_attempts_per_ip = {3, std::chrono::hours(1)};
  limits.reset_attempts_per_account = {4, std::chrono::hours(1)};
  NiceMock<fakes::MockPasswordHasher> counting;
  auto services = password_services();
  Credentials counting_credentials{counting, text};
  PasswordServices counted{.credentials = counting_credentials,
                           .reset_code_digests = services.reset_code_digests,
                           .random = services.random,
                           .common_passwords = services.common_passwords,
                           .clock = services.clock,
                           .shop_url = services.shop_url};
  ResetPassword limited(store, counted, limits);
  const auto attempt = [&](std::string typed, std::string ip) {
    return limited({.form = {.email = "ann@example.com",
                             .password = std::string(kNewPassword),
                             .repeated_password = std::string(kNewPassword),
                             .code = std::move(typed)},
                    .client_address = std::move(ip)});
  };
  EXPECT_CALL(counting, hash(_)).Times(4).WillRepeatedly(Return("hash"));
  for (int i = 0; i < 3; ++i) ASSERT_FALSE(attempt("ZZZZZZZZ", "203.0.113.1"));
  const auto per_address = attempt(code, "203.0.113.1");
  ASSERT_FALSE(per_address);
  EXPECT_EQ(per_address.error().kind, ErrorKind::TooManyRequests);
  ASSERT_FALSE(attempt("ZZZZZZZZ", "203.0.113.2"));
  const auto per_account = attempt(code, "203.0.113.3");
  ASSERT_FALSE(per_account);
  EXPECT_EQ(per_account.error().kind, ErrorKind::TooManyRequests);
}

TEST_F(Accounts, ChangePassword_PastItsLimit_AnswersTooManyRequestsWithoutHashing) {
  registered();
  const auto caller = authenticate(log_in_as("ann@example.com", kPassword)->access_token).value();
  auto limits = kDefaultRateLimits;
  limits.change_password_per_account = {2, std::chrono::hours(1)};
  NiceMock<fakes::MockPasswordHasher> counting;
  Credentials counting_credentials{counting, text};
  auto services = password_services();
  ChangePassword limited(store,
                         {.credentials = counting_credentials,
                          .reset_code_digests = services.reset_code_digests,
                          .random = services.random,
                          .common_passwords = services.common_passwords,
                          .clock = services.clock,
                          .shop_url = services.shop_url},
                         limits);
  EXPECT_CALL(counting, verify(_, _)).Times(2).WillRepeatedly(Return(false));
  const auto attempt = [&] {
    return limited({.caller = caller,
                    .form = {.current_password = "a guess at it",
                             .password = std::string(kNewPassword),
                             .repeated_password = std::string(kNewPassword)}});
  };
  EXPECT_TRUE(attempt().error().fields.has("currentPassword"));
  EXPECT_TRUE(attempt().error().fields.has("currentPassword"));
  EXPECT_EQ(attempt().error().kind, ErrorKind::TooManyRequests);
}

// --- Log out and ended logins -----------------------------------------------------------------

TEST_F(Accounts, LogOut_EndsTheLoginsAccessAndRefreshTokensButNoOtherLogin) {
  registered();
  const auto here = log_in_as("ann@example.com", kPassword).value();
  const auto elsewhere = log_in_as("ann@example.com", kPassword).value();
  ASSERT_TRUE(log_out({.caller = authenticate(here.access_token).value(), .refresh_token = {}}));
  EXPECT_EQ(authenticate(here.access_token).error().kind, ErrorKind::Unauthenticated)
      << "the access token dies with its login, before it expires";
  EXPECT_FALSE(refresh(here.refresh_token));
  EXPECT_TRUE(authenticate(elsewhere.access_token));
  EXPECT_TRUE(refresh(elsewhere.refresh_token));
}

TEST_F(Accounts, LogOut_WithAnotherUsersRefreshToken_LeavesThatLoginAlone) {
  registered();
  registered("bob@example.com");
  const auto ann = log_in_as("ann@example.com", kPassword).value();
  const auto bob = log_in_as("bob@example.com", kPassword).value();
  ASSERT_TRUE(log_out(
      {.caller = authenticate(ann.access_token).value(), .refresh_token = bob.refresh_token}));
  EXPECT_TRUE(authenticate(bob.access_token));
  EXPECT_TRUE(refresh(bob.refresh_token));
}

TEST_F(Accounts, Authenticate_AfterAPasswordChange_RefusesTheOtherLoginsAccessTokens) {
  registered();
  const auto here = log_in_as("ann@example.com", kPassword).value();
  const auto elsewhere = log_in_as("ann@example.com", kPassword).value();
  ASSERT_TRUE(change({.caller = authenticate(here.access_token).value(),
                      .form = {.current_password = std::string(kPassword),
                               .password = std::string(kNewPassword),
                               .repeated_password = std::string(kNewPassword)}}));
  EXPECT_TRUE(authenticate(here.access_token)) << "the caller's own login goes on";
  EXPECT_EQ(authenticate(elsewhere.access_token).error().kind, ErrorKind::Unauthenticated);
}

TEST_F(Accounts, Authenticate_ATokenOfNoLogin_IsUnauthenticated) {
  const auto ann = registered();
  auto claims = AccessTokenClaims::for_user(ann, clock.now());
  EXPECT_EQ(authenticate(tokens.issue(claims)).error().kind, ErrorKind::Unauthenticated);
  claims.session = "0123456789abcdef";
  EXPECT_EQ(authenticate(tokens.issue(claims)).error().kind, ErrorKind::Unauthenticated)
      << "a login the server never started";
}

}  // namespace
}  // namespace artshop
