#include <stdexcept>

#include "artshop/sql/order_repositories.hpp"
#include "row_values.hpp"

namespace artshop::sql {

using std::chrono::sys_seconds;

namespace {

constexpr std::string_view kGiftCardSelect =
    "SELECT id, number_digest, number_key_id, number_sealed, order_id, buyer_id, "
    "recipient_email, issued_by, value_micro_eur, bought_minor, bought_currency, rate_scaled, "
    "issued_at, redeemed_by, redeemed_at, voided_at "
    "FROM gift_cards ";

template <typename IdType>
std::optional<IdType> optional_id(std::optional<std::int64_t> value) {
  if (!value) return std::nullopt;
  return IdType{*value};
}

template <typename IdType>
std::optional<std::int64_t> optional_value(const std::optional<IdType>& id) {
  if (!id) return std::nullopt;
  return id->value;
}

}  // namespace

const GiftCardNumberCipher& SqlGiftCardRepository::cipher() const {
  if (cipher_ == nullptr) throw std::logic_error("gift-card numbers are stored only sealed");
  return *cipher_;
}

GiftCard SqlGiftCardRepository::card_from_row(const Statement& row) const {
  // Plain text left by an older version is sealed at start, before anything reads it.
  const auto key_id = row.column_optional_text(2);
  auto number =
      key_id ? cipher().open({.key_id = *key_id, .text = row.column_text(3)}) : std::nullopt;
  if (!number) throw DatabaseError(0, "a gift-card number cannot be opened with the known keys");
  return {.id = GiftCardId{row.column_int(0)},
          .number_digest = row.column_text(1),
          .number = std::move(*number),
          .order = optional_id<OrderId>(row.column_optional_int(4)),
          .buyer = optional_id<UserId>(row.column_optional_int(5)),
          .recipient_email = row.column_text(6),
          .issued_by = optional_id<UserId>(row.column_optional_int(7)),
          .value_micro_eur = row.column_int(8),
          .bought = Money(row.column_int(9),
                          decode(parse_currency, row, 10, "gift_cards", "bought_currency")),
          .rate = Rate{row.column_int(11)},
          .issued_at = from_epoch(row.column_int(12)),
          .redeemed_by = optional_id<UserId>(row.column_optional_int(13)),
          .redeemed_at = from_optional_epoch(row.column_optional_int(14)),
          .voided_at = from_optional_epoch(row.column_optional_int(15))};
}

std::optional<GiftCardId> SqlGiftCardRepository::insert(const GiftCard& card) {
  const auto sealed = cipher().seal(card.number);
  // A goodwill card has no order: its position among the order's cards means nothing, 0.
  auto statement = db_.prepare(
      "INSERT INTO gift_cards (number_digest, number_key_id, number_sealed, order_id, "
      "buyer_id, recipient_email, issued_by, value_micro_eur, bought_minor, bought_currency, "
      "rate_scaled, issued_at, position) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, "
      "?12, CASE WHEN CAST(?4 AS BIGINT) IS NULL THEN 0 ELSE "
      "(SELECT coalesce(max(position), 0) + 1 FROM gift_cards WHERE order_id = ?4) END) "
      "ON CONFLICT (number_digest) DO NOTHING RETURNING id");
  statement.bind(1, card.number_digest)
      .bind(2, sealed.key_id)
      .bind(3, sealed.text)
      .bind(4, optional_value(card.order))
      .bind(5, optional_value(card.buyer))
      .bind(6, card.recipient_email)
      .bind(7, optional_value(card.issued_by))
      .bind(8, card.value_micro_eur)
      .bind(9, card.bought.minor_units())
      .bind(10, code(card.bought.currency()))
      .bind(11, card.rate.scaled)
      .bind(12, epoch(card.issued_at));
  if (!statement.step()) return std::nullopt;
  return GiftCardId{statement.column_int(0)};
}

std::optional<GiftCard> SqlGiftCardRepository::find(GiftCardId id) {
  auto row = db_.prepare(std::string(kGiftCardSelect) + "WHERE id = ?1");
  row.bind(1, id.value);
  return first_row(row, [this](const Statement& found) { return card_from_row(found); });
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
         "WHERE number_digest = ?1 AND redeemed_by IS NULL AND voided_at IS NULL")
      .bind(1, number_digest)
      .bind(2, by.value)
      .bind(3, epoch(at))
      .run();
  return db_.changes() == 1;
}

bool SqlGiftCardRepository::void_card(GiftCardId id, sys_seconds at) {
  db_.prepare(
         "UPDATE gift_cards SET voided_at = ?2 "
         "WHERE id = ?1 AND redeemed_by IS NULL AND voided_at IS NULL")
      .bind(1, id.value)
      .bind(2, epoch(at))
      .run();
  return db_.changes() == 1;
}

}  // namespace artshop::sql
