#include <stdexcept>

#include "artshop/sqlite/order_repositories.hpp"
#include "artshop/sqlite/transaction.hpp"
#include "row_values.hpp"

namespace artshop::sqlite {

using std::chrono::sys_seconds;

namespace {

constexpr std::string_view kGiftCardSelect =
    "SELECT number_digest, number_key_id, number_sealed, order_id, buyer_id, value_micro_eur, "
    "bought_minor, bought_currency, rate_scaled, issued_at, redeemed_by, redeemed_at "
    "FROM gift_cards ";

}  // namespace

const GiftCardNumberCipher& SqliteGiftCardRepository::cipher() const {
  if (cipher_ == nullptr) throw std::logic_error("gift-card numbers are stored only sealed");
  return *cipher_;
}

GiftCard SqliteGiftCardRepository::card_from_row(const Statement& row) const {
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

bool SqliteGiftCardRepository::insert(const GiftCard& card) {
  const auto sealed = cipher().seal(card.number);
  db_.prepare(
         "INSERT INTO gift_cards (number_digest, number_key_id, number_sealed, order_id, "
         "buyer_id, value_micro_eur, bought_minor, bought_currency, rate_scaled, issued_at) "
         "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10) ON CONFLICT (number_digest) DO NOTHING")
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

std::optional<GiftCard> SqliteGiftCardRepository::find_by_digest(std::string_view number_digest) {
  auto row = db_.prepare(std::string(kGiftCardSelect) + "WHERE number_digest = ?1");
  row.bind(1, number_digest);
  if (!row.step()) return std::nullopt;
  return card_from_row(row);
}

std::vector<GiftCard> SqliteGiftCardRepository::list_for_order(OrderId order) {
  auto rows =
      db_.prepare(std::string(kGiftCardSelect) + "WHERE order_id = ?1 ORDER BY issued_at, rowid");
  rows.bind(1, order.value);
  std::vector<GiftCard> cards;
  while (rows.step()) cards.push_back(card_from_row(rows));
  return cards;
}

bool SqliteGiftCardRepository::redeem(std::string_view number_digest, UserId by, sys_seconds at) {
  db_.prepare(
         "UPDATE gift_cards SET redeemed_by = ?2, redeemed_at = ?3 "
         "WHERE number_digest = ?1 AND redeemed_by IS NULL")
      .bind(1, number_digest)
      .bind(2, by.value)
      .bind(3, epoch(at))
      .run();
  return db_.changes() == 1;
}

int protect_gift_card_numbers(Connection& connection, const GiftCardNumberCipher& cipher,
                              const TokenHasher& lookup) {
  struct Stale {
    std::string digest;
    std::string number;
  };
  std::vector<Stale> stale;
  bool plain_text_found = false;
  {
    Transaction transaction(connection, Transaction::Kind::Immediate);
    // Overwritten and deleted content is zeroed, not left behind in the file.
    connection.execute("PRAGMA secure_delete = ON;");
    auto rows = connection.prepare(
        "SELECT number_digest, number, number_key_id, number_sealed FROM gift_cards "
        "WHERE number IS NOT NULL OR number_key_id IS NOT ?1");
    rows.bind(1, cipher.current_key_id());
    while (rows.step()) {
      auto number = rows.column_optional_text(1);
      plain_text_found = plain_text_found || number.has_value();
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
    transaction.commit();
  }
  connection.execute("PRAGMA secure_delete = OFF;");
  if (plain_text_found) connection.execute("VACUUM; PRAGMA wal_checkpoint(TRUNCATE);");
  return static_cast<int>(stale.size());
}

}  // namespace artshop::sqlite
