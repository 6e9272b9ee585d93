#include <gtest/gtest.h>

#include <array>
#include <set>

#include "artshop/core/codec/base32.hpp"
#include "artshop/core/orders/gift_card.hpp"
#include "artshop/core/orders/ledger.hpp"
#include "artshop/core/orders/order.hpp"
#include "fakes/fake_ports.hpp"

namespace artshop {
namespace {

// Repeats one byte, so a number's symbols are predictable.
class RepeatingRandom final : public RandomSource {
 public:
  explicit RepeatingRandom(std::uint8_t byte) : byte_(byte) {}
  void fill(std::span<std::byte> out) override {
    for (auto& b : out) b = static_cast<std::byte>(byte_);
  }

 private:
  std::uint8_t byte_;
};

constexpr Rate kUsd{1'082'500};
constexpr Rate kJpy{162'400'000};
constexpr Rate kEur{Rate::kScale};

// --- The order state machine ---------------------------------------------------------------

TEST(OrderStatus, Transition_FromPending_ReachesEveryOutcome) {
  for (const auto outcome : {PaymentStatus::Paid, PaymentStatus::Failed, PaymentStatus::Expired}) {
    EXPECT_EQ(transition(PaymentStatus::Pending, outcome), outcome);
  }
}

TEST(OrderStatus, Transition_FromAnOutcome_IsRefusedBecauseOutcomesAreFinal) {
  for (const auto from : {PaymentStatus::Paid, PaymentStatus::Failed, PaymentStatus::Expired}) {
    for (const auto to : {PaymentStatus::Pending, PaymentStatus::Paid, PaymentStatus::Failed,
                          PaymentStatus::Expired}) {
      EXPECT_EQ(transition(from, to), std::unexpected(TransitionError::AlreadyFinal));
    }
  }
}

TEST(OrderStatus, Transition_FromPendingToPending_IsNotAnOutcome) {
  EXPECT_EQ(transition(PaymentStatus::Pending, PaymentStatus::Pending),
            std::unexpected(TransitionError::NotAnOutcome));
}

TEST(OrderStatus, Names_RoundTrip) {
  for (const auto status : {PaymentStatus::Pending, PaymentStatus::Paid, PaymentStatus::Failed,
                            PaymentStatus::Expired}) {
    EXPECT_EQ(parse_payment_status(name(status)), status);
  }
  EXPECT_EQ(parse_payment_status("paid"), std::nullopt);
}

// --- Postings ------------------------------------------------------------------------------

const std::chrono::sys_seconds kAt{std::chrono::seconds(1'800'000'000)};
const Money kTen{10'00, Currency::EUR};

TEST(Posting, WithEqualDebitsAndCredits_Builds) {
  Posting::Builder builder("order:x", kAt);
  builder.debit(LedgerAccount::provider_cash(), 10'000'000, kTen, kEur)
      .credit(LedgerAccount::sales_revenue(), 7'000'000, Money(7'00, Currency::EUR), kEur)
      .credit(LedgerAccount::gift_cards_outstanding(), 3'000'000, Money(3'00, Currency::EUR), kEur);
  const auto posting = builder.build();
  ASSERT_TRUE(posting);
  EXPECT_EQ(posting->entries().size(), 3U);
  EXPECT_EQ(posting->reference(), "order:x");
}

TEST(Posting, Unbalanced_IsRefused) {
  Posting::Builder builder("order:x", kAt);
  builder.debit(LedgerAccount::provider_cash(), 10'000'000, kTen, kEur)
      .credit(LedgerAccount::sales_revenue(), 9'999'999, kTen, kEur);
  EXPECT_EQ(builder.build().error(), PostingError::Unbalanced);
}

TEST(Posting, WithOneEntry_IsRefused) {
  Posting::Builder builder("order:x", kAt);
  builder.debit(LedgerAccount::provider_cash(), 10'000'000, kTen, kEur);
  EXPECT_EQ(builder.build().error(), PostingError::TooFewEntries);
}

TEST(Posting, WithAZeroOrNegativeEntry_IsRefused) {
  Posting::Builder zero("order:x", kAt);
  zero.debit(LedgerAccount::provider_cash(), 0, kTen, kEur)
      .credit(LedgerAccount::sales_revenue(), 0, kTen, kEur);
  EXPECT_EQ(zero.build().error(), PostingError::NonPositiveAmount);
  Posting::Builder negative("order:x", kAt);
  negative.debit(LedgerAccount::provider_cash(), -5, kTen, kEur)
      .credit(LedgerAccount::sales_revenue(), 1, kTen, kEur)
      .credit(LedgerAccount::sales_revenue(), -6, kTen, kEur);
  EXPECT_EQ(negative.build().error(), PostingError::NonPositiveAmount);
}

TEST(Posting, WhoseSumOverflows_IsRefused) {
  Posting::Builder builder("order:x", kAt);
  const auto big = std::numeric_limits<std::int64_t>::max();
  builder.debit(LedgerAccount::provider_cash(), big, kTen, kEur)
      .debit(LedgerAccount::provider_cash(), big, kTen, kEur)
      .credit(LedgerAccount::sales_revenue(), 1, kTen, kEur);
  EXPECT_EQ(builder.build().error(), PostingError::Overflow);
}

// --- Micro-euros ---------------------------------------------------------------------------

TEST(MicroEur, FromEuroCents_IsExact) {
  EXPECT_EQ(to_micro_eur(Money(12'34, Currency::EUR), kEur), 12'340'000);
}

TEST(MicroEur, FromAnotherCurrency_RoundsHalfUpAtTheRate) {
  // 10.83 USD / 1.0825 = 10.004618937... EUR
  EXPECT_EQ(to_micro_eur(Money(10'83, Currency::USD), kUsd), 10'004'619);
  // 1624 JPY / 162.4 = 10 EUR exactly
  EXPECT_EQ(to_micro_eur(Money(1624, Currency::JPY), kJpy), 10'000'000);
}

TEST(MicroEur, ToACurrency_RoundsDownSoABalanceNeverShowsMoreThanItHolds) {
  // 10.004619 EUR * 1.0825 = 10.830000... USD
  EXPECT_EQ(from_micro_eur(10'004'619, Currency::USD, kUsd), Money(10'83, Currency::USD));
  // 10.004618 EUR * 1.0825 = 10.829998985 USD: not yet 10.83
  EXPECT_EQ(from_micro_eur(10'004'618, Currency::USD, kUsd), Money(10'82, Currency::USD));
  EXPECT_EQ(from_micro_eur(9'999, Currency::EUR, kEur), Money(0, Currency::EUR));
  EXPECT_EQ(from_micro_eur(6'157, Currency::JPY, kJpy), Money(0, Currency::JPY));
  EXPECT_EQ(from_micro_eur(6'158, Currency::JPY, kJpy), Money(1, Currency::JPY));
}

// --- Gift-card numbers ---------------------------------------------------------------------

TEST(GiftCardNumber, Takes80RandomBits_FiveToASymbol) {
  RepeatingRandom zeros(0x00);
  EXPECT_EQ(generate_gift_card_number(zeros), "0000000000000000");
  RepeatingRandom ones(0xFF);
  EXPECT_EQ(generate_gift_card_number(ones), "ZZZZZZZZZZZZZZZZ");
  RepeatingRandom pattern(0x84);  // 10000100 repeated: 10000 10010 00010 01000 ...
  EXPECT_EQ(generate_gift_card_number(pattern).substr(0, 4), "GJ28");
}

TEST(GiftCardNumber, Drawn_DifferEachTimeAndUseTheAlphabetOnly) {
  fakes::CountingRandom random;
  std::set<std::string> seen;
  for (int i = 0; i < 50; ++i) {
    const auto number = generate_gift_card_number(random);
    ASSERT_EQ(number.size(), kGiftCardNumberLength);
    for (const char c : number) {
      EXPECT_NE(base32::kCrockfordAlphabet.find(c), std::string_view::npos);
    }
    seen.insert(number);
  }
  EXPECT_EQ(seen.size(), 50U);
}

TEST(GiftCardNumber, IsShownInGroupsOfFour) {
  EXPECT_EQ(group_gift_card_number("ABCDEFGHJKMNPQRS"), "ABCD-EFGH-JKMN-PQRS");
}

TEST(GiftCardNumber, AsTyped_IsNormalized) {
  EXPECT_EQ(normalize_gift_card_number("abcd-efgh-jkmn-pqrs"), "ABCDEFGHJKMNPQRS");
  EXPECT_EQ(normalize_gift_card_number(" ABCD EFGH JKMN PQRS "), "ABCDEFGHJKMNPQRS");
  EXPECT_EQ(normalize_gift_card_number("OIL0-0000-0000-0000"), "0110000000000000");
}

TEST(GiftCardNumber, ThatCannotBeOne_IsRefused) {
  EXPECT_EQ(normalize_gift_card_number(""), std::nullopt);
  EXPECT_EQ(normalize_gift_card_number("ABCD-EFGH-JKMN-PQR"), std::nullopt);
  EXPECT_EQ(normalize_gift_card_number("ABCD-EFGH-JKMN-PQRST"), std::nullopt);
  EXPECT_EQ(normalize_gift_card_number("ABCD-EFGH-JKMN-PQRU"), std::nullopt);  // no U
  EXPECT_EQ(normalize_gift_card_number("ABCD_EFGH_JKMN_PQRS"), std::nullopt);
}

}  // namespace
}  // namespace artshop
