#include "artshop/core/orders/order_history.hpp"

#include <utility>

#include "artshop/core/orders/gift_card.hpp"

namespace artshop {

OrderHistoryItem history_item(GiftCardRepository& gift_cards, Order order) {
  OrderHistoryItem item{std::move(order), {}};
  for (const auto& card : gift_cards.list_for_order(item.order.id)) {
    item.gift_card_numbers.push_back(group_gift_card_number(card.number));
  }
  return item;
}

}  // namespace artshop
