#include "artshop/sql/order_repositories.hpp"
#include "payment_rows.hpp"
#include "row_values.hpp"

namespace artshop::sql {
namespace {

using std::chrono::sys_seconds;

constexpr int kPaymentFirst = 3;

}  // namespace

std::string select_orders(std::string_view where) {
  return "SELECT orders.id, orders.pay_by_balance, orders.refunded_minor, " +
         std::string(kPaymentColumns) +
         " FROM orders JOIN payments ON payments.id = orders.payment_id " + std::string(where);
}

OrderId SqlOrderRepository::insert(const Order& order) {
  auto inserted =
      db_.prepare("INSERT INTO orders (payment_id, pay_by_balance) VALUES (?1, ?2) RETURNING id");
  inserted.bind(1, order.payment.id.value).bind(2, order.pay_by_balance ? 1 : 0).step();
  const OrderId id{inserted.column_int(0)};

  auto line = db_.prepare(
      "INSERT INTO order_lines (order_id, position, offer_id, attribute_id, title, size_name, "
      "long_edge, licence, price_minor, price_eur_cents) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, "
      "?9, ?10)");
  int position = 0;
  for (const auto& l : order.lines) {
    line.bind(1, id.value).bind(2, position++).bind(3, l.offer.value).bind(4, l.attribute.value);
    line.bind(5, l.title).bind(6, l.size_name).bind(7, l.long_edge).bind(8, name(l.licence));
    line.bind(9, l.price_minor).bind(10, l.price_eur_cents).run();
    line.reset();
  }
  auto card = db_.prepare(
      "INSERT INTO order_gift_cards (order_id, position, amount_minor) VALUES (?1, ?2, ?3)");
  position = 0;
  for (const auto& c : order.gift_cards) {
    card.bind(1, id.value).bind(2, position++).bind(3, c.amount_minor).run();
    card.reset();
  }
  return id;
}

std::vector<Order> read_orders(Connection& db_, Statement& rows) {
  std::vector<Order> orders;
  while (rows.step()) {
    orders.push_back({.id = OrderId{rows.column_int(0)},
                      .payment = payment_from_row(rows, kPaymentFirst),
                      .lines = {},
                      .gift_cards = {},
                      .pay_by_balance = rows.column_int(1) != 0,
                      .refunded_minor = rows.column_int(2)});
  }
  // Few orders per page; one query per order keeps the SQL plain.
  auto lines = db_.prepare(
      "SELECT offer_id, attribute_id, title, size_name, long_edge, licence, price_minor, "
      "price_eur_cents FROM order_lines WHERE order_id = ?1 ORDER BY position");
  auto cards = db_.prepare(
      "SELECT amount_minor FROM order_gift_cards WHERE order_id = ?1 ORDER BY position");
  for (auto& order : orders) {
    lines.bind(1, order.id.value);
    while (lines.step()) {
      order.lines.push_back({.offer = OfferId{lines.column_int(0)},
                             .attribute = AttributeId{lines.column_int(1)},
                             .title = lines.column_text(2),
                             .size_name = lines.column_text(3),
                             .long_edge = static_cast<int>(lines.column_int(4)),
                             .licence = decode(parse_licence, lines, 5, "order_lines", "licence"),
                             .price_minor = lines.column_int(6),
                             .price_eur_cents = lines.column_int(7)});
    }
    lines.reset();
    cards.bind(1, order.id.value);
    while (cards.step()) order.gift_cards.push_back({.amount_minor = cards.column_int(0)});
    cards.reset();
  }
  return orders;
}

std::optional<Order> SqlOrderRepository::first_order(Statement& rows) {
  auto orders = read_orders(db_, rows);
  if (orders.empty()) return std::nullopt;
  return std::move(orders.front());
}

std::optional<Order> SqlOrderRepository::find(OrderId id) {
  auto rows = db_.prepare(select_orders("WHERE orders.id = ?1"));
  rows.bind(1, id.value);
  return first_order(rows);
}

std::optional<Order> SqlOrderRepository::find_by_payment(PaymentId payment) {
  auto rows = db_.prepare(select_orders("WHERE orders.payment_id = ?1"));
  rows.bind(1, payment.value);
  return first_order(rows);
}

OrderPage SqlOrderRepository::list_for_user(UserId user, int offset, int limit) {
  auto rows = db_.prepare(
      select_orders("WHERE payments.account_id = ?1 "
                    "ORDER BY payments.created_at DESC, orders.id DESC LIMIT ?2 OFFSET ?3"));
  rows.bind(1, user.value).bind(2, limit).bind(3, offset);
  OrderPage page{.items = read_orders(db_, rows), .total = 0};
  auto count = db_.prepare(
      "SELECT COUNT(*) FROM orders JOIN payments ON payments.id = orders.payment_id "
      "WHERE payments.account_id = ?1");
  count.bind(1, user.value);
  if (count.step()) page.total = static_cast<int>(count.column_int(0));
  return page;
}

std::vector<Order> SqlOrderRepository::pending_for_user(UserId user, sys_seconds now) {
  auto rows = db_.prepare(
      select_orders("WHERE payments.account_id = ?1 AND payments.status = 'Pending' AND "
                    "payments.expires_at > ?2 ORDER BY orders.id"));
  rows.bind(1, user.value).bind(2, epoch(now));
  return read_orders(db_, rows);
}

bool SqlOrderRepository::reserve_exclusive(OfferId offer, OrderId order) {
  // Guarded twice: the primary key keeps a second holder out, and the offer must be Active.
  db_.prepare(
         "INSERT INTO exclusive_reservations (offer_id, order_id) "
         "SELECT CAST(?1 AS BIGINT), CAST(?2 AS BIGINT) WHERE EXISTS (SELECT 1 FROM offers WHERE "
         "id = ?1 AND status = 'Active') "
         "ON CONFLICT (offer_id) DO NOTHING")
      .bind(1, offer.value)
      .bind(2, order.value)
      .run();
  return db_.changes() == 1;
}

void SqlOrderRepository::release_reservations(OrderId order) {
  db_.prepare("DELETE FROM exclusive_reservations WHERE order_id = ?1").bind(1, order.value).run();
}

}  // namespace artshop::sql
