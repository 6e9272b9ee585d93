#pragma once

// The payments table as the repositories of payments and of orders (which read each order
// with its payment) share it.
#include <string_view>

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
    "payments.created_at, payments.expires_at, payments.settled_at";

// The payment whose kPaymentColumns start at column `first` of the row.
Payment payment_from_row(const Statement& row, int first);

}  // namespace artshop::sql
