#pragma once

#include <string_view>
#include <utility>

#include "artshop/core/accounts/account_forms.hpp"
#include "artshop/core/accounts/caller.hpp"
#include "artshop/core/accounts/password_services.hpp"
#include "artshop/core/accounts/rate_limits.hpp"
#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/mail_outbox.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

struct ChangePasswordCommand {
  Caller caller;
  ChangePasswordForm form;
};

// POST /api/Accounts/change-password. Keeps the caller's own login, signs out every other.
// Attempts are limited per account, counted before any password is hashed.
class ChangePassword {
 public:
  static constexpr std::string_view kWrongCurrent = "The current password is incorrect.";
  using Ports =
      Transactions<AccountRepository, RefreshTokenRepository, RateLimitRepository, MailOutbox>;

  ChangePassword(Ports transactions, PasswordServices services, RateLimits limits)
      : transactions_(std::move(transactions)), services_(services), limits_(limits) {}
  Result<void> operator()(ChangePasswordCommand command);

 private:
  Ports transactions_;
  PasswordServices services_;
  RateLimits limits_;
};

}  // namespace artshop
