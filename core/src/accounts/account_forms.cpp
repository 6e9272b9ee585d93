#include "artshop/core/accounts/account_forms.hpp"

#include "artshop/core/accounts/email.hpp"
#include "artshop/core/accounts/password_policy.hpp"
#include "artshop/core/accounts/random_tokens.hpp"
#include "validate_form.hpp"

namespace artshop {

namespace {

// Normalizes `email` in place and records its problem, if any, under "email".
void check_email(std::string& email, const TextNormaliser& text, ValidationErrors& errors) {
  email = normalize_email(email, text);
  if (const auto problem = email_problem(email)) errors.add("email", std::string(*problem));
}

}  // namespace

std::expected<RegistrationForm, ValidationErrors> validate_registration(
    RegistrationForm form, const CommonPasswords& common_passwords, const TextNormaliser& text) {
  return detail::validate_form(std::move(form), [&](RegistrationForm& f, ValidationErrors& errors) {
    check_email(f.email, text, errors);
    check_new_password(f.password, f.repeated_password, f.email, common_passwords, errors);
    if (!f.agreed_to_privacy_policy) {
      errors.add("agreedToPrivacyPolicy", std::string(account_messages::kAgreeToPrivacyPolicy));
    }
  });
}

std::expected<LoginForm, ValidationErrors> validate_login(LoginForm form,
                                                          const TextNormaliser& text) {
  return detail::validate_form(std::move(form), [&](LoginForm& f, ValidationErrors& errors) {
    check_email(f.email, text, errors);
    if (f.password.empty()) errors.add("password", std::string(account_messages::kEnterPassword));
  });
}

std::expected<ForgotPasswordForm, ValidationErrors> validate_forgot_password(
    ForgotPasswordForm form, const TextNormaliser& text) {
  return detail::validate_form(
      std::move(form),
      [&](ForgotPasswordForm& f, ValidationErrors& errors) { check_email(f.email, text, errors); });
}

std::expected<ResetPasswordForm, ValidationErrors> validate_password_reset(
    ResetPasswordForm form, const CommonPasswords& common_passwords, const TextNormaliser& text) {
  return detail::validate_form(
      std::move(form), [&](ResetPasswordForm& f, ValidationErrors& errors) {
        check_email(f.email, text, errors);
        check_new_password(f.password, f.repeated_password, f.email, common_passwords, errors);
        if (auto code = normalize_reset_code(f.code)) {
          f.code = std::move(*code);
        } else {
          errors.add("code", std::string(account_messages::kEnterResetCode));
        }
      });
}

std::expected<ChangePasswordForm, ValidationErrors> validate_password_change(
    ChangePasswordForm form, std::string_view account_email,
    const CommonPasswords& common_passwords) {
  return detail::validate_form(std::move(form), [&](ChangePasswordForm& f,
                                                    ValidationErrors& errors) {
    if (f.current_password.empty()) {
      errors.add("currentPassword", std::string(account_messages::kEnterCurrentPassword));
    }
    check_new_password(f.password, f.repeated_password, account_email, common_passwords, errors);
  });
}

}  // namespace artshop
