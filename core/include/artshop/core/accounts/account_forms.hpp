#pragma once

#include <expected>
#include <string>

#include "artshop/core/accounts/common_passwords.hpp"
#include "artshop/core/ports/text_normaliser.hpp"
#include "artshop/core/validation.hpp"

// The credential forms of SPEC.md section 7. Each validator checks every field, collects every
// problem under the payload's field name, and on success answers the form cleaned up (e-mail
// normalized with `text`, code normalized). Passwords are never altered here: they are
// normalized when hashed (Credentials).
namespace artshop {

struct RegistrationForm {
  std::string email;
  std::string password;
  std::string repeated_password;
  bool agreed_to_privacy_policy = false;
};
std::expected<RegistrationForm, ValidationErrors> validate_registration(
    RegistrationForm form, const CommonPasswords& common_passwords, const TextNormaliser& text);

struct LoginForm {
  std::string email;
  std::string password;
};
// The e-mail is normalized and checked like any other (it names the login's rate-limit
// buckets); the password only for presence: whether the pair is right is the login's
// business, answered with one general message.
std::expected<LoginForm, ValidationErrors> validate_login(LoginForm form,
                                                          const TextNormaliser& text);

struct ForgotPasswordForm {
  std::string email;
};
std::expected<ForgotPasswordForm, ValidationErrors> validate_forgot_password(
    ForgotPasswordForm form, const TextNormaliser& text);

struct ResetPasswordForm {
  std::string email;
  std::string password;
  std::string repeated_password;
  std::string code;
};
std::expected<ResetPasswordForm, ValidationErrors> validate_password_reset(
    ResetPasswordForm form, const CommonPasswords& common_passwords, const TextNormaliser& text);

struct ChangePasswordForm {
  std::string current_password;
  std::string password;
  std::string repeated_password;
};
// `account_email` is the signed-in account's (normalized) address, which the new password
// must differ from.
std::expected<ChangePasswordForm, ValidationErrors> validate_password_change(
    ChangePasswordForm form, std::string_view account_email,
    const CommonPasswords& common_passwords);

namespace account_messages {
inline constexpr std::string_view kAgreeToPrivacyPolicy = "You must agree to the privacy policy.";
inline constexpr std::string_view kEnterPassword = "Enter your password.";
inline constexpr std::string_view kEnterCurrentPassword = "Enter your current password.";
inline constexpr std::string_view kEnterResetCode = "Enter the 8-character code from the e-mail.";
}  // namespace account_messages

}  // namespace artshop
