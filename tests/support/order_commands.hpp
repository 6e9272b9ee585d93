#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "artshop/core/orders/place_order.hpp"

namespace artshop::testing {

// An order in euros by Ann of Oslo, who agreed to the terms: the pictures of `lines` and a
// gift card worth `gift_card` euro cents (none for 0), paid from the balance or by the
// provider.
inline PlaceOrderCommand order_of(UserId user, std::vector<CartLine> lines, std::int64_t gift_card,
                                  bool by_balance) {
  return {.user = user,
          .names = {.first_name = "Ann", .last_name = "Example"},
          .billing = {.country = "NO",
                      .state = "",
                      .city = "Oslo",
                      .address1 = "Karl Johans gate 1",
                      .zip_code = "0154"},
          .cart_items = std::move(lines),
          .gift_card_amount = Money(gift_card, Currency::EUR).amount_text(),
          .currency = "EUR",
          .agreed_to_terms = true,
          .pay_by_balance = by_balance,
          .browser = {},
          .urls = {}};
}

}  // namespace artshop::testing
