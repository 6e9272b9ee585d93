#include "artshop/core/orders/get_deposit.hpp"

namespace artshop {

Result<Payment> GetDeposit::operator()(UserId caller, PaymentId id) {
  return transactions_.read([&](Ports::Scope& tx) -> Result<Payment> {
    auto deposit = tx.get<PaymentRepository>().find(id);
    if (!deposit || deposit->purpose != PaymentPurpose::Deposit || deposit->user != caller) {
      return std::unexpected(Error::not_found("no such deposit"));
    }
    return std::move(*deposit);
  });
}

}  // namespace artshop
