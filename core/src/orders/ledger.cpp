#include "artshop/core/orders/ledger.hpp"

#include <array>
#include <limits>
#include <utility>

namespace artshop {
namespace {

constexpr std::array<std::pair<LedgerAccountKind, std::string_view>, 6> kKindNames{{
    {LedgerAccountKind::CustomerBalance, "CustomerBalance"},
    {LedgerAccountKind::ProviderCash, "ProviderCash"},
    {LedgerAccountKind::SalesRevenue, "SalesRevenue"},
    {LedgerAccountKind::GiftCardsOutstanding, "GiftCardsOutstanding"},
    {LedgerAccountKind::GenerationRevenue, "GenerationRevenue"},
    {LedgerAccountKind::Adjustments, "Adjustments"},
}};

constexpr Rate kEuroRate{Rate::kScale};
constexpr int kMicroExponent = 6;

}  // namespace

std::string_view name(LedgerAccountKind kind) noexcept {
  for (const auto& [value, text] : kKindNames) {
    if (value == kind) return text;
  }
  return "ProviderCash";
}

std::optional<LedgerAccountKind> parse_ledger_account_kind(std::string_view text) noexcept {
  for (const auto& [value, known] : kKindNames) {
    if (known == text) return value;
  }
  return std::nullopt;
}

std::string_view name(Side side) noexcept {
  return side == Side::Debit ? "Debit" : "Credit";
}

std::optional<Side> parse_side(std::string_view text) noexcept {
  if (text == "Debit") return Side::Debit;
  if (text == "Credit") return Side::Credit;
  return std::nullopt;
}

std::string_view describe(PostingError error) noexcept {
  switch (error) {
    case PostingError::TooFewEntries:
      return "a posting needs at least two entries";
    case PostingError::NonPositiveAmount:
      return "every entry of a posting moves a positive amount";
    case PostingError::Unbalanced:
      return "the debits of a posting differ from its credits";
    case PostingError::Overflow:
      return "a posting's total does not fit in 64 bits";
  }
  return "invalid posting";
}

Posting::Builder& Posting::Builder::debit(LedgerAccount account, std::int64_t micro_eur,
                                          Money original, Rate rate) {
  entries_.push_back({.account = account,
                      .side = Side::Debit,
                      .amount_micro_eur = micro_eur,
                      .original = original,
                      .rate = rate});
  return *this;
}

Posting::Builder& Posting::Builder::credit(LedgerAccount account, std::int64_t micro_eur,
                                           Money original, Rate rate) {
  entries_.push_back({.account = account,
                      .side = Side::Credit,
                      .amount_micro_eur = micro_eur,
                      .original = original,
                      .rate = rate});
  return *this;
}

std::expected<Posting, PostingError> Posting::Builder::build() const {
  if (entries_.size() < 2) return std::unexpected(PostingError::TooFewEntries);
  std::int64_t debits = 0;
  std::int64_t credits = 0;
  for (const auto& entry : entries_) {
    if (entry.amount_micro_eur <= 0) return std::unexpected(PostingError::NonPositiveAmount);
    auto& sum = entry.side == Side::Debit ? debits : credits;
    if (sum > std::numeric_limits<std::int64_t>::max() - entry.amount_micro_eur) {
      return std::unexpected(PostingError::Overflow);
    }
    sum += entry.amount_micro_eur;
  }
  if (debits != credits) return std::unexpected(PostingError::Unbalanced);
  return Posting(reference_, at_, entries_);
}

std::expected<std::int64_t, MoneyError> to_micro_eur(Money money, Rate rate) noexcept {
  return rescale(money.minor_units(), exponent(money.currency()), rate, kMicroExponent, kEuroRate,
                 Rounding::HalfUp);
}

std::expected<Money, MoneyError> from_micro_eur(std::int64_t micro_eur, Currency currency,
                                                Rate rate) noexcept {
  const auto minor =
      rescale(micro_eur, kMicroExponent, kEuroRate, exponent(currency), rate, Rounding::Down);
  if (!minor) return std::unexpected(minor.error());
  return Money(*minor, currency);
}

}  // namespace artshop
