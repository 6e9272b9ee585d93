#include "artshop/core/orders/handle_payment_event.hpp"

#include <fmt/format.h>

#include "settlement.hpp"

namespace artshop {

namespace {

using orders_detail::seconds;

struct Context {
  PaymentRepository& payments;
  OrderRepository& orders;
  FulfilPaidOrder::Ports fulfilment;
  const FulfilPaidOrder& fulfil;
  std::chrono::sys_seconds now;
};

// A Paid order's purchases become real; the buyer gets the numbers of the gift cards it
// bought (queued in the outbox, mailed after the commit).
Result<HandledPaymentEvent> fulfil_order(Context& context, const Order& order,
                                         HandledPaymentEvent handled) {
  auto numbers = context.fulfil(context.fulfilment, order, Funding::Provider, context.now);
  if (!numbers) return std::unexpected(numbers.error());
  handled.outcome = PaymentEventOutcome::OrderFulfilled;
  handled.gift_card_numbers = std::move(*numbers);
  return handled;
}

Result<HandledPaymentEvent> credit_deposit(Context& context, const Payment& deposit,
                                           HandledPaymentEvent handled) {
  const auto micro = to_micro_eur(deposit.amount(), deposit.rate);
  if (!micro) return std::unexpected(Error::internal(std::string(describe(micro.error()))));
  Posting::Builder posting(fmt::format("deposit:{}", deposit.reference), context.now);
  posting.debit(LedgerAccount::provider_cash(), *micro, deposit.amount(), deposit.rate)
      .credit(LedgerAccount::customer(deposit.user), *micro, deposit.amount(), deposit.rate);
  if (auto posted = orders_detail::post(context.fulfilment.ledger, posting); !posted) {
    return std::unexpected(posted.error());
  }
  handled.outcome = PaymentEventOutcome::DepositCredited;
  return handled;
}

// The payment moves through the state machine first, whatever it pays for; only then does
// its purpose decide the effect. `order` is what an order payment pays for.
Result<HandledPaymentEvent> settle(Context& context, Payment payment, std::optional<Order> order,
                                   PaymentOutcome outcome) {
  HandledPaymentEvent handled{.outcome = PaymentEventOutcome::NothingToDo,
                              .order = order ? std::optional(order->id) : std::nullopt,
                              .gift_card_numbers = {}};
  const auto target = outcome == PaymentOutcome::Paid ? PaymentStatus::Paid : PaymentStatus::Failed;
  const auto before = payment.status;
  if (!orders_detail::settle(context.payments, payment, target, context.now,
                             PaymentChangeSource::Webhook)) {
    // Paid after it failed or expired: the money is the customer's, so it becomes balance.
    if (outcome == PaymentOutcome::Failed || before == PaymentStatus::Paid) return handled;
    auto credited =
        orders_detail::credit_late_payment(context.fulfilment.ledger, payment, context.now);
    if (!credited) return std::unexpected(credited.error());
    if (*credited) handled.outcome = PaymentEventOutcome::CreditedToBalance;
    return handled;
  }
  const bool paid = outcome == PaymentOutcome::Paid;
  switch (payment.purpose) {
    case PaymentPurpose::Order:
      if (!order) return std::unexpected(Error::internal("an order's payment pays for no order"));
      if (paid) {
        order->payment = std::move(payment);
        return fulfil_order(context, *order, std::move(handled));
      }
      context.orders.release_reservations(order->id);
      handled.outcome = PaymentEventOutcome::OrderFailed;
      return handled;
    case PaymentPurpose::Deposit:
      if (paid) return credit_deposit(context, payment, std::move(handled));
      handled.outcome = PaymentEventOutcome::DepositFailed;
      return handled;
  }
  return handled;
}

// A provider that reports taking another amount than we asked for is a fault for a human to
// look at: nothing is changed and the event stays unrecorded, so it is handled on a later
// delivery once resolved.
Result<void> check_amount(const PaymentEvent& event, Money expected) {
  if (event.outcome != PaymentOutcome::Paid || !event.amount || *event.amount == expected) {
    return {};
  }
  return std::unexpected(
      Error::conflict(fmt::format("payment {} reports {} for {}", event.reference,
                                  event.amount->to_string(), expected.to_string())));
}

}  // namespace

Result<HandledPaymentEvent> HandlePaymentEvent::operator()(const PaymentEvent& event) {
  if (event.event_id.empty() || event.reference.empty()) {
    return std::unexpected(
        Error::validation("event", "A payment event needs an id and a reference."));
  }
  const auto now = seconds(clock_.now());
  return transactions_.write([&](Ports::Scope& tx) -> Result<HandledPaymentEvent> {
    // Recorded in the same transaction as the effect: a re-delivery either waits for this
    // one to commit and then finds the id, or finds nothing because this one rolled back.
    if (!tx.get<PaymentEventRepository>().record(event, now)) {
      return HandledPaymentEvent{.outcome = PaymentEventOutcome::AlreadyProcessed,
                                 .order = std::nullopt,
                                 .gift_card_numbers = {}};
    }
    const auto payment = tx.get<PaymentRepository>().find_by_reference(event.reference);
    if (!payment) return std::unexpected(Error::not_found("no payment has this reference"));
    if (auto checked = check_amount(event, payment->amount()); !checked) {
      return std::unexpected(checked.error());
    }
    // The provider's id of the money is what a refund names later; kept with the payment
    // whatever the event does to it (money that lands late may be refunded too).
    if (event.outcome == PaymentOutcome::Paid && !event.provider_payment.empty() &&
        payment->provider_payment.empty()) {
      tx.get<PaymentRepository>().set_provider_payment(payment->id, event.provider_payment);
    }
    const auto order = payment->purpose == PaymentPurpose::Order
                           ? tx.get<OrderRepository>().find_by_payment(payment->id)
                           : std::nullopt;
    Context context{.payments = tx.get<PaymentRepository>(),
                    .orders = tx.get<OrderRepository>(),
                    .fulfilment = FulfilPaidOrder::Ports::of(tx),
                    .fulfil = fulfil_,
                    .now = now};
    return settle(context, *payment, order, event.outcome);
  });
}

}  // namespace artshop
