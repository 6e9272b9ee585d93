#pragma once

#include <string>
#include <string_view>
#include <utility>

#include "artshop/core/accounts/account_forms.hpp"
#include "artshop/core/accounts/password_services.hpp"
#include "artshop/core/accounts/rate_limits.hpp"
#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/mail_outbox.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

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
                             RateLimitRepository, MailOutbox>;

  ResetPassword(Ports transactions, PasswordServices services, RateLimits limits)
      : transactions_(std::move(transactions)), services_(services), limits_(limits) {}
  Result<void> operator()(ResetPasswordCommand command);

 private:
  Ports transactions_;
  PasswordServices services_;
  RateLimits limits_;
};

}  // namespace artshop
