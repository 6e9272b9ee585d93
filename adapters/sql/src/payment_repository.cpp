#include "artshop/sql/order_repositories.hpp"
#include "payment_rows.hpp"
#include "row_values.hpp"

namespace artshop::sql {

using std::chrono::sys_seconds;

Payment payment_from_row(const Statement& row, int first) {
  constexpr std::string_view kTable = "payments";
  auto column = [&](int offset) { return first + offset; };
  return {.id = PaymentId{row.column_int(column(0))},
          .purpose = decode(parse_payment_purpose, row, column(1), kTable, "purpose"),
          .user = UserId{row.column_int(column(2))},
          .currency = decode(parse_currency, row, column(3), kTable, "currency"),
          .rate = Rate{row.column_int(column(4))},
          .amount_minor = row.column_int(column(5)),
          .first_name = row.column_text(column(6)),
          .last_name = row.column_text(column(7)),
          .billing = {.country = row.column_text(column(8)),
                      .state = row.column_text(column(9)),
                      .city = row.column_text(column(10)),
                      .address1 = row.column_text(column(11)),
                      .zip_code = row.column_text(column(12))},
          .browser = {.javascript_enabled = row.column_int(column(13)) != 0,
                      .accept_language = row.column_text(column(14)),
                      .screen_width = static_cast<int>(row.column_int(column(15))),
                      .screen_height = static_cast<int>(row.column_int(column(16))),
                      .time_zone_offset = static_cast<int>(row.column_int(column(17))),
                      .user_agent = row.column_text(column(18))},
          .reference = row.column_text(column(19)),
          .status = decode(parse_payment_status, row, column(20), kTable, "status"),
          .created_at = from_epoch(row.column_int(column(21))),
          .expires_at = from_epoch(row.column_int(column(22))),
          .settled_at = from_optional_epoch(row.column_optional_int(column(23))),
          .provider_payment = row.column_text(column(24))};
}

namespace {

std::string select_payments(std::string_view where) {
  return "SELECT " + std::string(kPaymentColumns) + " FROM payments " + std::string(where);
}

std::optional<Payment> first_payment(Statement& rows) {
  if (!rows.step()) return std::nullopt;
  return payment_from_row(rows, 0);
}

}  // namespace

PaymentId SqlPaymentRepository::insert(const Payment& payment) {
  auto statement = db_.prepare(
      "INSERT INTO payments (purpose, account_id, currency, rate_scaled, amount_minor, "
      "first_name, last_name, billing_country, billing_state, billing_city, billing_address1, "
      "billing_zip_code, javascript_enabled, accept_language, screen_width, screen_height, "
      "time_zone_offset, user_agent, reference, status, created_at, expires_at, settled_at) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, "
      "?19, ?20, ?21, ?22, ?23) RETURNING id");
  statement.bind(1, name(payment.purpose))
      .bind(2, payment.user.value)
      .bind(3, code(payment.currency))
      .bind(4, payment.rate.scaled)
      .bind(5, payment.amount_minor)
      .bind(6, payment.first_name)
      .bind(7, payment.last_name)
      .bind(8, payment.billing.country)
      .bind(9, payment.billing.state)
      .bind(10, payment.billing.city)
      .bind(11, payment.billing.address1)
      .bind(12, payment.billing.zip_code)
      .bind(13, payment.browser.javascript_enabled ? 1 : 0)
      .bind(14, payment.browser.accept_language)
      .bind(15, payment.browser.screen_width)
      .bind(16, payment.browser.screen_height)
      .bind(17, payment.browser.time_zone_offset)
      .bind(18, payment.browser.user_agent)
      .bind(19, payment.reference)
      .bind(20, name(payment.status))
      .bind(21, epoch(payment.created_at))
      .bind(22, epoch(payment.expires_at))
      .bind(23, optional_epoch(payment.settled_at))
      .step();
  const PaymentId id{statement.column_int(0)};
  record_change(id, std::nullopt, payment.status, payment.created_at, PaymentChangeSource::Placed);
  return id;
}

void SqlPaymentRepository::record_change(PaymentId id, std::optional<PaymentStatus> from,
                                         PaymentStatus to, sys_seconds at,
                                         PaymentChangeSource source) {
  auto insert = db_.prepare(
      "INSERT INTO payment_status_changes (payment_id, at, from_status, to_status, source) "
      "VALUES (?1, ?2, ?3, ?4, ?5)");
  insert.bind(1, id.value).bind(2, epoch(at));
  if (from) {
    insert.bind(3, name(*from));
  } else {
    insert.bind_null(3);
  }
  insert.bind(4, name(to)).bind(5, name(source)).run();
}

std::optional<Payment> SqlPaymentRepository::find(PaymentId id) {
  auto row = db_.prepare(select_payments("WHERE id = ?1"));
  row.bind(1, id.value);
  return first_payment(row);
}

std::optional<Payment> SqlPaymentRepository::find_by_reference(std::string_view reference) {
  auto row = db_.prepare(select_payments("WHERE reference = ?1"));
  row.bind(1, reference);
  return first_payment(row);
}

bool SqlPaymentRepository::update_status(PaymentId id, PaymentStatus from, PaymentStatus to,
                                         sys_seconds at, PaymentChangeSource source) {
  db_.prepare("UPDATE payments SET status = ?3, settled_at = ?4 WHERE id = ?1 AND status = ?2")
      .bind(1, id.value)
      .bind(2, name(from))
      .bind(3, name(to))
      .bind(4, epoch(at))
      .run();
  if (db_.changes() != 1) return false;
  record_change(id, from, to, at, source);
  return true;
}

void SqlPaymentRepository::set_provider_payment(PaymentId id, std::string_view provider_payment) {
  db_.prepare("UPDATE payments SET provider_payment = ?2 WHERE id = ?1 AND provider_payment = ''")
      .bind(1, id.value)
      .bind(2, provider_payment)
      .run();
}

std::vector<Payment> SqlPaymentRepository::pending_expired(sys_seconds now) {
  auto rows = db_.prepare(
      select_payments("WHERE status = 'Pending' AND expires_at <= ?1 ORDER BY expires_at, id"));
  rows.bind(1, epoch(now));
  std::vector<Payment> found;
  while (rows.step()) found.push_back(payment_from_row(rows, 0));
  return found;
}

std::size_t SqlPaymentRepository::count_pending_for_user(UserId user, PaymentPurpose purpose,
                                                         sys_seconds now) {
  auto count = db_.prepare(
      "SELECT COUNT(*) FROM payments WHERE account_id = ?1 AND purpose = ?2 AND "
      "status = 'Pending' AND expires_at > ?3");
  count.bind(1, user.value).bind(2, name(purpose)).bind(3, epoch(now));
  return count.step() ? static_cast<std::size_t>(count.column_int(0)) : 0;
}

}  // namespace artshop::sql
