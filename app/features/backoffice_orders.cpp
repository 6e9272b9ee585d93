#include "features/backoffice_orders.hpp"

#include <spdlog/spdlog.h>

#include "artshop/http/api.hpp"

namespace artshop::app {
namespace {

// A refund asked of the provider this long ago and still pending was left by a process that
// died, or by a provider that did not answer: it is asked again, under the same reference.
constexpr std::chrono::minutes kRetryRefundsAfter{2};

}  // namespace

BackOfficeOrders::BackOfficeOrders(Infrastructure& infrastructure, Staff& staff_feature,
                                   Orders& orders_feature)
    : shared(infrastructure),
      staff(staff_feature),
      orders(orders_feature),
      search_orders(narrow<StaffOrderReads>(shared.transactions)),
      get_order(narrow<OrderRepository, AccountRepository, GiftCardRepository, RefundRepository,
                       StaffOrderReads>(shared.transactions)),
      refund_order(
          narrow<OrderRepository, GiftCardRepository, RefundRepository, Ledger, AccountRepository,
                 MailOutbox, AuditLog>(shared.transactions),
          orders.payments, shared.clock,
          {.limit_eur_cents = shared.config.refund_limit_eur_cents, .provider_attempts = 3}),
      confirm_refund(narrow<PaymentEventRepository, PaymentRepository, OrderRepository,
                            RefundRepository, Ledger, AuditLog>(shared.transactions),
                     shared.clock) {
  orders.receive_payment_webhook.on_refund(
      [this](const PaymentEvent& event) { return confirm_refund(event); });
}

void BackOfficeOrders::add_routes(http::Router& router) {
  const bool stripe = shared.config.payments.provider == Config::Payments::Provider::Stripe;
  http::add_admin_order_routes(router,
                               {.authenticate = staff.authenticate,
                                .search_orders = search_orders,
                                .get_order = get_order,
                                .refund_order = refund_order,
                                .card_provider = stripe ? "stripe" : "sandbox"},
                               shared.config.client_addresses);
}

void BackOfficeOrders::retry_pending_refunds() {
  const auto before =
      std::chrono::floor<std::chrono::seconds>(shared.clock.now()) - kRetryRefundsAfter;
  if (const auto asked = refund_order.retry_pending(before); !asked) {
    spdlog::error("retrying pending refunds failed: {}", asked.error().detail);
  } else if (*asked > 0) {
    spdlog::info("{} pending refund(s) asked of the provider again", *asked);
  }
}

}  // namespace artshop::app
