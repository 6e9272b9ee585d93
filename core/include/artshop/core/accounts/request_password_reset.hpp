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

struct ForgotPasswordCommand {
  ForgotPasswordForm form;
  std::string client_address;
};

// POST /api/Accounts/forgot-password. Answers alike whether or not the account exists: the
// work per call is the same, and the mail is queued in the outbox with the code, sent after the
// commit by DeliverMail. Limited per e-mail and per client address.
class RequestPasswordReset {
 public:
  static constexpr std::string_view kAnswer =
      "If an account exists for this e-mail, we have sent it a code to reset the password.";
  using Ports =
      Transactions<AccountRepository, ResetCodeRepository, RateLimitRepository, MailOutbox>;

  RequestPasswordReset(Ports transactions, PasswordServices services, RateLimits limits)
      : transactions_(std::move(transactions)), services_(services), limits_(limits) {}
  Result<std::string_view> operator()(ForgotPasswordCommand command);

 private:
  Ports transactions_;
  PasswordServices services_;
  RateLimits limits_;
};

}  // namespace artshop
