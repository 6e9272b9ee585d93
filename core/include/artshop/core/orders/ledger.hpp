#pragma once

#include <chrono>
#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/core/accounts/user_id.hpp"
#include "artshop/core/exchange_rates.hpp"
#include "artshop/core/money.hpp"

// The double-entry ledger behind balances, sales and gift cards (docs/ledger.md). Amounts
// are micro-euros (1e-6 EUR) in 64-bit integers; every entry also keeps the amount, currency
// and rate it came from.
namespace artshop {

// One micro-euro is 1e-6 EUR.
inline constexpr std::int64_t kMicroEurPerEur = 1'000'000;
inline constexpr std::int64_t kMicroEurPerCent = 10'000;

enum class LedgerAccountKind : std::uint8_t {
  CustomerBalance,       // liability: what the shop owes one customer (has a user)
  ProviderCash,          // asset: money held for the shop by the payment provider
  SalesRevenue,          // revenue: pictures sold
  GiftCardsOutstanding,  // liability: sold gift cards not yet redeemed
  GenerationRevenue,     // revenue: images generated on request past the free ones
  Adjustments,           // expense: the shop's goodwill and corrections (balance adjustments,
                         // goodwill gift cards) made by staff
};

std::string_view name(LedgerAccountKind kind) noexcept;
std::optional<LedgerAccountKind> parse_ledger_account_kind(std::string_view text) noexcept;

struct LedgerAccount {
  LedgerAccountKind kind = LedgerAccountKind::ProviderCash;
  UserId user{};  // CustomerBalance only; 0 for the shop's own accounts

  static LedgerAccount customer(UserId user) noexcept {
    return {LedgerAccountKind::CustomerBalance, user};
  }
  static LedgerAccount provider_cash() noexcept { return {LedgerAccountKind::ProviderCash, {}}; }
  static LedgerAccount sales_revenue() noexcept { return {LedgerAccountKind::SalesRevenue, {}}; }
  static LedgerAccount gift_cards_outstanding() noexcept {
    return {LedgerAccountKind::GiftCardsOutstanding, {}};
  }
  static LedgerAccount generation_revenue() noexcept {
    return {LedgerAccountKind::GenerationRevenue, {}};
  }
  static LedgerAccount adjustments() noexcept { return {LedgerAccountKind::Adjustments, {}}; }
  friend bool operator==(const LedgerAccount&, const LedgerAccount&) = default;
};

enum class Side : std::uint8_t { Debit, Credit };
std::string_view name(Side side) noexcept;
std::optional<Side> parse_side(std::string_view text) noexcept;

// One line of a posting. `amount_micro_eur` is positive; `original` is the amount in the
// currency the money moved in, converted at `rate` (units per EUR).
struct LedgerEntry {
  LedgerAccount account;
  Side side = Side::Debit;
  std::int64_t amount_micro_eur = 0;
  Money original{0, Currency::EUR};
  Rate rate{Rate::kScale};
  friend bool operator==(const LedgerEntry&, const LedgerEntry&) = default;
};

enum class PostingError : std::uint8_t {
  TooFewEntries,      // fewer than two
  NonPositiveAmount,  // an entry of zero or less
  Unbalanced,         // debits differ from credits
  Overflow,
};
std::string_view describe(PostingError error) noexcept;

// A balanced set of entries, written at once. Only the builder makes one, so a Posting that
// exists is balanced.
class Posting {
 public:
  class Builder {
   public:
    Builder(std::string reference, std::chrono::sys_seconds at)
        : reference_(std::move(reference)), at_(at) {}
    Builder& debit(LedgerAccount account, std::int64_t micro_eur, Money original, Rate rate);
    Builder& credit(LedgerAccount account, std::int64_t micro_eur, Money original, Rate rate);
    // The posting, or why it would break double entry.
    std::expected<Posting, PostingError> build() const;

   private:
    std::string reference_;
    std::chrono::sys_seconds at_;
    std::vector<LedgerEntry> entries_;
  };

  // What the money movement was for: "order:<reference>", "deposit:<...>", "gift-card:<...>".
  const std::string& reference() const noexcept { return reference_; }
  std::chrono::sys_seconds at() const noexcept { return at_; }
  const std::vector<LedgerEntry>& entries() const noexcept { return entries_; }

 private:
  Posting(std::string reference, std::chrono::sys_seconds at, std::vector<LedgerEntry> entries)
      : reference_(std::move(reference)), at_(at), entries_(std::move(entries)) {}
  std::string reference_;
  std::chrono::sys_seconds at_;
  std::vector<LedgerEntry> entries_;
};

// `money` in micro-euros at `rate`, rounded half-up (exact for every supported currency
// when the rate has no more than six decimals and the amount is whole cents of EUR).
std::expected<std::int64_t, MoneyError> to_micro_eur(Money money, Rate rate) noexcept;

// Micro-euros as `currency` at `rate`, rounded down to its minor unit: what a balance may
// spend, never more than it holds.
std::expected<Money, MoneyError> from_micro_eur(std::int64_t micro_eur, Currency currency,
                                                Rate rate) noexcept;

}  // namespace artshop
