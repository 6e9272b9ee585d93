#pragma once

#include <optional>
#include <string>
#include <utility>

#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/accounts/profile_forms.hpp"
#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/catalogue/ports.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/orders/idempotency_keys.hpp"
#include "artshop/core/orders/order_limits.hpp"
#include "artshop/core/orders/payment_gateway.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/orders/return_urls.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/random_source.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

struct StartedDeposit {
  Payment deposit;  // its purpose is PaymentPurpose::Deposit
  std::string payment_link;
};

// POST /api/balance/deposit.
struct DepositCommand {
  UserId user;
  ProfileForm names;
  BillingForm billing;
  std::optional<std::string> amount;  // depositAmount as written, in major units of `currency`
  std::string currency;
  bool agreed_to_terms = false;
  BrowserInfo browser;
  ReturnUrls urls;
  // The request's idempotency key: the stored deposit is kept as its outcome.
  IdempotencyReservation idempotency;
};

// Stores a Pending deposit (a payment for the balance) of 5 to 1000 EUR or the equivalent and
// opens it with the provider; the balance grows when the provider reports it Paid.
class StartDeposit {
 public:
  using Ports = Transactions<AccountRepository, PaymentRepository, IdempotencyRepository>;

  StartDeposit(Ports transactions, const ExchangeRateSource& rates, PaymentGateway& payments,
               RandomSource& random, const Clock& clock, OrderLimits limits = {})
      : transactions_(std::move(transactions)),
        rates_(rates),
        payments_(payments),
        random_(random),
        clock_(clock),
        limits_(limits) {}
  Result<StartedDeposit> operator()(DepositCommand command);

 private:
  Ports transactions_;
  const ExchangeRateSource& rates_;
  PaymentGateway& payments_;
  RandomSource& random_;
  const Clock& clock_;
  OrderLimits limits_;
};

}  // namespace artshop
