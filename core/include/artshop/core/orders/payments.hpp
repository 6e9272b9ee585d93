#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/catalogue/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/orders/payment_gateway.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/mail_outbox.hpp"
#include "artshop/core/ports/random_source.hpp"
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
// unrecorded. Gift-card numbers an event issues are queued in the outbox for the buyer in the
// same transaction, and mailed after the commit (they also stay in the order history).
class HandlePaymentEvent {
 public:
  using Ports =
      Transactions<PaymentEventRepository, PaymentRepository, OrderRepository, AccountRepository,
                   ArtworkRepository, OfferRepository, GiftCardRepository, Ledger, MailOutbox>;

  HandlePaymentEvent(Ports transactions, RandomSource& random, const TokenHasher& digests,
                     const Clock& clock)
      : transactions_(std::move(transactions)), random_(random), digests_(digests), clock_(clock) {}
  Result<HandledPaymentEvent> operator()(const PaymentEvent& event);

 private:
  Ports transactions_;
  RandomSource& random_;
  const TokenHasher& digests_;
  const Clock& clock_;
};

// What became of a webhook delivery that is acknowledged (HTTP 200), so the provider stops
// re-sending it.
enum class WebhookReceipt : std::uint8_t {
  Handled,           // acted on, or needing no action: see `outcome`
  Ignored,           // a well-formed event of a kind that needs no action
  UnknownReference,  // names none of our payments
};

struct ReceivedWebhook {
  WebhookReceipt receipt = WebhookReceipt::Ignored;
  std::string event_id;  // empty when Ignored
  std::string reference;
  PaymentEventOutcome outcome = PaymentEventOutcome::NothingToDo;  // when Handled
};

// POST /api/payments/webhook: verifies a delivery through the gateway (the signature the caller
// read from where the gateway says it travels, over the raw body), reads its event and hands it to
// HandlePaymentEvent. A provider re-sends a delivery until it is acknowledged, for days, so
// everything understood and acted on (or needing no action, or naming an unknown reference)
// is acknowledged; a bad signature or an unreadable event is a general validation error
// (re-sending will not fix it); a conflict (the provider reports another amount than asked
// for) and a fault stay errors, re-sent until a human or a retry resolves them. Error details
// name the event, for the log.
class ReceivePaymentWebhook {
 public:
  static constexpr std::string_view kBadSignature = "The webhook signature is not valid.";
  static constexpr std::string_view kUnreadable = "The webhook is not a readable event.";

  ReceivePaymentWebhook(PaymentGateway& gateway, HandlePaymentEvent& handle, const Clock& clock)
      : gateway_(gateway), handle_(handle), clock_(clock) {}
  // `signature` is empty when the delivery carries none.
  Result<ReceivedWebhook> operator()(std::string_view body, std::string_view signature);
  // Where the gateway's deliveries carry their signature ("Stripe-Signature").
  std::string_view signature_header() const { return gateway_.signature_header(); }

 private:
  PaymentGateway& gateway_;
  HandlePaymentEvent& handle_;
  const Clock& clock_;
};

// How many payments expired, by what they were for.
struct ExpiredPayments {
  int orders = 0;
  int deposits = 0;
};

// Pending payments whose 30 minutes have passed become Expired; the orders they were for
// release their exclusive pictures. Run periodically.
class ExpireUnpaidOrders {
 public:
  using Ports = Transactions<PaymentRepository, OrderRepository>;

  ExpireUnpaidOrders(Ports transactions, const Clock& clock)
      : transactions_(std::move(transactions)), clock_(clock) {}
  Result<ExpiredPayments> operator()();

 private:
  Ports transactions_;
  const Clock& clock_;
};

}  // namespace artshop
