#include "artshop/core/backoffice/get_order_for_staff.hpp"

#include <fmt/format.h>

#include "artshop/core/staff/staff_services.hpp"
#include "refund_items.hpp"

namespace artshop {

Result<StaffOrderDetail> GetOrderForStaff::operator()(const StaffActor& actor, OrderId id) {
  if (auto allowed = require_permission(actor, StaffPermission::ViewOrders); !allowed) {
    return std::unexpected(allowed.error());
  }
  return transactions_.read([&](Ports::Scope& tx) -> Result<StaffOrderDetail> {
    auto order = tx.get<OrderRepository>().find(id);
    if (!order) {
      return std::unexpected(Error::not_found(
          ValidationErrors(ValidationErrors::kGeneral, std::string(refund_messages::kNoSuchOrder)),
          "no such order"));
    }
    StaffOrderDetail detail{.order = std::move(*order)};
    const auto& payment = detail.order.payment;
    if (const auto buyer = tx.get<AccountRepository>().find_by_id(payment.user)) {
      detail.email = buyer->email;
      detail.first_name = buyer->first_name;
      detail.last_name = buyer->last_name;
    }
    auto& refunds = tx.get<RefundRepository>();
    detail.refunds = refunds.list_for_order(id);
    const auto refundable =
        refunds_detail::refundable_order(detail.order, tx.get<GiftCardRepository>(), refunds);
    detail.refunded_lines = refundable.refunded_lines;

    const auto cards = tx.get<GiftCardRepository>().list_for_order(id);
    for (std::size_t i = 0; i < detail.order.gift_cards.size(); ++i) {
      StaffOrderGiftCard line{.amount =
                                  Money(detail.order.gift_cards[i].amount_minor, payment.currency)};
      if (i < cards.size() && i < refundable.gift_cards.size()) {
        line.id = refundable.gift_cards[i].id;
        line.card = cards[i];
        line.voided = refundable.gift_cards[i].voided;
      }
      detail.gift_cards.push_back(std::move(line));
    }

    std::vector<std::string> references{fmt::format("order:{}", payment.reference),
                                        fmt::format("late-payment:{}", payment.reference)};
    for (const auto& refund : detail.refunds) {
      references.push_back(refund_posting_reference(refund.id));
      references.push_back(refund_failed_posting_reference(refund.id));
    }
    auto& reads = tx.get<StaffOrderReads>();
    detail.ledger = reads.postings(references);
    detail.artworks = reads.artworks_of(id);
    detail.payment_history = reads.payment_history(payment.id);
    detail.webhook_events = reads.webhook_events(payment.reference);
    detail.mails = reads.mails_about(order_object(id));
    return detail;
  });
}

}  // namespace artshop
