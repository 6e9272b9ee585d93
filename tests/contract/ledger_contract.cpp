#include <gmock/gmock.h>

#include "contract/store_contract.hpp"

namespace artshop::contract {
namespace {

using namespace std::chrono_literals;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

const Rate kEur{Rate::kScale};

// A customer paying `micro_eur` into their balance through the provider.
Posting deposit_of(UserId user, std::string reference, std::int64_t micro_eur) {
  const Money original(micro_eur / kMicroEurPerCent, Currency::EUR);
  return Posting::Builder(std::move(reference), kNow)
      .debit(LedgerAccount::provider_cash(), micro_eur, original, kEur)
      .credit(LedgerAccount::customer(user), micro_eur, original, kEur)
      .build()
      .value();
}

TEST_P(LedgerContract, Entries_AreGivenBackInTheOrderWrittenWithEveryField) {
  const auto ann = add_account("ann@example.com");
  const Rate nok{11'512'300};
  const auto posting =
      Posting::Builder("order:R-1", kNow)
          .debit(LedgerAccount::customer(ann), 12'500'000, Money(14'390, Currency::NOK), nok)
          .credit(LedgerAccount::sales_revenue(), 10'000'000, Money(11'512, Currency::NOK), nok)
          .credit(LedgerAccount::gift_cards_outstanding(), 2'500'000, Money(2'878, Currency::NOK),
                  nok)
          .build()
          .value();
  write([&](Repositories& repos) { repos.ledger.post(posting); });
  EXPECT_EQ(read([](Repositories& repos) { return repos.ledger.entries("order:R-1"); }),
            posting.entries());
  EXPECT_THAT(read([](Repositories& repos) { return repos.ledger.entries("order:R-2"); }),
              IsEmpty());
}

TEST_P(LedgerContract, CustomerBalance_IsCreditsMinusDebitsOfThatCustomerOnly) {
  const auto ann = add_account("ann@example.com");
  const auto bob = add_account("bob@example.com");
  write([&](Repositories& repos) {
    repos.ledger.post(deposit_of(ann, "deposit:1", 20'000'000));
    repos.ledger.post(deposit_of(ann, "deposit:2", 5'000'000));
    repos.ledger.post(deposit_of(bob, "deposit:3", 1'000'000));
    repos.ledger.post(
        Posting::Builder("generation:1", kNow)
            .debit(LedgerAccount::customer(ann), 3'000'000, Money(300, Currency::EUR), kEur)
            .credit(LedgerAccount::generation_revenue(), 3'000'000, Money(300, Currency::EUR), kEur)
            .build()
            .value());
  });
  read([&](Repositories& repos) {
    EXPECT_EQ(repos.ledger.customer_balance(ann), 22'000'000);
    EXPECT_EQ(repos.ledger.customer_balance(bob), 1'000'000);
    EXPECT_EQ(repos.ledger.customer_balance(UserId{bob.value + 100}), 0);
  });
}

TEST_P(LedgerContract, CustomerBalance_MayGoBelowZero) {
  const auto ann = add_account("ann@example.com");
  write([&](Repositories& repos) {
    repos.ledger.post(
        Posting::Builder("correction:1", kNow)
            .debit(LedgerAccount::customer(ann), 1'000'000, Money(100, Currency::EUR), kEur)
            .credit(LedgerAccount::provider_cash(), 1'000'000, Money(100, Currency::EUR), kEur)
            .build()
            .value());
  });
  EXPECT_EQ(read([&](Repositories& repos) { return repos.ledger.customer_balance(ann); }),
            -1'000'000);
}

GiftCard a_card(std::string digest, OrderId order, UserId buyer, sys_seconds issued_at) {
  return {.number_digest = std::move(digest),
          .number = "7K3QW9ZX2M4B8R1T",
          .order = order,
          .buyer = buyer,
          .value_micro_eur = 43'432'000,
          .bought = Money(50'000, Currency::NOK),
          .rate = Rate{11'512'300},
          .issued_at = issued_at,
          .redeemed_by = std::nullopt,
          .redeemed_at = std::nullopt};
}

TEST_P(GiftCardContract, Insert_ThenFindByDigest_GivesBackEveryField) {
  const auto ann = add_account("ann@example.com");
  const auto order =
      add_order(an_order(ann, add_offer(an_offer("harbour", kNow, 1'250)), "R-1", kNow));
  EXPECT_TRUE(write([&](Repositories& repos) {
    return repos.gift_cards.insert(a_card("d-1", order, ann, kNow));
  }));
  const auto found =
      read([](Repositories& repos) { return repos.gift_cards.find_by_digest("d-1"); });
  ASSERT_TRUE(found);
  EXPECT_EQ(found->number_digest, "d-1");
  EXPECT_EQ(found->number, "7K3QW9ZX2M4B8R1T");
  EXPECT_EQ(found->order, order);
  EXPECT_EQ(found->buyer, ann);
  EXPECT_EQ(found->value_micro_eur, 43'432'000);
  EXPECT_EQ(found->bought, Money(50'000, Currency::NOK));
  EXPECT_EQ(found->rate, Rate{11'512'300});
  EXPECT_EQ(found->issued_at, kNow);
  EXPECT_EQ(found->redeemed_by, std::nullopt);
  EXPECT_EQ(found->redeemed_at, std::nullopt);
  EXPECT_FALSE(read([](Repositories& repos) { return repos.gift_cards.find_by_digest("d-2"); }));
}

TEST_P(GiftCardContract, Insert_ADigestTwice_AnswersFalse) {
  const auto ann = add_account("ann@example.com");
  const auto order =
      add_order(an_order(ann, add_offer(an_offer("harbour", kNow, 1'250)), "R-1", kNow));
  EXPECT_TRUE(write([&](Repositories& repos) {
    return repos.gift_cards.insert(a_card("d-1", order, ann, kNow));
  }));
  EXPECT_FALSE(write([&](Repositories& repos) {
    return repos.gift_cards.insert(a_card("d-1", order, ann, kNow + 1s));
  }));
}

TEST_P(GiftCardContract, Redeem_WorksOnceAndRecordsWhoAndWhen) {
  const auto ann = add_account("ann@example.com");
  const auto bob = add_account("bob@example.com");
  const auto order =
      add_order(an_order(ann, add_offer(an_offer("harbour", kNow, 1'250)), "R-1", kNow));
  write([&](Repositories& repos) { repos.gift_cards.insert(a_card("d-1", order, ann, kNow)); });
  EXPECT_TRUE(
      write([&](Repositories& repos) { return repos.gift_cards.redeem("d-1", bob, kNow + 1h); }));
  EXPECT_FALSE(
      write([&](Repositories& repos) { return repos.gift_cards.redeem("d-1", ann, kNow + 2h); }));
  EXPECT_FALSE(
      write([&](Repositories& repos) { return repos.gift_cards.redeem("d-9", ann, kNow + 2h); }));
  const auto found =
      read([](Repositories& repos) { return repos.gift_cards.find_by_digest("d-1"); });
  EXPECT_EQ(found->redeemed_by, bob);
  EXPECT_EQ(found->redeemed_at, kNow + 1h);
}

TEST_P(GiftCardContract, ListForOrder_GivesThatOrdersCardsInTheOrderIssued) {
  const auto ann = add_account("ann@example.com");
  const auto offer = add_offer(an_offer("harbour", kNow, 1'250));
  const auto first = add_order(an_order(ann, offer, "R-1", kNow));
  const auto second = add_order(an_order(ann, offer, "R-2", kNow));
  write([&](Repositories& repos) {
    repos.gift_cards.insert(a_card("late", first, ann, kNow + 1s));
    repos.gift_cards.insert(a_card("other", second, ann, kNow));
    repos.gift_cards.insert(a_card("early", first, ann, kNow));
  });
  std::vector<std::string> digests;
  for (const auto& card :
       read([&](Repositories& repos) { return repos.gift_cards.list_for_order(first); })) {
    digests.push_back(card.number_digest);
  }
  EXPECT_THAT(digests, ElementsAre("early", "late"));
}

// A goodwill card has no order and no buyer: who it was mailed to and who issued it.
TEST_P(GiftCardContract, AGoodwillCard_IsStoredWithoutAnOrderAndFoundByItsId) {
  const auto staff = add_account("owner@example.com");
  auto card = a_card("d-1", OrderId{}, staff, kNow);
  card.order = std::nullopt;
  card.buyer = std::nullopt;
  card.recipient_email = "bob@example.com";
  card.issued_by = staff;
  card.bought = Money(2'500, Currency::EUR);
  card.rate = Rate{Rate::kScale};
  const auto id = write([&](Repositories& repos) { return repos.gift_cards.insert(card); });
  ASSERT_TRUE(id);
  const auto found = read([&](Repositories& repos) { return repos.gift_cards.find(*id); });
  ASSERT_TRUE(found);
  EXPECT_EQ(found->id, *id);
  EXPECT_EQ(found->number_digest, "d-1");
  EXPECT_EQ(found->order, std::nullopt);
  EXPECT_EQ(found->buyer, std::nullopt);
  EXPECT_EQ(found->recipient_email, "bob@example.com");
  EXPECT_EQ(found->issued_by, staff);
  EXPECT_EQ(found->voided_at, std::nullopt);
  EXPECT_FALSE(
      read([&](Repositories& repos) { return repos.gift_cards.find(GiftCardId{id->value + 1}); }));
}

TEST_P(GiftCardContract, Void_WorksOnceAndNeverOnARedeemedCard_AndAVoidCardIsNotRedeemed) {
  const auto ann = add_account("ann@example.com");
  const auto bob = add_account("bob@example.com");
  const auto order =
      add_order(an_order(ann, add_offer(an_offer("harbour", kNow, 1'250)), "R-1", kNow));
  const auto voided = write([&](Repositories& repos) {
    return repos.gift_cards.insert(a_card("d-1", order, ann, kNow));
  });
  const auto redeemed = write([&](Repositories& repos) {
    return repos.gift_cards.insert(a_card("d-2", order, ann, kNow));
  });
  ASSERT_TRUE(voided && redeemed);
  EXPECT_NE(*voided, *redeemed);

  EXPECT_TRUE(
      write([&](Repositories& repos) { return repos.gift_cards.void_card(*voided, kNow + 1h); }));
  EXPECT_FALSE(
      write([&](Repositories& repos) { return repos.gift_cards.void_card(*voided, kNow + 2h); }));
  EXPECT_FALSE(
      write([&](Repositories& repos) { return repos.gift_cards.redeem("d-1", bob, kNow + 2h); }));
  const auto found = read([&](Repositories& repos) { return repos.gift_cards.find(*voided); });
  EXPECT_EQ(found->voided_at, kNow + 1h);
  EXPECT_EQ(found->redeemed_by, std::nullopt);

  EXPECT_TRUE(
      write([&](Repositories& repos) { return repos.gift_cards.redeem("d-2", bob, kNow + 1h); }));
  EXPECT_FALSE(
      write([&](Repositories& repos) { return repos.gift_cards.void_card(*redeemed, kNow + 2h); }));
  EXPECT_EQ(read([&](Repositories& repos) { return repos.gift_cards.find(*redeemed); })->voided_at,
            std::nullopt);
}

TEST_P(GiftCardContract, Unvoid_MakesAVoidCardActiveAgainAndOnlyAVoidOne) {
  const auto ann = add_account("ann@example.com");
  const auto order =
      add_order(an_order(ann, add_offer(an_offer("harbour", kNow, 1'250)), "R-1", kNow));
  const auto card = write([&](Repositories& repos) {
    return repos.gift_cards.insert(a_card("d-1", order, ann, kNow));
  });
  ASSERT_TRUE(card);
  EXPECT_FALSE(write([&](Repositories& repos) { return repos.gift_cards.unvoid_card(*card); }));
  EXPECT_TRUE(
      write([&](Repositories& repos) { return repos.gift_cards.void_card(*card, kNow + 1h); }));

  EXPECT_TRUE(write([&](Repositories& repos) { return repos.gift_cards.unvoid_card(*card); }));
  EXPECT_EQ(read([&](Repositories& repos) { return repos.gift_cards.find(*card); })->voided_at,
            std::nullopt);
  EXPECT_TRUE(
      write([&](Repositories& repos) { return repos.gift_cards.redeem("d-1", ann, kNow + 2h); }));
}

// The account staff's goodwill and corrections are booked to is one the ledger takes.
TEST_P(LedgerContract, TheAdjustmentsAccount_TakesEntries) {
  const auto ann = add_account("ann@example.com");
  write([&](Repositories& repos) {
    repos.ledger.post(
        Posting::Builder("adjustment:1", kNow)
            .debit(LedgerAccount::adjustments(), 5'000'000, Money(500, Currency::EUR), kEur)
            .credit(LedgerAccount::customer(ann), 5'000'000, Money(500, Currency::EUR), kEur)
            .build()
            .value());
  });
  EXPECT_EQ(read([&](Repositories& repos) { return repos.ledger.customer_balance(ann); }),
            5'000'000);
  const auto entries =
      read([](Repositories& repos) { return repos.ledger.entries("adjustment:1"); });
  ASSERT_EQ(entries.size(), 2U);
  EXPECT_EQ(entries[0].account, LedgerAccount::adjustments());
}

TEST_P(PaymentEventContract, Record_TheSameEventTwice_AnswersFalseTheSecondTime) {
  EXPECT_TRUE(write([](Repositories& repos) {
    return repos.payment_events.record({.event_id = "evt_1"}, kNow);
  }));
  EXPECT_FALSE(write([](Repositories& repos) {
    return repos.payment_events.record({.event_id = "evt_1"}, kNow + 1h);
  }));
  EXPECT_TRUE(write([](Repositories& repos) {
    return repos.payment_events.record({.event_id = "evt_2"}, kNow);
  }));
}

// The back office's list: a whole number by its digest, an e-mail (the buyer's or the
// recipient's, anywhere in it, LIKE's symbols taken literally) or an id; a state; a customer's
// cards (bought or redeemed); newest first, in pages, with who bought and who issued each.
TEST_P(GiftCardContract, Search_MatchesADigestAnEmailOrAnId_ByStateAndCustomer_InPages) {
  const auto ann = add_account("ann@example.com");
  const auto bob = add_account("bob@example.com");
  const auto staff = add_account("owner@shop.test");
  const auto order =
      add_order(an_order(ann, add_offer(an_offer("harbour", kNow, 1'250)), "R-1", kNow));
  auto goodwill = a_card("d-3", OrderId{}, staff, kNow + 2s);
  goodwill.order = std::nullopt;
  goodwill.buyer = std::nullopt;
  goodwill.recipient_email = "zoe_x@example.com";
  goodwill.issued_by = staff;
  const auto ids = write([&](Repositories& repos) {
    std::vector<GiftCardId> stored{*repos.gift_cards.insert(a_card("d-1", order, ann, kNow)),
                                   *repos.gift_cards.insert(a_card("d-2", order, ann, kNow + 1s)),
                                   *repos.gift_cards.insert(goodwill)};
    repos.gift_cards.redeem("d-2", bob, kNow + 1h);
    repos.gift_cards.void_card(stored[2], kNow + 1h);
    return stored;
  });
  const auto search = [&](GiftCardQuery query) {
    return read([&](Repositories& repos) { return repos.gift_cards.search(query); });
  };
  const auto ids_of = [](const GiftCardPage& page) {
    std::vector<GiftCardId> found;
    for (const auto& item : page.items) found.push_back(item.card.id);
    return found;
  };
  const auto all = search({});
  EXPECT_EQ(all.total, 3);
  ASSERT_THAT(ids_of(all), ElementsAre(ids[2], ids[1], ids[0]));
  EXPECT_EQ(all.items[0].issuer_email, "owner@shop.test");
  EXPECT_EQ(all.items[0].buyer_email, std::nullopt);
  EXPECT_EQ(all.items[1].buyer_email, "ann@example.com");
  EXPECT_EQ(all.items[1].card.number, "7K3QW9ZX2M4B8R1T");

  EXPECT_THAT(ids_of(search({.number_digest = "d-2"})), ElementsAre(ids[1]));
  EXPECT_THAT(ids_of(search({.id = ids[0]})), ElementsAre(ids[0]));
  EXPECT_THAT(ids_of(search({.email_text = "ann@"})), ElementsAre(ids[1], ids[0]));
  EXPECT_THAT(ids_of(search({.email_text = "e_x"})), ElementsAre(ids[2]));
  EXPECT_THAT(ids_of(search({.email_text = "a_n"})), IsEmpty());
  EXPECT_THAT(ids_of(search({.number_digest = "d-9", .email_text = "zoe", .id = GiftCardId{999}})),
              ElementsAre(ids[2]));
  EXPECT_THAT(ids_of(search({.state = GiftCardState::Active})), ElementsAre(ids[0]));
  EXPECT_THAT(ids_of(search({.state = GiftCardState::Redeemed})), ElementsAre(ids[1]));
  EXPECT_THAT(ids_of(search({.state = GiftCardState::Voided})), ElementsAre(ids[2]));
  EXPECT_THAT(ids_of(search({.customer = bob})), ElementsAre(ids[1]));  // redeemed by bob
  EXPECT_THAT(ids_of(search({.customer = ann})), ElementsAre(ids[1], ids[0]));
  const auto page = search({.offset = 1, .limit = 1});
  EXPECT_EQ(page.total, 3);
  EXPECT_THAT(ids_of(page), ElementsAre(ids[1]));
}

TEST_P(GiftCardContract, AGoodwillKey_IsFoundForItsStaffMemberOnly) {
  const auto staff = add_account("owner@shop.test");
  const auto other = add_account("support@shop.test");
  auto goodwill = a_card("d-1", OrderId{}, staff, kNow);
  goodwill.order = std::nullopt;
  goodwill.buyer = std::nullopt;
  goodwill.issued_by = staff;
  const auto card = write([&](Repositories& repos) {
    const auto id = *repos.gift_cards.insert(goodwill);
    repos.gift_cards.record_goodwill_issue(staff, "key-00001", {.card = id, .message = "Sorry"});
    return id;
  });
  const auto found = read([&](Repositories& repos) {
    return repos.gift_cards.find_goodwill_issue(staff, "key-00001");
  });
  ASSERT_TRUE(found);
  EXPECT_EQ(found->card, card);
  EXPECT_EQ(found->message, "Sorry");
  EXPECT_FALSE(read([&](Repositories& repos) {
    return repos.gift_cards.find_goodwill_issue(other, "key-00001");
  }));
}

}  // namespace
}  // namespace artshop::contract
