#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "artshop/core/accounts/account_forms.hpp"
#include "artshop/core/accounts/email.hpp"
#include "artshop/core/accounts/password_policy.hpp"
#include "fakes/fake_ports.hpp"

namespace artshop {
namespace {

using ::testing::ElementsAre;
using ::testing::Pair;
using ::testing::UnorderedElementsAre;

const CommonPasswords kCommon = CommonPasswords::parse("password1\n");
const fakes::TinyTextNormaliser kText;

std::vector<std::string> keys(const ValidationErrors& errors) {
  std::vector<std::string> names;
  for (const auto& [field, messages] : errors.by_field()) names.push_back(field);
  return names;
}

RegistrationForm valid_registration() {
  return {.email = " Jane@Example.com ",
          .password = "violet tram harbour",
          .repeated_password = "violet tram harbour",
          .agreed_to_privacy_policy = true};
}

TEST(AccountRegistration, WithValidForm_AnswersItWithNormalizedEmail) {
  const auto result = validate_registration(valid_registration(), kCommon, kText);
  ASSERT_TRUE(result);
  EXPECT_EQ(result->email, "jane@example.com");
  EXPECT_EQ(result->password, "violet tram harbour");  // never trimmed or altered
}

TEST(AccountRegistration, WithEveryFieldWrong_CollectsEveryFieldInOneMap) {
  const auto result = validate_registration(
      {.email = "not-an-address", .password = "short", .repeated_password = "shorter"}, kCommon,
      kText);
  ASSERT_FALSE(result);
  const auto& errors = result.error();
  EXPECT_THAT(keys(errors), UnorderedElementsAre("email", "password", "repeatedPassword",
                                                 "agreedToPrivacyPolicy"));
  EXPECT_THAT(errors.messages("email"), ElementsAre(kInvalidEmailMessage));
  EXPECT_THAT(errors.messages("password"), ElementsAre(password_messages::kTooShort));
  EXPECT_THAT(errors.messages("repeatedPassword"), ElementsAre(password_messages::kMismatch));
  EXPECT_THAT(errors.messages("agreedToPrivacyPolicy"),
              ElementsAre("You must agree to the privacy policy."));
}

TEST(AccountRegistration, WithoutPrivacyConsent_RejectsOnlyThatField) {
  auto form = valid_registration();
  form.agreed_to_privacy_policy = false;
  const auto result = validate_registration(form, kCommon, kText);
  ASSERT_FALSE(result);
  EXPECT_THAT(keys(result.error()), ElementsAre("agreedToPrivacyPolicy"));
}

TEST(AccountRegistration, WithPasswordEqualToEmail_Rejects) {
  auto form = valid_registration();
  form.password = form.repeated_password = "JANE@example.com";
  const auto result = validate_registration(form, kCommon, kText);
  ASSERT_FALSE(result);
  EXPECT_THAT(result.error().messages("password"), ElementsAre(password_messages::kSameAsEmail));
}

TEST(AccountRegistration, WithCommonPassword_Rejects) {
  auto form = valid_registration();
  form.password = form.repeated_password = "Password1";
  const auto result = validate_registration(form, kCommon, kText);
  ASSERT_FALSE(result);
  EXPECT_THAT(result.error().messages("password"), ElementsAre(password_messages::kTooCommon));
}

TEST(AccountLogin, WithBothFields_AnswersNormalizedEmail) {
  const auto result = validate_login({.email = " JANE@example.com", .password = "x"}, kText);
  ASSERT_TRUE(result);
  EXPECT_EQ(result->email, "jane@example.com");
}

TEST(AccountLogin, WithEmptyFields_AsksForBoth) {
  const auto result = validate_login({}, kText);
  ASSERT_FALSE(result);
  EXPECT_THAT(result.error().by_field(),
              UnorderedElementsAre(Pair("email", ElementsAre(kEnterEmailMessage)),
                                   Pair("password", ElementsAre("Enter your password."))));
}

// The e-mail names the login's rate-limit buckets: a text that is no address names none.
TEST(AccountLogin, WithAnInvalidEmail_RefusesItBeforeAnyBucketIsNamed) {
  for (const auto* email : {"victim@example.com|203.0.113.5", "ann@example.com\u202E", "ann"}) {
    const auto result = validate_login({.email = email, .password = "x"}, kText);
    ASSERT_FALSE(result) << email;
    EXPECT_THAT(result.error().messages("email"), ElementsAre(kInvalidEmailMessage)) << email;
  }
}

TEST(AccountForgotPassword, WithInvalidEmail_Rejects) {
  EXPECT_FALSE(validate_forgot_password({.email = "jane"}, kText));
  const auto result = validate_forgot_password({.email = " Jane@Example.com"}, kText);
  ASSERT_TRUE(result);
  EXPECT_EQ(result->email, "jane@example.com");
}

TEST(AccountResetPassword, WithValidForm_NormalizesEmailAndCode) {
  const auto result = validate_password_reset({.email = "Jane@Example.com",
                                               .password = "violet tram harbour",
                                               .repeated_password = "violet tram harbour",
                                               .code = " abcd-efgh "},
                                              kCommon, kText);
  ASSERT_TRUE(result);
  EXPECT_EQ(result->email, "jane@example.com");
  EXPECT_EQ(result->code, "ABCDEFGH");
}

TEST(AccountResetPassword, WithEveryFieldWrong_CollectsEveryField) {
  const auto result = validate_password_reset(
      {.email = "", .password = "1234567", .repeated_password = "", .code = "12"}, kCommon, kText);
  ASSERT_FALSE(result);
  EXPECT_THAT(keys(result.error()),
              UnorderedElementsAre("email", "password", "repeatedPassword", "code"));
  EXPECT_THAT(result.error().messages("code"),
              ElementsAre("Enter the 8-character code from the e-mail."));
}

TEST(AccountChangePassword, WithValidForm_Accepts) {
  EXPECT_TRUE(validate_password_change({.current_password = "old one",
                                        .password = "violet tram harbour",
                                        .repeated_password = "violet tram harbour"},
                                       "jane@example.com", kCommon));
}

TEST(AccountChangePassword, WithEveryFieldWrong_CollectsEveryField) {
  const auto result = validate_password_change(
      {.current_password = "", .password = "jane@example.com", .repeated_password = "x"},
      "jane@example.com", kCommon);
  ASSERT_FALSE(result);
  const auto& errors = result.error();
  EXPECT_THAT(errors.messages("currentPassword"), ElementsAre("Enter your current password."));
  EXPECT_THAT(errors.messages("password"), ElementsAre(password_messages::kSameAsEmail));
  EXPECT_THAT(errors.messages("repeatedPassword"), ElementsAre(password_messages::kMismatch));
}

}  // namespace
}  // namespace artshop
