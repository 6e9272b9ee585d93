#pragma once

#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/orders/gift_card.hpp"
#include "artshop/sqlite/connection.hpp"

namespace artshop::sqlite {

// Brings every gift card under the current keys, in one write transaction: numbers still in
// plain text (stored before numbers were sealed) and numbers sealed under an older key are
// sealed with `cipher`'s current key and re-digested with `lookup`. When plain text was
// converted, the file is vacuumed so no copy of it lingers in free pages. Run at start,
// before serving. Answers how many cards were rewritten; throws DatabaseError when a sealed
// number names a key `cipher` does not hold.
int protect_gift_card_numbers(Connection& connection, const GiftCardNumberCipher& cipher,
                              const TokenHasher& lookup);

}  // namespace artshop::sqlite
