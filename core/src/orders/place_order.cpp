#include "artshop/core/orders/place_order.hpp"

#include <fmt/format.h>

#include "checkout_rules.hpp"
#include "settlement.hpp"

namespace artshop {

using orders_detail::seconds;
using namespace orders_detail::checkout;

Result<PlacedOrder> PlaceOrder::operator()(PlaceOrderCommand command) {
  const auto gift_card_minor =
      amount_of(command.gift_card_amount, command.currency, "giftCardAmount");
  if (!gift_card_minor) return std::unexpected(gift_card_minor.error());
  ValidationErrors errors;
  check_payer(command.names, command.billing, command.browser, command.agreed_to_terms, errors);
  if (command.cart_items.size() > limits_.max_cart_lines) {
    // Refused before pricing: the catalogue is not asked about a cart this long.
    errors.add("cartItems",
               fmt::format("An order holds at most {} pictures.", limits_.max_cart_lines));
    return std::unexpected(Error::validation(std::move(errors)));
  }
  if (!command.pay_by_balance && payments_ == nullptr) {
    return std::unexpected(Error::general(std::string(kNoCardPayments)));
  }
  const auto rates = rates_.current();
  const auto now = seconds(clock_.now());
  std::string email;

  auto placed = transactions_.write([&](Ports::Scope& tx) -> Result<PlacedOrder> {
    // Priced inside the write transaction, so the offers cannot change under the order.
    auto priced = price_cart({.lines = command.cart_items,
                              .gift_card_amount_minor = *gift_card_minor,
                              .currency = command.currency},
                             tx.get<OfferRepository>(), rates);
    ValidationErrors all = errors;
    if (!priced) all.merge(priced.error());
    if (!all.empty()) return std::unexpected(Error::validation(std::move(all)));
    const auto account = tx.get<AccountRepository>().find_by_id(command.user);
    if (!account) return std::unexpected(Error::unauthenticated("account no longer exists"));
    email = account->email;

    const Amount total{.purpose = PaymentPurpose::Order,
                       .currency = priced->currency,
                       .rate = priced->rate,
                       .minor = priced->total_minor};
    Order order{.id = {},
                .payment = new_payment(total, command.user, command.names, command.billing,
                                       command.browser, random_, now),
                .lines = std::move(priced->lines),
                .gift_cards = std::move(priced->gift_cards),
                .pay_by_balance = command.pay_by_balance};
    if (command.pay_by_balance) {
      const auto amounts = orders_detail::amounts_of(order);
      if (!amounts) return std::unexpected(amounts.error());
      if (tx.get<Ledger>().customer_balance(command.user) < amounts->total_micro) {
        return std::unexpected(Error::general(std::string(kInsufficientBalance)));
      }
      // Paid from the balance at once: the payment is written Paid, never Pending then updated.
      // Nobody could see it Pending, and the update looked its row up among every Pending
      // payment, which other customers' orders and deposits write: under SERIALIZABLE that
      // made their transactions conflict with this one (docs/ledger.md, "Balances").
      if (!orders_detail::settle_unstored(order.payment, PaymentStatus::Paid, now)) {
        return std::unexpected(Error::internal("a new payment could not be settled"));
      }
    } else if (auto beyond = beyond_pending_limits(tx.get<OrderRepository>(), order, limits_)) {
      return std::unexpected(std::move(*beyond));
    }
    order.payment.id = tx.get<PaymentRepository>().insert(order.payment);
    order.id = tx.get<OrderRepository>().insert(order);
    for (const auto& line : order.lines) {
      if (line.licence != Licence::ExclusiveCommercial) continue;
      if (!tx.get<OrderRepository>().reserve_exclusive(line.offer, order.id)) {
        return std::unexpected(Error::validation("cartItems", std::string(kNoLongerAvailable)));
      }
    }
    if (auto kept = IdempotencyKeys::keep(tx.get<IdempotencyRepository>(), command.idempotency,
                                          IdempotentOutcome::order(order.id));
        !kept) {
      return std::unexpected(kept.error());
    }
    if (!command.pay_by_balance) return PlacedOrder{std::move(order), std::nullopt, {}};

    auto numbers = fulfil_(FulfilPaidOrder::Ports::of(tx), order, Funding::Balance, now);
    if (!numbers) return std::unexpected(numbers.error());
    return PlacedOrder{std::move(order), std::nullopt, std::move(*numbers)};
  });
  if (!placed) return placed;
  if (placed->order.payment.status == PaymentStatus::Paid) return placed;

  // Outside the transaction: the provider's answer may take seconds. If it fails, the order
  // stays Pending until it expires and releases what it holds.
  const auto& order = placed->order;
  const auto checkout = payments_->create_checkout(
      checkout_request(order.payment, order.id.value,
                       fmt::format("Artshop order {}", order.id.value), email, command.urls));
  placed->payment_link = checkout.payment_link;
  return placed;
}

}  // namespace artshop
