#include "artshop/core/orders/wallet.hpp"

#include <fmt/format.h>

#include <charconv>

#include "artshop/core/catalogue/offer_query.hpp"
#include "artshop/core/rate_limiter.hpp"
#include "artshop/core/text.hpp"
#include "settlement.hpp"

namespace artshop {
namespace {

// An order with the grouped numbers of the gift cards it bought (none until it is paid).
OrderHistoryItem history_item(GiftCardRepository& gift_cards, Order order) {
  OrderHistoryItem item{std::move(order), {}};
  for (const auto& card : gift_cards.list_for_order(item.order.id)) {
    item.gift_card_numbers.push_back(group_gift_card_number(card.number));
  }
  return item;
}

// A Page or PageSize parameter: absent or empty is `fallback`; otherwise a whole number from 1
// to `max`, or an error under `field`.
// Order history pages forgive spaces around the number.
int page_number(const std::optional<std::string>& raw, std::string_view field, int fallback,
                int max, ValidationErrors& errors) {
  const auto trimmed =
      raw ? std::optional<std::string>(std::string(text::trim(*raw))) : std::nullopt;
  return read_page_number(trimmed, field, fallback, max, errors);
}

}  // namespace

Result<Money> GetBalance::operator()(const GetBalanceCommand& command) {
  const auto rates = rates_.current();
  const auto currency = parse_currency(command.currency);
  const auto rate = currency ? rates.rate(*currency) : std::nullopt;
  if (!currency || !rate) {
    return std::unexpected(Error::validation("currency", "This currency is not supported."));
  }
  return transactions_.read([&](Ports::Scope& tx) -> Result<Money> {
    const auto balance =
        from_micro_eur(tx.get<Ledger>().customer_balance(command.user), *currency, *rate);
    if (!balance) return std::unexpected(Error::internal(std::string(describe(balance.error()))));
    return *balance;
  });
}

Result<RedeemedGiftCard> RedeemGiftCard::operator()(const RedeemGiftCardCommand& command) {
  const auto number = normalize_gift_card_number(command.gift_card_number);
  const auto digest = number ? digests_.digest(*number) : std::string{};
  const auto bucket = rate_bucket("gift-card-failures", std::to_string(command.user.value));
  const auto now = orders_detail::seconds(clock_.now());

  // A wrong number must commit its failure, so the refusal is a value inside the
  // transaction and becomes an error after the commit.
  enum class Verdict : std::uint8_t { Redeemed, Wrong, AlreadyUsed };
  struct Outcome {
    Verdict verdict = Verdict::Wrong;
    RedeemedGiftCard redeemed;
  };
  auto outcome = transactions_.write([&](Ports::Scope& tx) -> Result<Outcome> {
    auto& gift_cards = tx.get<GiftCardRepository>();
    auto& ledger = tx.get<Ledger>();
    RateLimiter limiter(tx.get<RateLimitRepository>(), clock_.now());
    if (auto limited = limiter.check(bucket, limits_.gift_card_failures_per_user); !limited) {
      return std::unexpected(limited.error());
    }
    const auto card = number ? gift_cards.find_by_digest(digest) : std::nullopt;
    if (!card) {
      limiter.record(bucket);
      return Outcome{Verdict::Wrong, {}};
    }
    if (card->redeemed_by || !gift_cards.redeem(digest, command.user, now)) {
      return Outcome{Verdict::AlreadyUsed, {}};
    }
    Posting::Builder posting(fmt::format("gift-card:{}", digest), now);
    posting
        .debit(LedgerAccount::gift_cards_outstanding(), card->value_micro_eur, card->bought,
               card->rate)
        .credit(LedgerAccount::customer(command.user), card->value_micro_eur, card->bought,
                card->rate);
    if (auto posted = orders_detail::post(ledger, posting); !posted) {
      return std::unexpected(posted.error());
    }
    if (auto kept = IdempotencyKeys::keep(tx.get<IdempotencyRepository>(), command.idempotency,
                                          IdempotentOutcome::gift_card_redemption(digest));
        !kept) {
      return std::unexpected(kept.error());
    }
    return Outcome{Verdict::Redeemed,
                   {.value_micro_eur = card->value_micro_eur,
                    .balance_micro_eur = ledger.customer_balance(command.user),
                    .number_digest = digest}};
  });
  if (!outcome) return std::unexpected(outcome.error());
  switch (outcome->verdict) {
    case Verdict::Redeemed:
      return outcome->redeemed;
    case Verdict::AlreadyUsed:
      return std::unexpected(Error::validation(kField, std::string(kAlreadyUsed)));
    case Verdict::Wrong:
      break;
  }
  return std::unexpected(Error::validation(kField, std::string(kInvalid)));
}

Result<RedeemedGiftCard> RedeemGiftCard::redeemed(UserId caller, std::string_view number_digest) {
  return transactions_.read([&](Ports::Scope& tx) -> Result<RedeemedGiftCard> {
    const auto card = tx.get<GiftCardRepository>().find_by_digest(number_digest);
    if (!card || card->redeemed_by != caller) {
      return std::unexpected(Error::not_found("no such gift card redemption"));
    }
    return RedeemedGiftCard{.value_micro_eur = card->value_micro_eur,
                            .balance_micro_eur = tx.get<Ledger>().customer_balance(caller),
                            .number_digest = std::string(number_digest)};
  });
}

Result<OrderHistoryPage> ListOrders::operator()(const ListOrdersQuery& query) {
  ValidationErrors errors;
  OrderHistoryPage page;
  page.page = page_number(query.page, "Page", 1, kMaxPage, errors);
  page.page_size = page_number(query.page_size, "PageSize", kDefaultPageSize, kMaxPageSize, errors);
  if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));
  const int offset = (page.page - 1) * page.page_size;
  return transactions_.read([&](Ports::Scope& tx) -> Result<OrderHistoryPage> {
    // Filled afresh on each attempt, from the page asked for.
    auto filled = page;
    auto found = tx.get<OrderRepository>().list_for_user(query.user, offset, filled.page_size);
    filled.total = found.total;
    for (auto& order : found.items) {
      filled.items.push_back(history_item(tx.get<GiftCardRepository>(), std::move(order)));
    }
    return filled;
  });
}

Result<OrderHistoryItem> GetOrder::operator()(UserId caller, OrderId id) {
  return transactions_.read([&](Ports::Scope& tx) -> Result<OrderHistoryItem> {
    auto order = tx.get<OrderRepository>().find(id);
    if (!order || order->payment.user != caller) {
      return std::unexpected(Error::not_found("no such order"));
    }
    return history_item(tx.get<GiftCardRepository>(), std::move(*order));
  });
}

Result<Payment> GetDeposit::operator()(UserId caller, PaymentId id) {
  return transactions_.read([&](Ports::Scope& tx) -> Result<Payment> {
    auto deposit = tx.get<PaymentRepository>().find(id);
    if (!deposit || deposit->purpose != PaymentPurpose::Deposit || deposit->user != caller) {
      return std::unexpected(Error::not_found("no such deposit"));
    }
    return std::move(*deposit);
  });
}

}  // namespace artshop
