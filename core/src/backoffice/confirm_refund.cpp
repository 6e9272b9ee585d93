#include "artshop/core/backoffice/confirm_refund.hpp"

#include <algorithm>

#include "artshop/core/backoffice/refund_order.hpp"

namespace artshop {

Result<HandledPaymentEvent> ConfirmRefund::operator()(const PaymentEvent& event) {
  const auto now = std::chrono::floor<std::chrono::seconds>(clock_.now());
  return transactions_.write([&](Ports::Scope& tx) -> Result<HandledPaymentEvent> {
    auto& refunds = tx.get<RefundRepository>();
    auto& audit = tx.get<AuditLog>();
    // The refund of ours the event names, when it names one.
    std::optional<Refund> ours;
    if (const auto id = parse_refund_reference(event.refund_reference)) ours = refunds.find(*id);
    const auto payment = tx.get<PaymentRepository>().find_by_reference(event.reference);
    const auto order =
        payment ? tx.get<OrderRepository>().find_by_payment(payment->id) : std::optional<Order>();
    if (!ours && !order) return std::unexpected(Error::not_found("refund of an unknown payment"));
    if (!tx.get<PaymentEventRepository>().record(event, now)) {
      return HandledPaymentEvent{.outcome = PaymentEventOutcome::AlreadyProcessed,
                                 .order = std::nullopt,
                                 .gift_card_numbers = {}};
    }
    HandledPaymentEvent handled{.outcome = PaymentEventOutcome::RefundConfirmed,
                                .order = ours ? ours->order : order->id,
                                .gift_card_numbers = {}};
    if (ours) {
      if (!refunds.update_status(ours->id, RefundStatus::Pending, RefundStatus::Succeeded)) {
        handled.outcome = PaymentEventOutcome::NothingToDo;
        return handled;
      }
      if (!event.provider_refund.empty() && ours->provider_reference.empty()) {
        refunds.set_provider_reference(ours->id, event.provider_refund);
      }
      ours->status = RefundStatus::Succeeded;
      auto record = refunds_detail::refund_audit(std::nullopt, "provider", "order.refund_confirmed",
                                                 *ours, now);
      record.before = audit_values({{"status", "pending"}});
      audit.append(record);
      return handled;
    }
    // Made at the provider: what it gave back, never more than is left of the order.
    const auto left = order->total().minor_units() - order->refunded_minor;
    const auto asked = event.amount && event.amount->currency() == order->payment.currency
                           ? event.amount->minor_units()
                           : 0;
    const auto amount = std::min(asked, left);
    if (amount <= 0) {
      handled.outcome = PaymentEventOutcome::NothingToDo;
      return handled;
    }
    Refund refund{.id = {},
                  .order = order->id,
                  .at = now,
                  .staff = std::nullopt,
                  .staff_email = {},
                  .amount = Money(amount, order->payment.currency),
                  .reason = "Refunded at the payment provider.",
                  .lines = {},
                  .gift_cards = {},
                  .return_to_sale = false,
                  .status = RefundStatus::Succeeded,
                  .source = RefundSource::Provider,
                  .idempotency_key = {},
                  .request_hash = {},
                  .provider_reference = event.provider_refund,
                  .gift_cards_minor = 0};
    const auto id = refunds.insert(refund);
    if (!id || !refunds.add_refunded(order->id, amount)) {
      return std::unexpected(Error::conflict("the order's refunds moved meanwhile"));
    }
    refund.id = *id;
    if (auto posted = refunds_detail::post_reversal(tx.get<Ledger>(), *order, refund, now);
        !posted) {
      return std::unexpected(posted.error());
    }
    audit.append(refunds_detail::refund_audit(std::nullopt, "provider", "order.refund_confirmed",
                                              refund, now));
    return handled;
  });
}

}  // namespace artshop
