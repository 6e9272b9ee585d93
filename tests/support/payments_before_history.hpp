#pragma once

#include <array>
#include <cstdint>
#include <string_view>

// Payments, a webhook event and a mail written before migration 19 gave payments a history,
// events a kind and mails an `about`, in SQL both databases take; and what migration 19 makes
// of them (docs/back-office.md, "Orders"), as counts that must come out as stated. Run by the
// SQLite and the PostgreSQL migration tests.
namespace artshop::testing {

inline constexpr int kVersionBeforeHistory = 18;

inline constexpr std::string_view kPaymentsBeforeHistory =
    "INSERT INTO accounts (id, email, password_hash, created_at) VALUES (1, 'a@b.c', 'h', 0);"
    "INSERT INTO payments (id, purpose, account_id, currency, rate_scaled, amount_minor,"
    " first_name, last_name, billing_country, billing_state, billing_city, billing_address1,"
    " billing_zip_code, javascript_enabled, accept_language, screen_width, screen_height,"
    " time_zone_offset, user_agent, reference, status, created_at, expires_at, settled_at)"
    " VALUES"
    " (1, 'Order', 1, 'EUR', 1000000, 2500, 'A', 'B', 'DE', '', 'Berlin', 'Street 1', '10115',"
    "  1, 'de', 1920, 1080, 60, 'test', 'card-paid', 'Paid', 10, 1810, 20),"
    " (2, 'Order', 1, 'EUR', 1000000, 2500, 'A', 'B', 'DE', '', 'Berlin', 'Street 1', '10115',"
    "  1, 'de', 1920, 1080, 60, 'test', 'balance-paid', 'Paid', 30, 1830, 30),"
    " (3, 'Deposit', 1, 'EUR', 1000000, 1500, 'A', 'B', 'DE', '', 'Berlin', 'Street 1',"
    "  '10115', 1, 'de', 1920, 1080, 60, 'test', 'deposit-expired', 'Expired', 40, 1840, 1900),"
    " (4, 'Order', 1, 'EUR', 1000000, 2500, 'A', 'B', 'DE', '', 'Berlin', 'Street 1', '10115',"
    "  1, 'de', 1920, 1080, 60, 'test', 'card-pending', 'Pending', 50, 1850, NULL);"
    "INSERT INTO orders (id, payment_id, pay_by_balance) VALUES (1, 1, 0), (2, 2, 1), (3, 4, 0);"
    "INSERT INTO payment_events (event_id, processed_at) VALUES ('evt_old', 20);"
    "INSERT INTO mail_outbox (id, recipient, subject, body, status, attempts, created_at,"
    " next_attempt_at) VALUES (5, 'a@b.c', 'Your reset code', 'ABCD', 'Pending', 0, 60, 60);";

struct CountAfterMigration {
  std::string_view query;
  std::int64_t expected;
};

inline constexpr std::array<CountAfterMigration, 9> kHistoryAfterMigration{{
    // A card payment: placed Pending, then settled by (as far as can be known) the webhook.
    {"SELECT count(*) FROM payment_status_changes WHERE payment_id = 1", 2},
    {"SELECT count(*) FROM payment_status_changes WHERE payment_id = 1 AND at = 10"
     " AND from_status IS NULL AND to_status = 'Pending' AND source = 'placed'",
     1},
    {"SELECT count(*) FROM payment_status_changes WHERE payment_id = 1 AND at = 20"
     " AND from_status = 'Pending' AND to_status = 'Paid' AND source = 'webhook'",
     1},
    // Paid from the balance: one change, its creation, straight to Paid.
    {"SELECT count(*) FROM payment_status_changes WHERE payment_id = 2 AND at = 30"
     " AND from_status IS NULL AND to_status = 'Paid' AND source = 'placed'",
     1},
    {"SELECT count(*) FROM payment_status_changes WHERE payment_id = 2", 1},
    // Expired: only the expiry expires a payment.
    {"SELECT count(*) FROM payment_status_changes WHERE payment_id = 3 AND at = 1900"
     " AND from_status = 'Pending' AND to_status = 'Expired' AND source = 'expiry'",
     1},
    {"SELECT count(*) FROM payment_status_changes WHERE payment_id = 4", 1},
    // An old event has no kind nor payment; an old mail is about nothing and still due.
    {"SELECT count(*) FROM payment_events WHERE kind = '' AND payment_reference = ''", 1},
    {"SELECT count(*) FROM mail_outbox WHERE id = 5 AND about = '' AND status = 'Pending'"
     " AND body = 'ABCD'",
     1},
}};

}  // namespace artshop::testing
