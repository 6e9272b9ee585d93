#include "artshop/sql/gift_card_numbers.hpp"

#include <string>
#include <vector>

namespace artshop::sql {

Resealed reseal_gift_card_numbers(Connection& connection, const GiftCardNumberCipher& cipher,
                                  const TokenHasher& lookup) {
  struct Stale {
    std::string digest;
    std::string number;
  };
  std::vector<Stale> stale;
  Resealed resealed;
  auto rows = connection.prepare(
      "SELECT number_digest, number, number_key_id, number_sealed FROM gift_cards "
      "WHERE number IS NOT NULL OR number_key_id IS DISTINCT FROM ?1");
  rows.bind(1, cipher.current_key_id());
  while (rows.step()) {
    auto number = rows.column_optional_text(1);
    resealed.plain_text_found = resealed.plain_text_found || number.has_value();
    if (!number) {
      number = cipher.open({.key_id = rows.column_text(2), .text = rows.column_text(3)});
      if (!number) {
        throw DatabaseError(0, "a gift card is sealed under key " + rows.column_text(2) +
                                   ", which is not configured (gift_card_previous_keys)");
      }
    }
    stale.push_back({rows.column_text(0), std::move(*number)});
  }
  for (const auto& card : stale) {
    const auto sealed = cipher.seal(card.number);
    connection
        .prepare(
            "UPDATE gift_cards SET number_digest = ?2, number = NULL, number_key_id = ?3, "
            "number_sealed = ?4 WHERE number_digest = ?1")
        .bind(1, card.digest)
        .bind(2, lookup.digest(card.number))
        .bind(3, sealed.key_id)
        .bind(4, sealed.text)
        .run();
  }
  resealed.cards = static_cast<int>(stale.size());
  return resealed;
}

}  // namespace artshop::sql
