#include "settlement.hpp"

#include <fmt/format.h>

#include <array>

#include "artshop/core/orders/gift_card.hpp"

namespace artshop::orders_detail {
namespace {

Error money_fault(std::string_view what, MoneyError error) {
  return Error::internal(fmt::format("{}: {}", what, describe(error)));
}

constexpr int kNumberAttempts = 5;

}  // namespace

bool settle(PaymentRepository& payments, Payment& payment, PaymentStatus to,
            std::chrono::sys_seconds now) {
  const auto next = transition(payment.status, to);
  if (!next || !payments.update_status(payment.id, payment.status, *next, now)) return false;
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

Result<std::vector<std::string>> fulfil(const FulfilmentPorts& ports, const Order& order,
                                        Funding funding, RandomSource& random,
                                        const TokenHasher& digests, std::chrono::sys_seconds now) {
  auto amounts = amounts_of(order);
  if (!amounts) return std::unexpected(amounts.error());
  const auto& payment = order.payment;

  for (const auto& line : order.lines) {
    ports.artworks.add({.owner = payment.user,
                        .order = order.id,
                        .offer = line.offer,
                        .attribute = line.attribute,
                        .title = line.title,
                        .size_name = line.size_name,
                        .long_edge = line.long_edge,
                        .licence = line.licence,
                        .acquired_at = now});
    // The reservation kept everyone else out, so the offer is still Active here.
    if (line.licence == Licence::ExclusiveCommercial) ports.offers.mark_sold_out(line.offer);
  }
  ports.orders.release_reservations(order.id);

  const auto debit_account = funding == Funding::Balance ? LedgerAccount::customer(payment.user)
                                                         : LedgerAccount::provider_cash();
  Posting::Builder posting(order_posting_reference(payment.reference), now);
  posting.debit(debit_account, amounts->total_micro, order.total(), payment.rate);
  if (amounts->revenue_micro > 0) {
    posting.credit(LedgerAccount::sales_revenue(), amounts->revenue_micro,
                   Money(amounts->lines_minor, payment.currency), payment.rate);
  }

  std::vector<std::string> numbers;
  for (std::size_t i = 0; i < order.gift_cards.size(); ++i) {
    const auto& line = order.gift_cards[i];
    const auto value = amounts->gift_card_micro[i];
    bool stored = false;
    for (int attempt = 0; attempt < kNumberAttempts && !stored; ++attempt) {
      auto number = generate_gift_card_number(random);
      GiftCard card{.number_digest = digests.digest(number),
                    .number = number,
                    .order = order.id,
                    .buyer = payment.user,
                    .value_micro_eur = value,
                    .bought = Money(line.amount_minor, payment.currency),
                    .rate = payment.rate,
                    .issued_at = now,
                    .redeemed_by = std::nullopt,
                    .redeemed_at = std::nullopt};
      stored = ports.gift_cards.insert(card);
      if (stored) numbers.push_back(group_gift_card_number(number));
    }
    if (!stored) return std::unexpected(Error::internal("no unused gift card number was drawn"));
    posting.credit(LedgerAccount::gift_cards_outstanding(), value,
                   Money(line.amount_minor, payment.currency), payment.rate);
  }
  if (auto posted = post(ports.ledger, posting); !posted) return std::unexpected(posted.error());
  return numbers;
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

EmailMessage gift_card_mail(std::string email, const Order& order,
                            const std::vector<std::string>& numbers) {
  std::string body = fmt::format("Thank you for your Artshop order {}.\n\n", order.id.value);
  body += numbers.size() == 1 ? "Your gift card:\n\n" : "Your gift cards:\n\n";
  for (std::size_t i = 0; i < numbers.size() && i < order.gift_cards.size(); ++i) {
    body +=
        fmt::format("  {}  worth {}\n", numbers[i],
                    Money(order.gift_cards[i].amount_minor, order.payment.currency).to_string());
  }
  body +=
      "\nWhoever has the number can redeem it once, under Balance in their account. Keep it "
      "safe until you pass it on.\n";
  return {
      .to = std::move(email), .subject = "Your Artshop gift card", .text_body = std::move(body)};
}

std::string new_payment_reference(RandomSource& random, std::string_view prefix) {
  std::array<std::byte, 16> bytes{};
  random.fill(bytes);
  std::string reference(prefix);
  for (const auto byte : bytes) reference += fmt::format("{:02x}", std::to_integer<unsigned>(byte));
  return reference;
}

}  // namespace artshop::orders_detail
