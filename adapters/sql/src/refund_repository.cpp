#include <fmt/format.h>

#include <charconv>

#include "artshop/sql/backoffice_repositories.hpp"
#include "row_values.hpp"

namespace artshop::sql {
namespace {

constexpr std::string_view kTable = "refunds";

constexpr std::string_view kRefundSelect =
    "SELECT id, order_id, at, staff_id, staff_email, amount_minor, currency, gift_cards_minor, "
    "reason, lines, gift_cards, return_to_sale, status, source, idempotency_key, request_hash, "
    "provider_reference FROM refunds ";

// Item lists are kept as "1,3": they are read with the refund and never searched by.
template <class Item>
std::string joined(const std::vector<Item>& items) {
  return fmt::format("{}", fmt::join(items, ","));
}

template <class Item>
std::vector<Item> split(std::string_view text) {
  std::vector<Item> items;
  while (!text.empty()) {
    const auto comma = text.find(',');
    const auto part = text.substr(0, comma);
    Item value{};
    const auto [end, error] = std::from_chars(part.data(), part.data() + part.size(), value);
    if (error != std::errc{} || end != part.data() + part.size()) {
      throw DatabaseError(0, fmt::format("refunds: unreadable item list '{}'", text));
    }
    items.push_back(value);
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return items;
}

Refund refund_from_row(const Statement& row) {
  const auto currency = decode(parse_currency, row, 6, kTable, "currency");
  const auto staff = row.column_optional_int(3);
  return {.id = RefundId{row.column_int(0)},
          .order = OrderId{row.column_int(1)},
          .at = from_epoch(row.column_int(2)),
          .staff = staff ? std::optional(UserId{*staff}) : std::nullopt,
          .staff_email = row.column_text(4),
          .amount = Money(row.column_int(5), currency),
          .reason = row.column_text(8),
          .lines = split<int>(row.column_text(9)),
          .gift_cards = split<std::int64_t>(row.column_text(10)),
          .return_to_sale = row.column_int(11) != 0,
          .status = decode(parse_refund_status, row, 12, kTable, "status"),
          .source = decode(parse_refund_source, row, 13, kTable, "source"),
          .idempotency_key = row.column_optional_text(14).value_or(""),
          .request_hash = row.column_text(15),
          .provider_reference = row.column_text(16),
          .gift_cards_minor = row.column_int(7)};
}

}  // namespace

std::optional<RefundId> SqlRefundRepository::insert(const Refund& refund) {
  std::optional<std::int64_t> staff;
  if (refund.staff) staff = refund.staff->value;
  std::optional<std::string> key;
  if (!refund.idempotency_key.empty()) key = refund.idempotency_key;
  // The key is unique per order: a second refund under it inserts nothing.
  auto statement = db_.prepare(
      "INSERT INTO refunds (order_id, at, staff_id, staff_email, amount_minor, currency, "
      "gift_cards_minor, reason, lines, gift_cards, return_to_sale, status, source, "
      "idempotency_key, request_hash, provider_reference) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, "
      "?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16) ON CONFLICT (order_id, idempotency_key) DO "
      "NOTHING RETURNING id");
  statement.bind(1, refund.order.value)
      .bind(2, epoch(refund.at))
      .bind(3, staff)
      .bind(4, refund.staff_email)
      .bind(5, refund.amount.minor_units())
      .bind(6, code(refund.amount.currency()))
      .bind(7, refund.gift_cards_minor)
      .bind(8, refund.reason)
      .bind(9, joined(refund.lines))
      .bind(10, joined(refund.gift_cards))
      .bind(11, refund.return_to_sale ? 1 : 0)
      .bind(12, name_of(refund.status))
      .bind(13, name_of(refund.source))
      .bind(14, key)
      .bind(15, refund.request_hash)
      .bind(16, refund.provider_reference);
  if (!statement.step()) return std::nullopt;
  return RefundId{statement.column_int(0)};
}

bool SqlRefundRepository::claim_items(const Refund& refund) {
  // The primary key (order, kind, item) is the guard: a line or card given back by another
  // refund inserts nothing, and the caller rolls the whole refund back.
  auto claim = db_.prepare(
      "INSERT INTO refunded_items (order_id, kind, item, refund_id) VALUES (?1, ?2, ?3, ?4) "
      "ON CONFLICT (order_id, kind, item) DO NOTHING");
  const auto one = [&](std::string_view kind, std::int64_t item) {
    claim.bind(1, refund.order.value).bind(2, kind).bind(3, item).bind(4, refund.id.value).run();
    claim.reset();
    return db_.changes() == 1;
  };
  for (const int line : refund.lines) {
    if (!one("line", line)) return false;
  }
  for (const auto card : refund.gift_cards) {
    if (!one("gift-card", card)) return false;
  }
  return true;
}

void SqlRefundRepository::release_items(RefundId refund) {
  db_.prepare("DELETE FROM refunded_items WHERE refund_id = ?1").bind(1, refund.value).run();
}

bool SqlRefundRepository::add_refunded(OrderId order, std::int64_t amount_minor) {
  db_.prepare(
         "UPDATE orders SET refunded_minor = refunded_minor + ?2 WHERE id = ?1 AND "
         "refunded_minor + ?2 >= 0 AND refunded_minor + ?2 <= (SELECT amount_minor FROM "
         "payments WHERE payments.id = orders.payment_id)")
      .bind(1, order.value)
      .bind(2, amount_minor)
      .run();
  return db_.changes() == 1;
}

std::optional<Refund> SqlRefundRepository::find(RefundId id) {
  auto row = db_.prepare(std::string(kRefundSelect) + "WHERE id = ?1");
  row.bind(1, id.value);
  return first_row(row, refund_from_row);
}

std::optional<Refund> SqlRefundRepository::find_by_key(OrderId order, std::string_view key) {
  auto row =
      db_.prepare(std::string(kRefundSelect) + "WHERE order_id = ?1 AND idempotency_key = ?2");
  row.bind(1, order.value).bind(2, key);
  return first_row(row, refund_from_row);
}

std::vector<Refund> SqlRefundRepository::list_for_order(OrderId order) {
  auto rows = db_.prepare(std::string(kRefundSelect) + "WHERE order_id = ?1 ORDER BY id");
  rows.bind(1, order.value);
  return all_rows(rows, refund_from_row);
}

bool SqlRefundRepository::update_status(RefundId id, RefundStatus from, RefundStatus to) {
  db_.prepare("UPDATE refunds SET status = ?3 WHERE id = ?1 AND status = ?2")
      .bind(1, id.value)
      .bind(2, name_of(from))
      .bind(3, name_of(to))
      .run();
  return db_.changes() == 1;
}

void SqlRefundRepository::set_provider_reference(RefundId id, std::string_view reference) {
  db_.prepare("UPDATE refunds SET provider_reference = ?2 WHERE id = ?1")
      .bind(1, id.value)
      .bind(2, reference)
      .run();
}

std::vector<Refund> SqlRefundRepository::pending_before(std::chrono::sys_seconds before,
                                                        int limit) {
  auto rows = db_.prepare(std::string(kRefundSelect) +
                          "WHERE status = 'pending' AND source = 'staff' AND at <= ?1 "
                          "ORDER BY at, id LIMIT ?2");
  rows.bind(1, epoch(before)).bind(2, limit);
  return all_rows(rows, refund_from_row);
}

void SqlRefundRepository::revoke_artworks(OrderId order, std::span<const AttributeId> attributes,
                                          bool revoked) {
  auto statement =
      db_.prepare("UPDATE artworks SET revoked = ?3 WHERE order_id = ?1 AND attribute_id = ?2");
  for (const auto attribute : attributes) {
    statement.bind(1, order.value).bind(2, attribute.value).bind(3, revoked ? 1 : 0).run();
    statement.reset();
  }
}

bool SqlRefundRepository::return_to_sale(OfferId offer) {
  db_.prepare("UPDATE offers SET status = 'Active' WHERE id = ?1 AND status = 'SoldOut'")
      .bind(1, offer.value)
      .run();
  return db_.changes() == 1;
}

}  // namespace artshop::sql
