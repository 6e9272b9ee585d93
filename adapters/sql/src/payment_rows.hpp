#pragma once

// The payments table as the repositories of payments and of orders (which read each order
// with its payment) share it.
#include <string>
#include <string_view>
#include <vector>

#include "artshop/core/orders/ledger.hpp"
#include "artshop/core/orders/order.hpp"
#include "artshop/core/orders/payment.hpp"
#include "artshop/sql/connection.hpp"

namespace artshop::sql {

// Every column of `payments`, qualified with the table's name so that a join can select them
// as they are, in the order payment_from_row reads them.
inline constexpr std::string_view kPaymentColumns =
    "payments.id, payments.purpose, payments.account_id, payments.currency, "
    "payments.rate_scaled, payments.amount_minor, payments.first_name, payments.last_name, "
    "payments.billing_country, payments.billing_state, payments.billing_city, "
    "payments.billing_address1, payments.billing_zip_code, payments.javascript_enabled, "
    "payments.accept_language, payments.screen_width, payments.screen_height, "
    "payments.time_zone_offset, payments.user_agent, payments.reference, payments.status, "
    "payments.created_at, payments.expires_at, payments.settled_at, payments.provider_payment";

// The payment whose kPaymentColumns start at column `first` of the row.
Payment payment_from_row(const Statement& row, int first);

// The orders the back office and the shop read alike: an order's own columns and its payment's,
// of the orders joined with their payments that match `rest` (WHERE, ORDER BY, LIMIT).
std::string select_orders(std::string_view rest);
// The orders of rows selected by select_orders, each with its lines and gift cards.
std::vector<Order> read_orders(Connection& db, Statement& rows);

// The columns of `artworks` that artwork_from_row reads, in its order.
inline constexpr std::string_view kArtworkColumns =
    "id, account_id, order_id, offer_id, attribute_id, title, size_name, long_edge, licence, "
    "acquired_at";
Artwork artwork_from_row(const Statement& row);

// A ledger entry whose account_kind, account_id, side, amount_micro_eur, original_minor,
// original_currency and rate_scaled start at column `first`.
LedgerEntry ledger_entry_from_row(const Statement& row, int first);

}  // namespace artshop::sql
