#include "artshop/core/orders/fulfil_paid_order.hpp"

#include <fmt/format.h>

#include <utility>

#include "artshop/core/orders/gift_card.hpp"
#include "artshop/core/orders/ledger.hpp"
#include "artshop/core/orders/store_gift_card.hpp"
#include "settlement.hpp"

namespace artshop {
namespace {

// The mail that hands a buyer the numbers of the gift cards an order bought.
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

}  // namespace

Result<std::vector<std::string>> FulfilPaidOrder::operator()(const Ports& tx, const Order& order,
                                                             Funding funding,
                                                             std::chrono::sys_seconds now) const {
  auto amounts = orders_detail::amounts_of(order);
  if (!amounts) return std::unexpected(amounts.error());
  const auto& payment = order.payment;

  for (const auto& line : order.lines) {
    tx.artworks.add({.owner = payment.user,
                     .order = order.id,
                     .offer = line.offer,
                     .attribute = line.attribute,
                     .title = line.title,
                     .size_name = line.size_name,
                     .long_edge = line.long_edge,
                     .licence = line.licence,
                     .acquired_at = now});
    // The reservation kept everyone else out, so the offer is still Active here.
    if (line.licence == Licence::ExclusiveCommercial) tx.offers.mark_sold_out(line.offer);
  }
  tx.orders.release_reservations(order.id);

  const auto debit_account = funding == Funding::Balance ? LedgerAccount::customer(payment.user)
                                                         : LedgerAccount::provider_cash();
  Posting::Builder posting(orders_detail::order_posting_reference(payment.reference), now);
  posting.debit(debit_account, amounts->total_micro, order.total(), payment.rate);
  if (amounts->revenue_micro > 0) {
    posting.credit(LedgerAccount::sales_revenue(), amounts->revenue_micro,
                   Money(amounts->lines_minor, payment.currency), payment.rate);
  }

  std::vector<std::string> numbers;
  for (std::size_t i = 0; i < order.gift_cards.size(); ++i) {
    const auto& line = order.gift_cards[i];
    const auto value = amounts->gift_card_micro[i];
    auto stored = store_gift_card(tx.gift_cards, random_, digests_,
                                  {.order = order.id,
                                   .buyer = payment.user,
                                   .value_micro_eur = value,
                                   .bought = Money(line.amount_minor, payment.currency),
                                   .rate = payment.rate,
                                   .issued_at = now});
    if (!stored) return std::unexpected(stored.error());
    numbers.push_back(group_gift_card_number(stored->number));
    posting.credit(LedgerAccount::gift_cards_outstanding(), value,
                   Money(line.amount_minor, payment.currency), payment.rate);
  }
  if (auto posted = orders_detail::post(tx.ledger, posting); !posted) {
    return std::unexpected(posted.error());
  }
  // Queued by the attempt that commits, so a rolled-back attempt's numbers are never mailed.
  if (!numbers.empty()) {
    if (const auto buyer = tx.accounts.find_by_id(payment.user)) {
      tx.mail.enqueue(gift_card_mail(buyer->email, order, numbers), now, order_object(order.id));
    }
  }
  return numbers;
}

}  // namespace artshop
