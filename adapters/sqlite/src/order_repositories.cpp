#include "artshop/sqlite/order_repositories.hpp"

#include <map>
#include <stdexcept>

#include "artshop/sqlite/transaction.hpp"

namespace artshop::sqlite {
namespace {

using std::chrono::sys_seconds;

std::int64_t epoch(sys_seconds time) {
  return time.time_since_epoch().count();
}
sys_seconds from_epoch(std::int64_t seconds) {
  return sys_seconds(std::chrono::seconds(seconds));
}
std::optional<sys_seconds> from_optional_epoch(std::optional<std::int64_t> seconds) {
  if (!seconds) return std::nullopt;
  return from_epoch(*seconds);
}

// Stored values come only from this adapter; an unreadable one is a corrupt database.
Currency currency_of(const std::string& text) {
  const auto currency = parse_currency(text);
  if (!currency) throw DatabaseError(0, "unknown currency in the database: " + text);
  return *currency;
}
PaymentStatus status_of(const std::string& text) {
  const auto status = parse_payment_status(text);
  if (!status) throw DatabaseError(0, "unknown payment status in the database: " + text);
  return *status;
}
Licence licence_of(const std::string& text) {
  const auto licence = parse_licence(text);
  if (!licence) throw DatabaseError(0, "unknown licence in the database: " + text);
  return *licence;
}

// The columns orders and deposits share: who pays (names, billing address, browser) and the
// payment's life (reference, status, times), in this order from parameter or column `first`.
constexpr std::string_view kSharedColumns =
    "first_name, last_name, billing_country, billing_state, billing_city, billing_address1, "
    "billing_zip_code, javascript_enabled, accept_language, screen_width, screen_height, "
    "time_zone_offset, user_agent, payment_reference, status, created_at, expires_at, settled_at";

template <class Payment>  // Order or Deposit
void bind_shared(Statement& statement, int first, const Payment& payment) {
  statement.bind(first, payment.first_name)
      .bind(first + 1, payment.last_name)
      .bind(first + 2, payment.billing.country)
      .bind(first + 3, payment.billing.state)
      .bind(first + 4, payment.billing.city)
      .bind(first + 5, payment.billing.address1)
      .bind(first + 6, payment.billing.zip_code)
      .bind(first + 7, payment.browser.javascript_enabled ? 1 : 0)
      .bind(first + 8, payment.browser.accept_language)
      .bind(first + 9, payment.browser.screen_width)
      .bind(first + 10, payment.browser.screen_height)
      .bind(first + 11, payment.browser.time_zone_offset)
      .bind(first + 12, payment.browser.user_agent)
      .bind(first + 13, payment.payment_reference)
      .bind(first + 14, name(payment.status))
      .bind(first + 15, epoch(payment.created_at))
      .bind(first + 16, epoch(payment.expires_at));
  if (payment.settled_at) {
    statement.bind(first + 17, epoch(*payment.settled_at));
  } else {
    statement.bind_null(first + 17);
  }
}

template <class Payment>
void read_shared(const Statement& row, int first, Payment& payment) {
  payment.first_name = row.column_text(first);
  payment.last_name = row.column_text(first + 1);
  payment.billing = {.country = row.column_text(first + 2),
                     .state = row.column_text(first + 3),
                     .city = row.column_text(first + 4),
                     .address1 = row.column_text(first + 5),
                     .zip_code = row.column_text(first + 6)};
  payment.browser = {.javascript_enabled = row.column_int(first + 7) != 0,
                     .accept_language = row.column_text(first + 8),
                     .screen_width = static_cast<int>(row.column_int(first + 9)),
                     .screen_height = static_cast<int>(row.column_int(first + 10)),
                     .time_zone_offset = static_cast<int>(row.column_int(first + 11)),
                     .user_agent = row.column_text(first + 12)};
  payment.payment_reference = row.column_text(first + 13);
  payment.status = status_of(row.column_text(first + 14));
  payment.created_at = from_epoch(row.column_int(first + 15));
  payment.expires_at = from_epoch(row.column_int(first + 16));
  payment.settled_at = from_optional_epoch(row.column_optional_int(first + 17));
}

// id, account, currency, rate, amount, pay_by_balance, then the shared columns.
const std::string kOrderSelect =
    "SELECT id, account_id, currency, rate_scaled, total_minor, pay_by_balance, " +
    std::string(kSharedColumns) + " FROM orders ";
const std::string kDepositSelect =
    "SELECT id, account_id, currency, rate_scaled, amount_minor, 0, " +
    std::string(kSharedColumns) + " FROM deposits ";
constexpr int kSharedFirst = 6;

// Orders and deposits share their payment life: a status moves only from the one expected
// (a guarded update, so of two racing settlements one wins), and Pending ones expire.
// `table` is one of the two names above, never outside input.
bool change_status(Connection& db, std::string_view table, std::int64_t id, PaymentStatus from,
                   PaymentStatus to, sys_seconds at) {
  db.prepare("UPDATE " + std::string(table) +
             " SET status = ?3, settled_at = ?4 WHERE id = ?1 AND status = ?2")
      .bind(1, id)
      .bind(2, name(from))
      .bind(3, name(to))
      .bind(4, epoch(at))
      .run();
  return db.changes() == 1;
}

template <class IdType>
std::vector<IdType> pending_past_expiry(Connection& db, std::string_view table, sys_seconds now) {
  auto rows = db.prepare("SELECT id FROM " + std::string(table) +
                         " WHERE status = 'Pending' AND expires_at <= ?1 ORDER BY id");
  rows.bind(1, epoch(now));
  std::vector<IdType> ids;
  while (rows.step()) ids.push_back(IdType{rows.column_int(0)});
  return ids;
}

// The deposit of the statement's first row (kDepositSelect), if any.
std::optional<Deposit> read_deposit(Statement& row) {
  if (!row.step()) return std::nullopt;
  Deposit deposit;
  deposit.id = DepositId{row.column_int(0)};
  deposit.user = UserId{row.column_int(1)};
  deposit.currency = currency_of(row.column_text(2));
  deposit.rate = Rate{row.column_int(3)};
  deposit.amount_minor = row.column_int(4);
  read_shared(row, kSharedFirst, deposit);
  return deposit;
}

}  // namespace

// Orders

OrderId SqliteOrderRepository::insert(const Order& order) {
  auto statement = db_.prepare(
      "INSERT INTO orders (account_id, currency, rate_scaled, total_minor, pay_by_balance, " +
      std::string(kSharedColumns) +
      ") VALUES (?1, ?2, ?3, ?4, "
      "?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23)");
  statement.bind(1, order.user.value)
      .bind(2, code(order.currency))
      .bind(3, order.rate.scaled)
      .bind(4, order.total_minor)
      .bind(5, order.pay_by_balance ? 1 : 0);
  bind_shared(statement, 6, order);
  statement.run();
  const OrderId id{db_.last_insert_id()};

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

std::vector<Order> SqliteOrderRepository::read_orders(Statement& rows) {
  std::vector<Order> orders;
  std::map<std::int64_t, std::size_t> index;
  while (rows.step()) {
    Order order;
    order.id = OrderId{rows.column_int(0)};
    order.user = UserId{rows.column_int(1)};
    order.currency = currency_of(rows.column_text(2));
    order.rate = Rate{rows.column_int(3)};
    order.total_minor = rows.column_int(4);
    order.pay_by_balance = rows.column_int(5) != 0;
    read_shared(rows, kSharedFirst, order);
    index[order.id.value] = orders.size();
    orders.push_back(std::move(order));
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
                             .licence = licence_of(lines.column_text(5)),
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

std::optional<Order> SqliteOrderRepository::find(OrderId id) {
  auto rows = db_.prepare(kOrderSelect + "WHERE id = ?1");
  rows.bind(1, id.value);
  auto orders = read_orders(rows);
  if (orders.empty()) return std::nullopt;
  return std::move(orders.front());
}

std::optional<Order> SqliteOrderRepository::find_by_reference(std::string_view payment_reference) {
  auto rows = db_.prepare(kOrderSelect + "WHERE payment_reference = ?1");
  rows.bind(1, payment_reference);
  auto orders = read_orders(rows);
  if (orders.empty()) return std::nullopt;
  return std::move(orders.front());
}

OrderPage SqliteOrderRepository::list_for_user(UserId user, int offset, int limit) {
  auto rows = db_.prepare(kOrderSelect +
                          "WHERE account_id = ?1 ORDER BY created_at DESC, id DESC LIMIT ?2 "
                          "OFFSET ?3");
  rows.bind(1, user.value).bind(2, limit).bind(3, offset);
  OrderPage page{.items = read_orders(rows), .total = 0};
  auto count = db_.prepare("SELECT COUNT(*) FROM orders WHERE account_id = ?1");
  count.bind(1, user.value);
  if (count.step()) page.total = static_cast<int>(count.column_int(0));
  return page;
}

std::vector<Order> SqliteOrderRepository::pending_for_user(UserId user, sys_seconds now) {
  auto rows = db_.prepare(kOrderSelect +
                          "WHERE account_id = ?1 AND status = 'Pending' AND expires_at > ?2 "
                          "ORDER BY id");
  rows.bind(1, user.value).bind(2, epoch(now));
  return read_orders(rows);
}

bool SqliteOrderRepository::update_status(OrderId id, PaymentStatus from, PaymentStatus to,
                                          sys_seconds at) {
  return change_status(db_, "orders", id.value, from, to, at);
}

std::vector<OrderId> SqliteOrderRepository::pending_expired(sys_seconds now) {
  return pending_past_expiry<OrderId>(db_, "orders", now);
}

bool SqliteOrderRepository::reserve_exclusive(OfferId offer, OrderId order) {
  // Guarded twice: the primary key keeps a second holder out, and the offer must be Active.
  db_.prepare(
         "INSERT INTO exclusive_reservations (offer_id, order_id) "
         "SELECT ?1, ?2 WHERE EXISTS (SELECT 1 FROM offers WHERE id = ?1 AND status = 'Active') "
         "ON CONFLICT (offer_id) DO NOTHING")
      .bind(1, offer.value)
      .bind(2, order.value)
      .run();
  return db_.changes() == 1;
}

void SqliteOrderRepository::release_reservations(OrderId order) {
  db_.prepare("DELETE FROM exclusive_reservations WHERE order_id = ?1").bind(1, order.value).run();
}

// Deposits

DepositId SqliteDepositRepository::insert(const Deposit& deposit) {
  auto statement = db_.prepare(
      "INSERT INTO deposits (account_id, currency, rate_scaled, amount_minor, " +
      std::string(kSharedColumns) +
      ") VALUES (?1, ?2, ?3, ?4, "
      "?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22)");
  statement.bind(1, deposit.user.value)
      .bind(2, code(deposit.currency))
      .bind(3, deposit.rate.scaled)
      .bind(4, deposit.amount_minor);
  bind_shared(statement, 5, deposit);
  statement.run();
  return DepositId{db_.last_insert_id()};
}

std::optional<Deposit> SqliteDepositRepository::find(DepositId id) {
  auto row = db_.prepare(kDepositSelect + "WHERE id = ?1");
  row.bind(1, id.value);
  return read_deposit(row);
}

std::optional<Deposit> SqliteDepositRepository::find_by_reference(
    std::string_view payment_reference) {
  auto row = db_.prepare(kDepositSelect + "WHERE payment_reference = ?1");
  row.bind(1, payment_reference);
  return read_deposit(row);
}

bool SqliteDepositRepository::update_status(DepositId id, PaymentStatus from, PaymentStatus to,
                                            sys_seconds at) {
  return change_status(db_, "deposits", id.value, from, to, at);
}

std::vector<DepositId> SqliteDepositRepository::pending_expired(sys_seconds now) {
  return pending_past_expiry<DepositId>(db_, "deposits", now);
}

std::size_t SqliteDepositRepository::count_pending_for_user(UserId user, sys_seconds now) {
  auto count = db_.prepare(
      "SELECT COUNT(*) FROM deposits WHERE account_id = ?1 AND status = 'Pending' AND "
      "expires_at > ?2");
  count.bind(1, user.value).bind(2, epoch(now));
  return count.step() ? static_cast<std::size_t>(count.column_int(0)) : 0;
}

// Ledger

void SqliteLedger::post(const Posting& posting) {
  auto entry = db_.prepare(
      "INSERT INTO ledger_entries (posting, account_kind, account_id, side, amount_micro_eur, "
      "original_minor, original_currency, rate_scaled, created_at) VALUES (?1, ?2, ?3, ?4, ?5, "
      "?6, ?7, ?8, ?9)");
  for (const auto& e : posting.entries()) {
    entry.bind(1, posting.reference()).bind(2, name(e.account.kind));
    if (e.account.kind == LedgerAccountKind::CustomerBalance) {
      entry.bind(3, e.account.user.value);
    } else {
      entry.bind_null(3);
    }
    entry.bind(4, name(e.side))
        .bind(5, e.amount_micro_eur)
        .bind(6, e.original.minor_units())
        .bind(7, code(e.original.currency()))
        .bind(8, e.rate.scaled)
        .bind(9, epoch(posting.at()))
        .run();
    entry.reset();
  }
}

std::int64_t SqliteLedger::customer_balance(UserId user) {
  auto row = db_.prepare(
      "SELECT coalesce(sum(CASE side WHEN 'Credit' THEN amount_micro_eur "
      "ELSE -amount_micro_eur END), 0) FROM ledger_entries WHERE account_id = ?1");
  row.bind(1, user.value);
  row.step();
  return row.column_int(0);
}

std::vector<LedgerEntry> SqliteLedger::entries(std::string_view reference) {
  auto rows = db_.prepare(
      "SELECT account_kind, account_id, side, amount_micro_eur, original_minor, "
      "original_currency, rate_scaled FROM ledger_entries WHERE posting = ?1 ORDER BY id");
  rows.bind(1, reference);
  std::vector<LedgerEntry> found;
  while (rows.step()) {
    const auto kind = parse_ledger_account_kind(rows.column_text(0));
    if (!kind) throw DatabaseError(0, "unknown ledger account in the database");
    found.push_back({.account = {*kind, UserId{rows.column_optional_int(1).value_or(0)}},
                     .side = rows.column_text(2) == "Credit" ? Side::Credit : Side::Debit,
                     .amount_micro_eur = rows.column_int(3),
                     .original = Money(rows.column_int(4), currency_of(rows.column_text(5))),
                     .rate = Rate{rows.column_int(6)}});
  }
  return found;
}

// Gift cards

namespace {

const std::string kGiftCardSelect =
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
          .bought = Money(row.column_int(6), currency_of(row.column_text(7))),
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
  auto row = db_.prepare(kGiftCardSelect + "WHERE number_digest = ?1");
  row.bind(1, number_digest);
  if (!row.step()) return std::nullopt;
  return card_from_row(row);
}

std::vector<GiftCard> SqliteGiftCardRepository::list_for_order(OrderId order) {
  auto rows = db_.prepare(kGiftCardSelect + "WHERE order_id = ?1 ORDER BY issued_at, rowid");
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

// Artworks

namespace {

constexpr std::string_view kArtworkSelect =
    "SELECT id, account_id, order_id, offer_id, attribute_id, title, size_name, long_edge, "
    "licence, acquired_at FROM artworks ";

Artwork artwork_from_row(const Statement& row) {
  return {.id = ArtworkId{row.column_int(0)},
          .owner = UserId{row.column_int(1)},
          .order = OrderId{row.column_int(2)},
          .offer = OfferId{row.column_int(3)},
          .attribute = AttributeId{row.column_int(4)},
          .title = row.column_text(5),
          .size_name = row.column_text(6),
          .long_edge = static_cast<int>(row.column_int(7)),
          .licence = licence_of(row.column_text(8)),
          .acquired_at = from_epoch(row.column_int(9))};
}

}  // namespace

ArtworkId SqliteArtworkRepository::add(const Artwork& artwork) {
  db_.prepare(
         "INSERT INTO artworks (account_id, order_id, offer_id, attribute_id, title, size_name, "
         "long_edge, licence, acquired_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)")
      .bind(1, artwork.owner.value)
      .bind(2, artwork.order.value)
      .bind(3, artwork.offer.value)
      .bind(4, artwork.attribute.value)
      .bind(5, artwork.title)
      .bind(6, artwork.size_name)
      .bind(7, artwork.long_edge)
      .bind(8, name(artwork.licence))
      .bind(9, epoch(artwork.acquired_at))
      .run();
  return ArtworkId{db_.last_insert_id()};
}

std::optional<Artwork> SqliteArtworkRepository::find(ArtworkId id) {
  auto row = db_.prepare(std::string(kArtworkSelect) + "WHERE id = ?1");
  row.bind(1, id.value);
  if (!row.step()) return std::nullopt;
  return artwork_from_row(row);
}

std::vector<Artwork> SqliteArtworkRepository::list_for_user(UserId owner) {
  auto rows = db_.prepare(std::string(kArtworkSelect) +
                          "WHERE account_id = ?1 ORDER BY acquired_at DESC, id DESC");
  rows.bind(1, owner.value);
  std::vector<Artwork> artworks;
  while (rows.step()) artworks.push_back(artwork_from_row(rows));
  return artworks;
}

std::optional<std::string> SqliteArtworkRepository::rendered(OfferId offer, int long_edge,
                                                             ImageFormat format) {
  auto row = db_.prepare(
      "SELECT blob_key FROM rendered_artworks WHERE offer_id = ?1 AND long_edge = ?2 AND "
      "format = ?3");
  row.bind(1, offer.value).bind(2, long_edge).bind(3, extension(format));
  if (!row.step()) return std::nullopt;
  return row.column_text(0);
}

void SqliteArtworkRepository::remember_rendered(OfferId offer, int long_edge, ImageFormat format,
                                                std::string_view key) {
  db_.prepare(
         "INSERT INTO rendered_artworks (offer_id, long_edge, format, blob_key) "
         "VALUES (?1, ?2, ?3, ?4) ON CONFLICT DO NOTHING")
      .bind(1, offer.value)
      .bind(2, long_edge)
      .bind(3, extension(format))
      .bind(4, key)
      .run();
}

// Payment events

bool SqlitePaymentEventRepository::record(std::string_view event_id, sys_seconds at) {
  db_.prepare(
         "INSERT INTO payment_events (event_id, processed_at) VALUES (?1, ?2) "
         "ON CONFLICT (event_id) DO NOTHING")
      .bind(1, event_id)
      .bind(2, epoch(at))
      .run();
  return db_.changes() == 1;
}

// Idempotency keys

std::optional<IdempotencyRecord> SqliteIdempotencyRepository::find(UserId user,
                                                                   std::string_view key,
                                                                   sys_seconds since) {
  auto row = db_.prepare(
      "SELECT request_hash, status, response, created_at FROM idempotency_keys "
      "WHERE account_id = ?1 AND key = ?2 AND created_at > ?3");
  row.bind(1, user.value).bind(2, key).bind(3, epoch(since));
  if (!row.step()) return std::nullopt;
  return IdempotencyRecord{.user = user,
                           .key = std::string(key),
                           .request_hash = row.column_text(0),
                           .status = static_cast<int>(row.column_int(1)),
                           .response = row.column_text(2),
                           .created_at = from_epoch(row.column_int(3))};
}

bool SqliteIdempotencyRepository::insert(const IdempotencyRecord& record) {
  db_.prepare(
         "INSERT INTO idempotency_keys (account_id, key, request_hash, status, response, "
         "created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT (account_id, key) DO NOTHING")
      .bind(1, record.user.value)
      .bind(2, record.key)
      .bind(3, record.request_hash)
      .bind(4, record.status)
      .bind(5, record.response)
      .bind(6, epoch(record.created_at))
      .run();
  return db_.changes() == 1;
}

bool SqliteIdempotencyRepository::complete(const IdempotencyRecord& record) {
  db_.prepare(
         "UPDATE idempotency_keys SET status = ?4, response = ?5 "
         "WHERE account_id = ?1 AND key = ?2 AND created_at = ?3")
      .bind(1, record.user.value)
      .bind(2, record.key)
      .bind(3, epoch(record.created_at))
      .bind(4, record.status)
      .bind(5, record.response)
      .run();
  return db_.changes() == 1;
}

void SqliteIdempotencyRepository::remove(UserId user, std::string_view key) {
  db_.prepare("DELETE FROM idempotency_keys WHERE account_id = ?1 AND key = ?2")
      .bind(1, user.value)
      .bind(2, key)
      .run();
}

void SqliteIdempotencyRepository::prune(sys_seconds before) {
  db_.prepare("DELETE FROM idempotency_keys WHERE created_at < ?1").bind(1, epoch(before)).run();
}

}  // namespace artshop::sqlite
