#include "artshop/core/orders/store_gift_card.hpp"

namespace artshop {
namespace {

// A fresh number clashes with a stored one about never; a few more draws make a failure
// practically impossible without looping forever on a broken random source.
constexpr int kNumberAttempts = 5;

}  // namespace

Result<GiftCard> store_gift_card(GiftCardRepository& gift_cards, RandomSource& random,
                                 const TokenHasher& digests, GiftCard card) {
  for (int attempt = 0; attempt < kNumberAttempts; ++attempt) {
    card.number = generate_gift_card_number(random);
    card.number_digest = digests.digest(card.number);
    if (const auto id = gift_cards.insert(card)) {
      card.id = *id;
      return card;
    }
  }
  return std::unexpected(Error::internal("no unused gift card number was drawn"));
}

}  // namespace artshop
