#pragma once

#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/orders/gift_card.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/ports/random_source.hpp"

namespace artshop {

// Draws a number for `card` until one is unused, stores the card and answers it with its
// number, digest and id: how an order's cards and a goodwill card are both made. An internal
// error when every draw collided (at 80 random bits they do not).
Result<GiftCard> store_gift_card(GiftCardRepository& gift_cards, RandomSource& random,
                                 const TokenHasher& digests, GiftCard card);

}  // namespace artshop
