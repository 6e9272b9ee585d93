#include "artshop/core/orders/get_balance.hpp"

#include "artshop/core/orders/ledger.hpp"

namespace artshop {

Result<Money> GetBalance::operator()(const GetBalanceCommand& command) {
  const auto rates = rates_.current();
  const auto currency = parse_currency(command.currency);
  const auto rate = currency ? rates.rate(*currency) : std::nullopt;
  if (!currency || !rate) {
    return std::unexpected(Error::validation("currency", "This currency is not supported."));
  }
  return transactions_.read([&](Ports::Scope& tx) -> Result<Money> {
    const auto balance =
        from_micro_eur(tx.get<Ledger>().customer_balance(command.user), *currency, *rate);
    if (!balance) return std::unexpected(Error::internal(std::string(describe(balance.error()))));
    return *balance;
  });
}

}  // namespace artshop
