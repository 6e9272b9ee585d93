#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/catalogue/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/orders/fulfil_paid_order.hpp"
#include "artshop/core/orders/payment_gateway.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/mail_outbox.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

enum class PaymentEventOutcome : std::uint8_t {
  OrderFulfilled,   // a Pending order became Paid and was fulfilled
  OrderFailed,      // a Pending order became Failed
  DepositCredited,  // a Pending deposit became Paid and the balance grew
  DepositFailed,
  CreditedToBalance,  // money arrived for a payment no longer Pending: kept as balance
  NothingToDo,        // a failure for something already settled, or a settled reference paid again
  AlreadyProcessed,   // this event id was handled before
  RefundConfirmed,    // the provider made a refund: ours is succeeded, or one it made is recorded
};

struct HandledPaymentEvent {
  PaymentEventOutcome outcome = PaymentEventOutcome::NothingToDo;
  std::optional<OrderId> order;
  std::vector<std::string> gift_card_numbers;  // issued by this event, grouped (to mail)
};

// A verified webhook event. Each event id is acted on once, in the same transaction as its
// effect, so re-deliveries (even concurrent ones) change nothing. The event's reference names
// one payment, which moves through the one state machine; what it pays for (an order, a
// deposit) then decides the effect. Unknown references are NotFound and leave the event
// unrecorded. A Paid order is fulfilled in the same transaction (FulfilPaidOrder, which also
// queues the numbers of the gift cards it issues for the buyer). Its ports are its own and
// those FulfilPaidOrder writes through its transaction.
class HandlePaymentEvent {
 public:
  using Ports =
      Transactions<PaymentEventRepository, PaymentRepository, OrderRepository, AccountRepository,
                   ArtworkRepository, OfferRepository, GiftCardRepository, Ledger, MailOutbox>;

  HandlePaymentEvent(Ports transactions, const FulfilPaidOrder& fulfil, const Clock& clock)
      : transactions_(std::move(transactions)), fulfil_(fulfil), clock_(clock) {}
  Result<HandledPaymentEvent> operator()(const PaymentEvent& event);

 private:
  Ports transactions_;
  const FulfilPaidOrder& fulfil_;
  const Clock& clock_;
};

// What became of a webhook delivery that is acknowledged (HTTP 200), so the provider stops

}  // namespace artshop
