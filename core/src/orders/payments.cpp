#include "artshop/core/orders/payments.hpp"

#include <fmt/format.h>

#include "settlement.hpp"

namespace artshop {
namespace {

using orders_detail::seconds;

struct Context {
  Repositories& repos;
  RandomSource& random;
  const TokenHasher& digests;
  std::chrono::sys_seconds now;
};

Result<HandledPaymentEvent> settle_order(Context& context, Order order, PaymentOutcome outcome) {
  auto& repos = context.repos;
  HandledPaymentEvent handled{
      .outcome = PaymentEventOutcome::NothingToDo, .order = order.id, .gift_card_numbers = {}};
  const auto target = outcome == PaymentOutcome::Paid ? PaymentStatus::Paid : PaymentStatus::Failed;
  const bool movable = transition(order.status, target).has_value() &&
                       repos.orders.update_status(order.id, order.status, target, context.now);
  if (outcome == PaymentOutcome::Failed) {
    if (!movable) return handled;
    repos.orders.release_reservations(order.id);
    handled.outcome = PaymentEventOutcome::OrderFailed;
    return handled;
  }
  if (movable) {
    order.status = PaymentStatus::Paid;
    order.settled_at = context.now;
    auto numbers = orders_detail::fulfil(repos, order, orders_detail::Funding::Provider,
                                         context.random, context.digests, context.now);
    if (!numbers) return std::unexpected(numbers.error());
    handled.outcome = PaymentEventOutcome::OrderFulfilled;
    handled.gift_card_numbers = std::move(*numbers);
    return handled;
  }
  // Paid after it failed or expired: the money is the customer's, so it becomes balance.
  if (order.status == PaymentStatus::Paid) return handled;
  auto credited = orders_detail::credit_late_payment(repos, order.payment_reference, order.user,
                                                     order.total(), order.rate, context.now);
  if (!credited) return std::unexpected(credited.error());
  if (*credited) handled.outcome = PaymentEventOutcome::CreditedToBalance;
  return handled;
}

Result<HandledPaymentEvent> settle_deposit(Context& context, const Deposit& deposit,
                                           PaymentOutcome outcome) {
  auto& repos = context.repos;
  HandledPaymentEvent handled;
  const auto target = outcome == PaymentOutcome::Paid ? PaymentStatus::Paid : PaymentStatus::Failed;
  const bool movable =
      transition(deposit.status, target).has_value() &&
      repos.deposits.update_status(deposit.id, deposit.status, target, context.now);
  if (outcome == PaymentOutcome::Failed) {
    if (movable) handled.outcome = PaymentEventOutcome::DepositFailed;
    return handled;
  }
  if (movable) {
    const auto micro = to_micro_eur(deposit.amount(), deposit.rate);
    if (!micro) return std::unexpected(Error::internal(std::string(describe(micro.error()))));
    Posting::Builder posting(fmt::format("deposit:{}", deposit.payment_reference), context.now);
    posting.debit(LedgerAccount::provider_cash(), *micro, deposit.amount(), deposit.rate)
        .credit(LedgerAccount::customer(deposit.user), *micro, deposit.amount(), deposit.rate);
    if (auto posted = orders_detail::post(repos.ledger, posting); !posted) {
      return std::unexpected(posted.error());
    }
    handled.outcome = PaymentEventOutcome::DepositCredited;
    return handled;
  }
  if (deposit.status == PaymentStatus::Paid) return handled;
  auto credited = orders_detail::credit_late_payment(repos, deposit.payment_reference, deposit.user,
                                                     deposit.amount(), deposit.rate, context.now);
  if (!credited) return std::unexpected(credited.error());
  if (*credited) handled.outcome = PaymentEventOutcome::CreditedToBalance;
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
  std::optional<EmailMessage> mail;
  auto handled = transactions_.write([&](Repositories& repos) -> Result<HandledPaymentEvent> {
    // Recorded in the same transaction as the effect: a re-delivery either waits for this
    // one to commit and then finds the id, or finds nothing because this one rolled back.
    if (!repos.payment_events.record(event.event_id, now)) {
      return HandledPaymentEvent{.outcome = PaymentEventOutcome::AlreadyProcessed,
                                 .order = std::nullopt,
                                 .gift_card_numbers = {}};
    }
    Context context{repos, random_, digests_, now};
    if (auto order = repos.orders.find_by_reference(event.reference)) {
      if (auto checked = check_amount(event, order->total()); !checked) {
        return std::unexpected(checked.error());
      }
      auto settled = settle_order(context, *order, event.outcome);
      if (settled && !settled->gift_card_numbers.empty()) {
        const auto buyer = repos.accounts.find_by_id(order->user);
        if (buyer) {
          mail = orders_detail::gift_card_mail(buyer->email, *order, settled->gift_card_numbers);
        }
      }
      return settled;
    }
    if (auto deposit = repos.deposits.find_by_reference(event.reference)) {
      if (auto checked = check_amount(event, deposit->amount()); !checked) {
        return std::unexpected(checked.error());
      }
      return settle_deposit(context, *deposit, event.outcome);
    }
    return std::unexpected(Error::not_found("no order or deposit has this payment reference"));
  });
  if (handled && mail) mailer_.send(*mail);
  return handled;
}

Result<ExpiredPayments> ExpireUnpaidOrders::operator()() {
  const auto now = seconds(clock_.now());
  return transactions_.write([&](Repositories& repos) -> Result<ExpiredPayments> {
    ExpiredPayments expired;
    for (const auto id : repos.orders.pending_expired(now)) {
      if (!repos.orders.update_status(id, PaymentStatus::Pending, PaymentStatus::Expired, now)) {
        continue;
      }
      repos.orders.release_reservations(id);
      ++expired.orders;
    }
    for (const auto id : repos.deposits.pending_expired(now)) {
      if (repos.deposits.update_status(id, PaymentStatus::Pending, PaymentStatus::Expired, now)) {
        ++expired.deposits;
      }
    }
    return expired;
  });
}

Result<ReceivedWebhook> ReceivePaymentWebhook::operator()(std::string_view body,
                                                          const HeaderLookup& header) {
  const auto signature = header(gateway_.signature_header()).value_or("");
  const auto event = gateway_.parse_webhook(body, signature, clock_.now());
  if (!event) {
    switch (event.error()) {
      case WebhookError::Ignored:
        return ReceivedWebhook{};
      case WebhookError::BadSignature: {
        auto error = Error::general(std::string(kBadSignature));
        error.detail = "payment webhook with a bad signature";
        return std::unexpected(std::move(error));
      }
      case WebhookError::Malformed: {
        auto error = Error::general(std::string(kUnreadable));
        error.detail = "signed payment webhook that is not an event we can read";
        return std::unexpected(std::move(error));
      }
    }
  }
  ReceivedWebhook received{.receipt = WebhookReceipt::Handled,
                           .event_id = event->event_id,
                           .reference = event->reference,
                           .outcome = PaymentEventOutcome::NothingToDo};
  auto handled = handle_(*event);
  if (handled) {
    received.outcome = handled->outcome;
    return received;
  }
  auto error = std::move(handled.error());
  if (error.kind == ErrorKind::NotFound) {
    received.receipt = WebhookReceipt::UnknownReference;
    return received;
  }
  error.detail = fmt::format("payment event {}: {}", event->event_id, error.detail);
  return std::unexpected(std::move(error));
}

}  // namespace artshop
