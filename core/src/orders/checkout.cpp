#include "artshop/core/orders/checkout.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "settlement.hpp"

namespace artshop {
namespace {

using orders_detail::seconds;

constexpr std::string_view kAgreedField = "agreedToPP_TOS";

// The names, billing address and browser details of an order or a deposit, checked and
// cleaned up.
void check_payer(ProfileForm& names, BillingForm& billing, BrowserInfo& browser, bool agreed,
                 ValidationErrors& errors) {
  check_profile(names, errors);
  check_billing(billing, errors);
  check_browser(browser, errors);
  if (!agreed) errors.add(kAgreedField, std::string(PlaceOrder::kMustAgree));
}

std::string_view plural(std::size_t count) {
  return count == 1 ? "" : "s";
}

std::size_t exclusive_lines(const Order& order) {
  return static_cast<std::size_t>(
      std::ranges::count(order.lines, Licence::ExclusiveCommercial, &OrderLine::licence));
}

// An order that will wait for its payment must leave the customer within the limits of what
// unpaid orders may hold; checked inside the write transaction, so racing orders cannot both
// slip under them.
std::optional<Error> beyond_pending_limits(OrderRepository& orders, const Order& order,
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

std::string with_id(std::string url, std::int64_t id) {
  const auto text = std::to_string(id);
  for (auto at = url.find(ReturnUrls::kIdPlaceholder); at != std::string::npos;
       at = url.find(ReturnUrls::kIdPlaceholder, at + text.size())) {
    url.replace(at, ReturnUrls::kIdPlaceholder.size(), text);
  }
  return url;
}

BillingAddress address_of(const BillingForm& form) {
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
Payment new_payment(const Amount& amount, UserId user, const ProfileForm& names,
                    const BillingForm& billing, const BrowserInfo& browser, RandomSource& random,
                    std::chrono::sys_seconds now) {
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
Result<std::int64_t> amount_of(const std::optional<std::string>& text, std::string_view currency,
                               std::string_view field) {
  ValidationErrors errors;
  const auto minor = read_amount(text, currency, field, errors);
  if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));
  return minor;
}

// What the provider is asked for a payment; `id` (the order's or the deposit's) goes into the
// return URLs.
CheckoutRequest checkout_request(const Payment& payment, std::int64_t id, std::string description,
                                 std::string email, const ReturnUrls& urls) {
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

}  // namespace

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

    auto numbers = orders_detail::fulfil(orders_detail::FulfilmentPorts::of(tx), order,
                                         orders_detail::Funding::Balance, random_, digests_, now);
    if (!numbers) return std::unexpected(numbers.error());
    if (!numbers->empty()) {
      tx.get<MailOutbox>().enqueue(orders_detail::gift_card_mail(email, order, *numbers), now);
    }
    return PlacedOrder{std::move(order), std::nullopt, std::move(*numbers)};
  });
  if (!placed) return placed;
  if (placed->order.payment.status == PaymentStatus::Paid) return placed;

  // Outside the transaction: the provider's answer may take seconds. If it fails, the order
  // stays Pending until it expires and releases what it holds.
  const auto& order = placed->order;
  const auto checkout = payments_.create_checkout(
      checkout_request(order.payment, order.id.value,
                       fmt::format("Artshop order {}", order.id.value), email, command.urls));
  placed->payment_link = checkout.payment_link;
  return placed;
}

Result<StartedDeposit> StartDeposit::operator()(DepositCommand command) {
  const auto deposit_minor = amount_of(command.amount, command.currency, "depositAmount");
  if (!deposit_minor) return std::unexpected(deposit_minor.error());
  ValidationErrors errors;
  check_payer(command.names, command.billing, command.browser, command.agreed_to_terms, errors);
  const auto rates = rates_.current();
  const auto currency = parse_currency(command.currency);
  const auto rate = currency ? rates.rate(*currency) : std::nullopt;
  if (!currency || !rate) {
    errors.add("currency", "This currency is not supported.");
  } else {
    const auto bounds = bounds_in(*currency, rates, kMinDepositEurCents, kMaxDepositEurCents);
    if (*deposit_minor < bounds.min.minor_units() || *deposit_minor > bounds.max.minor_units()) {
      errors.add("depositAmount", fmt::format("A deposit is {} to {}.", bounds.min.to_string(),
                                              bounds.max.to_string()));
    }
  }
  if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));

  const auto now = seconds(clock_.now());
  std::string email;
  auto stored = transactions_.write([&](Ports::Scope& tx) -> Result<StartedDeposit> {
    const auto account = tx.get<AccountRepository>().find_by_id(command.user);
    if (!account) return std::unexpected(Error::unauthenticated("account no longer exists"));
    email = account->email;
    const auto pending = tx.get<PaymentRepository>().count_pending_for_user(
        command.user, PaymentPurpose::Deposit, now);
    if (pending >= limits_.max_pending_deposits) {
      return std::unexpected(Error::general(fmt::format(
          "You have {} unpaid deposit{}. Complete one of them, or wait until it expires ({} "
          "minutes after it was started), before starting another.",
          pending, plural(pending), kPaymentWindow.count())));
    }
    const Amount amount{.purpose = PaymentPurpose::Deposit,
                        .currency = *currency,
                        .rate = *rate,
                        .minor = *deposit_minor};
    auto deposit = new_payment(amount, command.user, command.names, command.billing,
                               command.browser, random_, now);
    deposit.id = tx.get<PaymentRepository>().insert(deposit);
    if (auto kept = IdempotencyKeys::keep(tx.get<IdempotencyRepository>(), command.idempotency,
                                          IdempotentOutcome::deposit(deposit.id));
        !kept) {
      return std::unexpected(kept.error());
    }
    return StartedDeposit{std::move(deposit), {}};
  });
  if (!stored) return std::unexpected(stored.error());

  const auto& deposit = stored->deposit;
  const auto checkout = payments_.create_checkout(
      checkout_request(deposit, deposit.id.value, "Artshop balance deposit", email, command.urls));
  stored->payment_link = checkout.payment_link;
  return stored;
}

}  // namespace artshop
