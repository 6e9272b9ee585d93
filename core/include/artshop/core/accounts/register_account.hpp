#pragma once

#include "artshop/core/accounts/account_forms.hpp"
#include "artshop/core/accounts/common_passwords.hpp"
#include "artshop/core/accounts/credentials.hpp"
#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/accounts/rate_limits.hpp"
#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

struct RegisterCommand {
  RegistrationForm form;
  std::string client_address;
};

struct Registered {
  UserId user;
  std::string email;
};

// POST /api/Accounts/register. Creates the account; it does not sign in.
class RegisterAccount {
 public:
  static constexpr std::string_view kEmailTaken = "An account with this e-mail already exists.";
  using Ports = Transactions<AccountRepository, RateLimitRepository>;

  RegisterAccount(Ports transactions, const Credentials& credentials,
                  const CommonPasswords& common_passwords, const Clock& clock, RateLimits limits)
      : transactions_(std::move(transactions)),
        credentials_(credentials),
        common_passwords_(common_passwords),
        clock_(clock),
        limits_(limits) {}

  Result<Registered> operator()(RegisterCommand command);

 private:
  Ports transactions_;
  const Credentials& credentials_;
  const CommonPasswords& common_passwords_;
  const Clock& clock_;
  RateLimits limits_;
};

}  // namespace artshop
