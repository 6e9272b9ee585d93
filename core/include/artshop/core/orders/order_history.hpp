#pragma once

#include <string>
#include <vector>

#include "artshop/core/orders/order.hpp"
#include "artshop/core/orders/repositories.hpp"

namespace artshop {

// An order as its buyer's history shows it, with the numbers of the gift cards it bought.
struct OrderHistoryItem {
  Order order;
  std::vector<std::string> gift_card_numbers;  // grouped by 4
};

// `order` with the grouped numbers of the gift cards it bought (none until it is paid).
OrderHistoryItem history_item(GiftCardRepository& gift_cards, Order order);

}  // namespace artshop
