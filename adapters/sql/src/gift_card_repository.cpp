#include <fmt/format.h>

#include <stdexcept>

#include "artshop/sql/order_repositories.hpp"
#include "row_values.hpp"

namespace artshop::sql {

using std::chrono::sys_seconds;

namespace {

constexpr std::string_view kGiftCardColumns =
    "SELECT g.id, g.number_digest, g.number_key_id, g.number_sealed, g.order_id, g.buyer_id, "
    "g.recipient_email, g.issued_by, g.value_micro_eur, g.bought_minor, g.bought_currency, "
    "g.rate_scaled, g.issued_at, g.redeemed_by, g.redeemed_at, g.voided_at ";

std::string select_cards(std::string_view where) {
  return fmt::format("{}FROM gift_cards g {}", kGiftCardColumns, where);
}

// The back office's list: a card with who bought and who issued it. Each match is optional
// (a null parameter matches nothing), and with none given every card matches. E-mails are
// stored in their lower-case normal form and the text comes lower-cased.
constexpr std::string_view kGiftCardListing =
    "FROM gift_cards g LEFT JOIN accounts b ON b.id = g.buyer_id "
    "LEFT JOIN accounts s ON s.id = g.issued_by "
    "WHERE (CAST(?1 AS BIGINT) IS NULL OR g.buyer_id = ?1 OR g.redeemed_by = ?1) "
    "AND ((CAST(?2 AS TEXT) IS NULL AND CAST(?3 AS BIGINT) IS NULL AND CAST(?4 AS TEXT) IS NULL) "
    "OR g.number_digest = ?2 OR g.id = ?3 OR b.email LIKE ?4 ESCAPE '\\' "
    "OR g.recipient_email LIKE ?4 ESCAPE '\\') ";

std::string_view state_condition(std::optional<GiftCardState> state) {
  if (!state) return "";
  switch (*state) {
    case GiftCardState::Active:
      return "AND g.redeemed_at IS NULL AND g.voided_at IS NULL ";
    case GiftCardState::Redeemed:
      return "AND g.redeemed_at IS NOT NULL ";
    case GiftCardState::Voided:
      break;
  }
  return "AND g.voided_at IS NOT NULL ";
}

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
  auto row = db_.prepare(select_cards("WHERE id = ?1"));
  row.bind(1, id.value);
  return first_row(row, [this](const Statement& found) { return card_from_row(found); });
}

std::optional<GiftCard> SqlGiftCardRepository::find_by_digest(std::string_view number_digest) {
  auto row = db_.prepare(select_cards("WHERE number_digest = ?1"));
  row.bind(1, number_digest);
  return first_row(row, [this](const Statement& found) { return card_from_row(found); });
}

std::vector<GiftCard> SqlGiftCardRepository::list_for_order(OrderId order) {
  auto rows = db_.prepare(select_cards("WHERE order_id = ?1 ORDER BY issued_at, position"));
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

bool SqlGiftCardRepository::unvoid_card(GiftCardId id) {
  db_.prepare("UPDATE gift_cards SET voided_at = NULL WHERE id = ?1 AND voided_at IS NOT NULL")
      .bind(1, id.value)
      .run();
  return db_.changes() == 1;
}

GiftCardPage SqlGiftCardRepository::search(const GiftCardQuery& query) {
  const auto bind_query = [&](Statement& statement) {
    statement.bind(1, query.customer ? std::optional(query.customer->value) : std::nullopt)
        .bind(2, query.number_digest)
        .bind(3, query.id ? std::optional(query.id->value) : std::nullopt)
        .bind(4,
              query.email_text ? std::optional(contains_pattern(*query.email_text)) : std::nullopt);
  };
  const auto where = fmt::format("{}{}", kGiftCardListing, state_condition(query.state));
  GiftCardPage page;
  auto count = db_.prepare("SELECT count(*) " + where);
  bind_query(count);
  count.step();
  page.total = count.column_int(0);
  auto rows = db_.prepare(
      fmt::format("{}, b.email, s.email {} ORDER BY g.issued_at DESC, g.id DESC LIMIT ?5 OFFSET ?6",
                  kGiftCardColumns, where));
  bind_query(rows);
  rows.bind(5, query.limit).bind(6, query.offset);
  page.items = all_rows(rows, [this](const Statement& row) {
    return GiftCardListing{.card = card_from_row(row),
                           .buyer_email = row.column_optional_text(16),
                           .issuer_email = row.column_optional_text(17)};
  });
  return page;
}

void SqlGiftCardRepository::record_goodwill_issue(UserId staff, std::string_view key,
                                                  const GoodwillIssue& issue) {
  db_.prepare(
         "INSERT INTO goodwill_gift_card_keys (staff_id, idempotency_key, gift_card_id, message) "
         "VALUES (?1, ?2, ?3, ?4)")
      .bind(1, staff.value)
      .bind(2, key)
      .bind(3, issue.card.value)
      .bind(4, issue.message)
      .run();
}

std::optional<GoodwillIssue> SqlGiftCardRepository::find_goodwill_issue(UserId staff,
                                                                        std::string_view key) {
  auto row = db_.prepare(
      "SELECT gift_card_id, message FROM goodwill_gift_card_keys "
      "WHERE staff_id = ?1 AND idempotency_key = ?2");
  row.bind(1, staff.value).bind(2, key);
  return first_row(row, [](const Statement& found) {
    return GoodwillIssue{.card = GiftCardId{found.column_int(0)}, .message = found.column_text(1)};
  });
}

}  // namespace artshop::sql
