#pragma once

#include <string>
#include <utility>

#include "artshop/core/catalogue/ports.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/money.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

// POST /api/balance {currency}: the balance converted at today's rate, rounded down.
struct GetBalanceCommand {
  UserId user;
  std::string currency;
};

class GetBalance {
 public:
  using Ports = Transactions<Ledger>;

  GetBalance(Ports transactions, const ExchangeRateSource& rates)
      : transactions_(std::move(transactions)), rates_(rates) {}
  Result<Money> operator()(const GetBalanceCommand& command);

 private:
  Ports transactions_;
  const ExchangeRateSource& rates_;
};

}  // namespace artshop
