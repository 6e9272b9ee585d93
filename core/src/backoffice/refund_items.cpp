#include "refund_items.hpp"

#include <fmt/format.h>

#include "artshop/core/backoffice/refund_order.hpp"

namespace artshop::refunds_detail {

RefundableOrder refundable_order(const Order& order, GiftCardRepository& gift_cards,
                                 RefundRepository& refunds) {
  RefundableOrder refundable{.order = order,
                             .gift_cards = {},
                             .refunded_lines = {},
                             .refunded_gift_cards = {},
                             .refunded_minor = order.refunded_minor};
  for (const auto& card : gift_cards.list_for_order(order.id)) {
    refundable.gift_cards.push_back({.id = card.id.value,
                                     .amount_minor = card.bought.minor_units(),
                                     .redeemed = card.redeemed_by.has_value(),
                                     .voided = card.voided_at.has_value()});
  }
  for (const auto& refund : refunds.list_for_order(order.id)) {
    if (refund.status == RefundStatus::Failed) continue;
    refundable.refunded_lines.insert(refund.lines.begin(), refund.lines.end());
    refundable.refunded_gift_cards.insert(refund.gift_cards.begin(), refund.gift_cards.end());
  }
  return refundable;
}

Result<void> apply_refund_effects(const Order& order, const Refund& refund,
                                  GiftCardRepository& gift_cards, RefundRepository& refunds,
                                  std::chrono::sys_seconds now) {
  // The guard of a redemption racing the refund: a card redeemed since the rules were read is
  // not voided, and the whole refund rolls back.
  for (const auto card : refund.gift_cards) {
    if (!gift_cards.void_card(GiftCardId{card}, now)) {
      return std::unexpected(Error::validation(
          "giftCards",
          fmt::format("Gift card {} was redeemed already: it cannot be refunded.", card)));
    }
  }
  refunds.revoke_artworks(order.id, attributes_of(order, refund.lines), true);
  if (refund.return_to_sale) {
    for (const int number : refund.lines) {
      const auto& line = order.lines[static_cast<std::size_t>(number - 1)];
      if (line.licence == Licence::ExclusiveCommercial) refunds.return_to_sale(line.offer);
    }
  }
  return {};
}

}  // namespace artshop::refunds_detail
