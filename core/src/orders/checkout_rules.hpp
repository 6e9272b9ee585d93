#pragma once

// What placing an order and starting a deposit share: checking the payer, the new Pending
// payment, and what the provider is asked for it.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/orders/order_limits.hpp"
#include "artshop/core/orders/place_order.hpp"
#include "artshop/core/orders/return_urls.hpp"
#include "settlement.hpp"

namespace artshop::orders_detail::checkout {

inline constexpr std::string_view kAgreedField = "agreedToPP_TOS";

// The names, billing address and browser details of an order or a deposit, checked and
// cleaned up.
inline void check_payer(ProfileForm& names, BillingForm& billing, BrowserInfo& browser, bool agreed,
                        ValidationErrors& errors) {
  check_profile(names, errors);
  check_billing(billing, errors);
  check_browser(browser, errors);
  if (!agreed) errors.add(kAgreedField, std::string(PlaceOrder::kMustAgree));
}

inline std::string_view plural(std::size_t count) {
  return count == 1 ? "" : "s";
}

inline std::size_t exclusive_lines(const Order& order) {
  return static_cast<std::size_t>(
      std::ranges::count(order.lines, Licence::ExclusiveCommercial, &OrderLine::licence));
}

// An order that will wait for its payment must leave the customer within the limits of what
// unpaid orders may hold; checked inside the write transaction, so racing orders cannot both
// slip under them.
inline std::optional<Error> beyond_pending_limits(OrderRepository& orders, const Order& order,
                                                  const OrderLimits& limits) {
  const auto& payment = order.payment;
  const auto pending = orders.pending_for_user(payment.user, payment.created_at);
  if (pending.size() >= limits.max_pending_orders) {
    return Error::general(fmt::format(
        "You have {} unpaid order{}. Pay one of them, or wait until it expires ({} minutes "
        "after it was placed), before placing another.",
        pending.size(), plural(pending.size()), kPaymentWindow.count()));
  }
  std::size_t held = exclusive_lines(order);
  if (held == 0) return std::nullopt;
  for (const auto& other : pending) held += exclusive_lines(other);
  if (held > limits.max_reserved_exclusives) {
    return Error::validation(
        "cartItems", fmt::format("Unpaid orders may hold at most {} exclusive pictures at once. "
                                 "Pay for the ones you hold, or wait until they are released.",
                                 limits.max_reserved_exclusives));
  }
  return std::nullopt;
}

inline std::string with_id(std::string url, std::int64_t id) {
  const auto text = std::to_string(id);
  for (auto at = url.find(ReturnUrls::kIdPlaceholder); at != std::string::npos;
       at = url.find(ReturnUrls::kIdPlaceholder, at + text.size())) {
    url.replace(at, ReturnUrls::kIdPlaceholder.size(), text);
  }
  return url;
}

inline BillingAddress address_of(const BillingForm& form) {
  return {.country = form.country,
          .state = form.state,
          .city = form.city,
          .address1 = form.address1,
          .zip_code = form.zip_code};
}

// What a payment is for and how much, before the payer is known.
struct Amount {
  PaymentPurpose purpose = PaymentPurpose::Order;
  Currency currency = Currency::EUR;
  Rate rate{Rate::kScale};
  std::int64_t minor = 0;
};

// A new Pending payment by the checked payer, open for kPaymentWindow from `now`.
inline Payment new_payment(const Amount& amount, UserId user, const ProfileForm& names,
                           const BillingForm& billing, const BrowserInfo& browser,
                           RandomSource& random, std::chrono::sys_seconds now) {
  const auto prefix = amount.purpose == PaymentPurpose::Order ? "ord_" : "dep_";
  return {.id = {},
          .purpose = amount.purpose,
          .user = user,
          .currency = amount.currency,
          .rate = amount.rate,
          .amount_minor = amount.minor,
          .first_name = names.first_name,
          .last_name = names.last_name,
          .billing = address_of(billing),
          .browser = browser,
          .reference = orders_detail::new_payment_reference(random, prefix),
          .status = PaymentStatus::Pending,
          .created_at = now,
          .expires_at = now + kPaymentWindow,
          .settled_at = std::nullopt};
}

// The amount, or the error that refuses the request on its own: a malformed amount is
// reported before anything else is checked.
inline Result<std::int64_t> amount_of(const std::optional<std::string>& text,
                                      std::string_view currency, std::string_view field) {
  ValidationErrors errors;
  const auto minor = read_amount(text, currency, field, errors);
  if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));
  return minor;
}

// What the provider is asked for a payment; `id` (the order's or the deposit's) goes into the
// return URLs.
inline CheckoutRequest checkout_request(const Payment& payment, std::int64_t id,
                                        std::string description, std::string email,
                                        const ReturnUrls& urls) {
  return {.reference = payment.reference,
          .amount = payment.amount(),
          .description = std::move(description),
          .customer_email = std::move(email),
          .first_name = payment.first_name,
          .last_name = payment.last_name,
          .billing = payment.billing,
          .browser = payment.browser,
          .return_url = with_id(urls.success, id),
          .cancel_url = with_id(urls.cancel, id),
          .expires_at = payment.expires_at};
}

}  // namespace artshop::orders_detail::checkout
