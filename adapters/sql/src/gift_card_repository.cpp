#include <stdexcept>

#include "artshop/sql/order_repositories.hpp"
#include "row_values.hpp"

namespace artshop::sql {

using std::chrono::sys_seconds;

namespace {

constexpr std::string_view kGiftCardSelect =
    "SELECT number_digest, number_key_id, number_sealed, order_id, buyer_id, value_micro_eur, "
    "bought_minor, bought_currency, rate_scaled, issued_at, redeemed_by, redeemed_at "
    "FROM gift_cards ";

}  // namespace

const GiftCardNumberCipher& SqlGiftCardRepository::cipher() const {
  if (cipher_ == nullptr) throw std::logic_error("gift-card numbers are stored only sealed");
  return *cipher_;
}

GiftCard SqlGiftCardRepository::card_from_row(const Statement& row) const {
  // Plain text left by an older version is sealed at start, before anything reads it.
  const auto key_id = row.column_optional_text(1);
  auto number =
      key_id ? cipher().open({.key_id = *key_id, .text = row.column_text(2)}) : std::nullopt;
  if (!number) throw DatabaseError(0, "a gift-card number cannot be opened with the known keys");
  const auto redeemed_by = row.column_optional_int(10);
  return {.number_digest = row.column_text(0),
          .number = std::move(*number),
          .order = OrderId{row.column_int(3)},
          .buyer = UserId{row.column_int(4)},
          .value_micro_eur = row.column_int(5),
          .bought = Money(row.column_int(6),
                          decode(parse_currency, row, 7, "gift_cards", "bought_currency")),
          .rate = Rate{row.column_int(8)},
          .issued_at = from_epoch(row.column_int(9)),
          .redeemed_by = redeemed_by ? std::optional<UserId>(UserId{*redeemed_by}) : std::nullopt,
          .redeemed_at = from_optional_epoch(row.column_optional_int(11))};
}

bool SqlGiftCardRepository::insert(const GiftCard& card) {
  const auto sealed = cipher().seal(card.number);
  db_.prepare(
         "INSERT INTO gift_cards (number_digest, number_key_id, number_sealed, order_id, "
         "buyer_id, value_micro_eur, bought_minor, bought_currency, rate_scaled, issued_at, "
         "position) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, "
         "(SELECT coalesce(max(position), 0) + 1 FROM gift_cards WHERE order_id = ?4)) "
         "ON CONFLICT (number_digest) DO NOTHING")
      .bind(1, card.number_digest)
      .bind(2, sealed.key_id)
      .bind(3, sealed.text)
      .bind(4, card.order.value)
      .bind(5, card.buyer.value)
      .bind(6, card.value_micro_eur)
      .bind(7, card.bought.minor_units())
      .bind(8, code(card.bought.currency()))
      .bind(9, card.rate.scaled)
      .bind(10, epoch(card.issued_at))
      .run();
  return db_.changes() == 1;
}

std::optional<GiftCard> SqlGiftCardRepository::find_by_digest(std::string_view number_digest) {
  auto row = db_.prepare(std::string(kGiftCardSelect) + "WHERE number_digest = ?1");
  row.bind(1, number_digest);
  return first_row(row, [this](const Statement& found) { return card_from_row(found); });
}

std::vector<GiftCard> SqlGiftCardRepository::list_for_order(OrderId order) {
  auto rows = db_.prepare(std::string(kGiftCardSelect) +
                          "WHERE order_id = ?1 ORDER BY issued_at, position");
  rows.bind(1, order.value);
  return all_rows(rows, [this](const Statement& row) { return card_from_row(row); });
}

bool SqlGiftCardRepository::redeem(std::string_view number_digest, UserId by, sys_seconds at) {
  db_.prepare(
         "UPDATE gift_cards SET redeemed_by = ?2, redeemed_at = ?3 "
         "WHERE number_digest = ?1 AND redeemed_by IS NULL")
      .bind(1, number_digest)
      .bind(2, by.value)
      .bind(3, epoch(at))
      .run();
  return db_.changes() == 1;
}

}  // namespace artshop::sql
