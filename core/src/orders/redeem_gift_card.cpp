#include "artshop/core/orders/redeem_gift_card.hpp"

#include <fmt/format.h>

#include "artshop/core/orders/gift_card.hpp"
#include "artshop/core/rate_limiter.hpp"
#include "settlement.hpp"

namespace artshop {

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
    // A void card (its order refunded, or voided by staff) is no card at all to the customer.
    if (!card || card->voided_at) {
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

}  // namespace artshop
