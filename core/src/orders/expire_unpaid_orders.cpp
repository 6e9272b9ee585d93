#include "artshop/core/orders/expire_unpaid_orders.hpp"

#include "settlement.hpp"

namespace artshop {

using orders_detail::seconds;

Result<ExpiredPayments> ExpireUnpaidOrders::operator()() {
  const auto now = seconds(clock_.now());
  return transactions_.write([&](Ports::Scope& tx) -> Result<ExpiredPayments> {
    auto& payments = tx.get<PaymentRepository>();
    auto& orders = tx.get<OrderRepository>();
    ExpiredPayments expired;
    for (auto payment : payments.pending_expired(now)) {
      if (!orders_detail::settle(payments, payment, PaymentStatus::Expired, now,
                                 PaymentChangeSource::Expiry)) {
        continue;
      }
      switch (payment.purpose) {
        case PaymentPurpose::Order:
          if (const auto order = orders.find_by_payment(payment.id)) {
            orders.release_reservations(order->id);
          }
          ++expired.orders;
          break;
        case PaymentPurpose::Deposit:
          ++expired.deposits;
          break;
      }
    }
    return expired;
  });
}

}  // namespace artshop
