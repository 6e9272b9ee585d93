#include "settlement.hpp"

#include <fmt/format.h>

#include <array>

#include "artshop/core/orders/gift_card.hpp"

namespace artshop::orders_detail {
namespace {

Error money_fault(std::string_view what, MoneyError error) {
  return Error::internal(fmt::format("{}: {}", what, describe(error)));
}

}  // namespace

bool settle(PaymentRepository& payments, Payment& payment, PaymentStatus to,
            std::chrono::sys_seconds now, PaymentChangeSource source) {
  const auto next = transition(payment.status, to);
  if (!next || !payments.update_status(payment.id, payment.status, *next, now, source)) {
    return false;
  }
  return settle_unstored(payment, *next, now);
}

bool settle_unstored(Payment& payment, PaymentStatus to, std::chrono::sys_seconds now) {
  const auto next = transition(payment.status, to);
  if (!next) return false;
  payment.status = *next;
  payment.settled_at = now;
  return true;
}

Result<OrderAmounts> amounts_of(const Order& order) {
  const auto& payment = order.payment;
  OrderAmounts amounts;
  for (const auto& line : order.lines) amounts.lines_minor += line.price_minor;
  if (amounts.lines_minor > 0) {
    const auto micro = to_micro_eur(Money(amounts.lines_minor, payment.currency), payment.rate);
    if (!micro) return std::unexpected(money_fault("order lines in micro-euros", micro.error()));
    amounts.revenue_micro = *micro;
  }
  amounts.total_micro = amounts.revenue_micro;
  for (const auto& card : order.gift_cards) {
    const auto micro = to_micro_eur(Money(card.amount_minor, payment.currency), payment.rate);
    if (!micro) return std::unexpected(money_fault("gift card in micro-euros", micro.error()));
    amounts.gift_card_micro.push_back(*micro);
    amounts.total_micro += *micro;
  }
  return amounts;
}

Result<void> post(Ledger& ledger, const Posting::Builder& builder) {
  auto posting = builder.build();
  if (!posting) return std::unexpected(Error::internal(std::string(describe(posting.error()))));
  ledger.post(*posting);
  return {};
}

std::string order_posting_reference(std::string_view payment_reference) {
  return fmt::format("order:{}", payment_reference);
}

Result<bool> credit_late_payment(Ledger& ledger, const Payment& payment,
                                 std::chrono::sys_seconds now) {
  const auto reference = fmt::format("late-payment:{}", payment.reference);
  if (!ledger.entries(reference).empty()) return false;
  const auto micro = to_micro_eur(payment.amount(), payment.rate);
  if (!micro) return std::unexpected(money_fault("late payment in micro-euros", micro.error()));
  Posting::Builder posting(reference, now);
  posting.debit(LedgerAccount::provider_cash(), *micro, payment.amount(), payment.rate)
      .credit(LedgerAccount::customer(payment.user), *micro, payment.amount(), payment.rate);
  if (auto posted = post(ledger, posting); !posted) return std::unexpected(posted.error());
  return true;
}

std::string new_payment_reference(RandomSource& random, std::string_view prefix) {
  std::array<std::byte, 16> bytes{};
  random.fill(bytes);
  std::string reference(prefix);
  for (const auto byte : bytes) reference += fmt::format("{:02x}", std::to_integer<unsigned>(byte));
  return reference;
}

}  // namespace artshop::orders_detail
