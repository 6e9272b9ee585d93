#pragma once

#include <string>
#include <utility>

#include "artshop/core/accounts/account_forms.hpp"
#include "artshop/core/accounts/common_passwords.hpp"
#include "artshop/core/accounts/credentials.hpp"
#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/accounts/rate_limits.hpp"
#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/accounts/sessions.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/mailer.hpp"
#include "artshop/core/ports/random_source.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

// What every password call needs besides its transaction: the slow hasher (with the text rules
// of passwords and e-mails), the keyed digest
// reset codes are stored as, the mail, and the shop's public address for links (referred to,
// not copied: the app settles it once it knows the port it listens on).
struct PasswordServices {
  const Credentials& credentials;
  const TokenHasher& reset_code_digests;
  RandomSource& random;
  Mailer& mailer;
  const CommonPasswords& common_passwords;
  const Clock& clock;
  const std::string& shop_url;
};

struct ForgotPasswordCommand {
  ForgotPasswordForm form;
  std::string client_address;
};

// POST /api/Accounts/forgot-password. Answers alike whether or not the account exists: the
// work per call is the same and the mail leaves in the background. Limited per e-mail and per
// client address.
class RequestPasswordReset {
 public:
  static constexpr std::string_view kAnswer =
      "If an account exists for this e-mail, we have sent it a code to reset the password.";
  using Ports = Transactions<AccountRepository, ResetCodeRepository, RateLimitRepository>;

  RequestPasswordReset(Ports transactions, PasswordServices services, RateLimits limits)
      : transactions_(std::move(transactions)), services_(services), limits_(limits) {}
  Result<std::string_view> operator()(ForgotPasswordCommand command);

 private:
  Ports transactions_;
  PasswordServices services_;
  RateLimits limits_;
};

struct ResetPasswordCommand {
  ResetPasswordForm form;
  std::string client_address;
};

// POST /api/Accounts/reset-password. Sets the new password with the mailed code, signs every
// session out and mails a notice. It does not sign in. Attempts are limited per client
// address and per e-mail, counted before the new password is hashed.
class ResetPassword {
 public:
  static constexpr std::string_view kWrongCode =
      "The code is wrong or has expired. Ask for a new one.";
  using Ports = Transactions<AccountRepository, ResetCodeRepository, RefreshTokenRepository,
                             RateLimitRepository>;

  ResetPassword(Ports transactions, PasswordServices services, RateLimits limits)
      : transactions_(std::move(transactions)), services_(services), limits_(limits) {}
  Result<void> operator()(ResetPasswordCommand command);

 private:
  Ports transactions_;
  PasswordServices services_;
  RateLimits limits_;
};

struct ChangePasswordCommand {
  Caller caller;
  ChangePasswordForm form;
};

// POST /api/Accounts/change-password. Keeps the caller's own login, signs out every other.
// Attempts are limited per account, counted before any password is hashed.
class ChangePassword {
 public:
  static constexpr std::string_view kWrongCurrent = "The current password is incorrect.";
  using Ports = Transactions<AccountRepository, RefreshTokenRepository, RateLimitRepository>;

  ChangePassword(Ports transactions, PasswordServices services, RateLimits limits)
      : transactions_(std::move(transactions)), services_(services), limits_(limits) {}
  Result<void> operator()(ChangePasswordCommand command);

 private:
  Ports transactions_;
  PasswordServices services_;
  RateLimits limits_;
};

}  // namespace artshop
