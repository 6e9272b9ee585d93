#include <fmt/format.h>

#include <algorithm>

#include "artshop/sql/backoffice_repositories.hpp"
#include "payment_rows.hpp"
#include "row_values.hpp"

namespace artshop::sql {
namespace {

// The WHERE clause of the filters a search sets, numbered from ?1, and the binding of their
// values in the same order.
class SearchFilters {
 public:
  explicit SearchFilters(const OrderSearchQuery& query) : query_(query) {
    add(query.id.has_value(), "orders.id = ?{}");
    add(query.reference.has_value(), "payments.reference = ?{}");
    add(query.email.has_value(),
        "payments.account_id IN (SELECT id FROM accounts WHERE email = ?{})");
    add(query.status.has_value(), "payments.status = ?{}");
    if (query.refund) {
      switch (*query.refund) {
        case RefundStanding::None:
          add(true, "orders.refunded_minor = 0");
          break;
        case RefundStanding::PartlyRefunded:
          add(true, "orders.refunded_minor > 0 AND orders.refunded_minor < payments.amount_minor");
          break;
        case RefundStanding::Refunded:
          add(true, "orders.refunded_minor >= payments.amount_minor");
          break;
      }
    }
    add(query.from.has_value(), "payments.created_at >= ?{}");
    add(query.until.has_value(), "payments.created_at < ?{}");
    add(query.currency.has_value(), "payments.currency = ?{}");
    add(query.min_minor.has_value(), "payments.amount_minor >= ?{}");
    add(query.max_minor.has_value(), "payments.amount_minor <= ?{}");
  }

  const std::string& where() const noexcept { return where_; }
  int count() const noexcept { return count_; }

  void bind(Statement& statement) const {
    int index = 0;
    if (query_.id) statement.bind(++index, query_.id->value);
    if (query_.reference) statement.bind(++index, *query_.reference);
    if (query_.email) statement.bind(++index, *query_.email);
    if (query_.status) statement.bind(++index, name(*query_.status));
    if (query_.from) statement.bind(++index, epoch(*query_.from));
    if (query_.until) statement.bind(++index, epoch(*query_.until));
    if (query_.currency) statement.bind(++index, code(*query_.currency));
    if (query_.min_minor) statement.bind(++index, *query_.min_minor);
    if (query_.max_minor) statement.bind(++index, *query_.max_minor);
  }

 private:
  void add(bool present, std::string_view condition) {
    if (!present) return;
    where_ += where_.empty() ? "WHERE " : " AND ";
    const bool numbered = condition.find("?{}") != std::string_view::npos;
    where_ += numbered ? fmt::format(fmt::runtime(condition), ++count_) : std::string(condition);
  }

  const OrderSearchQuery& query_;
  std::string where_;
  int count_ = 0;
};

std::string_view order_by(OrderSort sort) {
  switch (sort) {
    case OrderSort::CreatedAt:
      return "ORDER BY payments.created_at, orders.id";
    case OrderSort::Total:
      return "ORDER BY payments.amount_minor, orders.id";
    case OrderSort::TotalDescending:
      return "ORDER BY payments.amount_minor DESC, orders.id DESC";
    case OrderSort::CreatedAtDescending:
      break;
  }
  return "ORDER BY payments.created_at DESC, orders.id DESC";
}

}  // namespace

StaffOrderPage SqlStaffOrderReads::search(const OrderSearchQuery& query) {
  const SearchFilters filters(query);
  auto rows = db_.prepare(
      select_orders(fmt::format("{} {} LIMIT ?{} OFFSET ?{}", filters.where(), order_by(query.sort),
                                filters.count() + 1, filters.count() + 2)));
  filters.bind(rows);
  rows.bind(filters.count() + 1, query.limit).bind(filters.count() + 2, query.offset);
  StaffOrderPage page;
  auto email = db_.prepare("SELECT email FROM accounts WHERE id = ?1");
  for (auto& order : read_orders(db_, rows)) {
    email.bind(1, order.payment.user.value);
    auto address = email.step() ? email.column_text(0) : std::string();
    email.reset();
    page.items.push_back({.order = std::move(order), .email = std::move(address)});
  }
  auto count =
      db_.prepare("SELECT COUNT(*) FROM orders JOIN payments ON payments.id = orders.payment_id " +
                  filters.where());
  filters.bind(count);
  if (count.step()) page.total = count.column_int(0);
  return page;
}

std::vector<PostingRecord> SqlStaffOrderReads::postings(std::span<const std::string> references) {
  auto rows = db_.prepare(
      "SELECT created_at, account_kind, account_id, side, amount_micro_eur, original_minor, "
      "original_currency, rate_scaled FROM ledger_entries WHERE posting = ?1 ORDER BY id");
  std::vector<PostingRecord> found;
  for (const auto& reference : references) {
    rows.bind(1, reference);
    PostingRecord record{.reference = reference, .at = {}, .entries = {}};
    while (rows.step()) {
      record.at = from_epoch(rows.column_int(0));
      record.entries.push_back(ledger_entry_from_row(rows, 1));
    }
    rows.reset();
    if (!record.entries.empty()) found.push_back(std::move(record));
  }
  std::ranges::stable_sort(found, {}, &PostingRecord::at);
  return found;
}

std::vector<OrderArtwork> SqlStaffOrderReads::artworks_of(OrderId order) {
  auto rows = db_.prepare("SELECT " + std::string(kArtworkColumns) +
                          ", revoked FROM artworks WHERE order_id = ?1 ORDER BY id");
  rows.bind(1, order.value);
  std::vector<OrderArtwork> found;
  while (rows.step()) {
    found.push_back({.artwork = artwork_from_row(rows), .downloadable = rows.column_int(10) == 0});
  }
  return found;
}

std::vector<PaymentStatusChange> SqlStaffOrderReads::payment_history(PaymentId payment) {
  constexpr std::string_view kTable = "payment_status_changes";
  auto rows = db_.prepare(
      "SELECT at, from_status, to_status, source FROM payment_status_changes "
      "WHERE payment_id = ?1 ORDER BY id");
  rows.bind(1, payment.value);
  return all_rows(rows, [&](const Statement& row) {
    std::optional<PaymentStatus> from;
    if (row.column_optional_text(1))
      from = decode(parse_payment_status, row, 1, kTable, "from_status");
    return PaymentStatusChange{
        .at = from_epoch(row.column_int(0)),
        .from = from,
        .to = decode(parse_payment_status, row, 2, kTable, "to_status"),
        .source = decode(parse_payment_change_source, row, 3, kTable, "source")};
  });
}

std::vector<WebhookEventRecord> SqlStaffOrderReads::webhook_events(
    std::string_view payment_reference) {
  auto rows = db_.prepare(
      "SELECT event_id, kind, processed_at FROM payment_events WHERE payment_reference = ?1 "
      "ORDER BY processed_at, event_id");
  rows.bind(1, payment_reference);
  return all_rows(rows, [](const Statement& row) {
    return WebhookEventRecord{.event_id = row.column_text(0),
                              .kind = row.column_text(1),
                              .received_at = from_epoch(row.column_int(2))};
  });
}

std::vector<OutboxMailRecord> SqlStaffOrderReads::mails_about(std::string_view about) {
  auto rows = db_.prepare(
      "SELECT created_at, recipient, subject, status FROM mail_outbox WHERE about = ?1 "
      "ORDER BY id");
  rows.bind(1, about);
  return all_rows(rows, [](const Statement& row) {
    const auto status = row.column_text(3);
    return OutboxMailRecord{.at = from_epoch(row.column_int(0)),
                            .to = row.column_text(1),
                            .subject = row.column_text(2),
                            .state = status == "Sent"   ? OutboxMailState::Sent
                                     : status == "Dead" ? OutboxMailState::Failed
                                                        : OutboxMailState::Queued};
  });
}

}  // namespace artshop::sql
