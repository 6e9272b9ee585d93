#pragma once

#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/orders/gift_card.hpp"
#include "artshop/sql/connection.hpp"

namespace artshop::sql {

struct Resealed {
  int cards = 0;                  // gift cards rewritten
  bool plain_text_found = false;  // some numbers were still stored in plain text
};

// Brings every gift card under the current keys, inside the caller's write transaction:
// numbers still in plain text (stored before numbers were sealed) and numbers sealed under an
// older key are sealed with `cipher`'s current key and re-digested with `lookup`. Throws
// DatabaseError when a sealed number names a key `cipher` does not hold.
Resealed reseal_gift_card_numbers(Connection& connection, const GiftCardNumberCipher& cipher,
                                  const TokenHasher& lookup);

}  // namespace artshop::sql
