#pragma once

#include "artshop/core/backoffice/refund.hpp"
#include "artshop/core/backoffice/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/orders/handle_payment_event.hpp"
#include "artshop/core/orders/payment_gateway.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/transactions.hpp"
#include "artshop/core/staff/audit.hpp"

namespace artshop {

// A refund event from the provider's webhook (charge.refunded). Once per event id, recorded in
// the transaction of its effect: a refund of ours moves from pending to succeeded (a guarded
// move: delivered twice, it succeeds once), audited `order.refund_confirmed` with no actor.
// A refund made at the provider that we did not ask for (its dashboard) is recorded as
// `source: provider`, succeeded, capped at what is left to refund of the order, with its ledger
// reversal. An event naming no payment of ours is NotFound.
class ConfirmRefund {
 public:
  using Ports = Transactions<PaymentEventRepository, PaymentRepository, OrderRepository,
                             RefundRepository, Ledger, AuditLog>;

  ConfirmRefund(Ports transactions, const Clock& clock)
      : transactions_(std::move(transactions)), clock_(clock) {}

  Result<HandledPaymentEvent> operator()(const PaymentEvent& event);

 private:
  Ports transactions_;
  const Clock& clock_;
};

}  // namespace artshop
