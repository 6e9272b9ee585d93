#include <fmt/format.h>
#include <gmock/gmock.h>

#include "contract/store_contract.hpp"

namespace artshop::contract {
namespace {

using namespace std::chrono_literals;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

const Rate kEur{Rate::kScale};

// `micro_eur` moved between the provider and the customer's balance: in for a credit, out for
// a debit (a negative amount).
Posting balance_moved(UserId user, std::string reference, std::int64_t micro_eur, sys_seconds at) {
  const auto amount = micro_eur < 0 ? -micro_eur : micro_eur;
  const Money original(amount / kMicroEurPerCent, Currency::EUR);
  auto shop = LedgerAccount::provider_cash();
  auto balance = LedgerAccount::customer(user);
  if (micro_eur < 0) std::swap(shop, balance);
  return Posting::Builder(std::move(reference), at)
      .debit(shop, amount, original, kEur)
      .credit(balance, amount, original, kEur)
      .build()
      .value();
}

std::vector<std::string> emails(const CustomerPage& page) {
  std::vector<std::string> found;
  for (const auto& row : page.items) found.push_back(row.email);
  return found;
}

TEST_P(CustomerDeskContract, Search_MatchesTheEmailAnywhereOrANamesStart_WithTheBalance) {
  const auto ann = add_account("ann@example.com");
  const auto bob = add_account("bob@annex.test");
  const auto zoe = add_account("zoe_x@example.com");
  write([&](Repositories& repos) {
    repos.accounts.update_names(zoe, "Annika", "Zed");
    repos.accounts.update_names(bob, "Bob", "Hannover");  // "ann" inside a name: no match
    repos.ledger.post(balance_moved(ann, "deposit:1", 3'200'000, kNow));
  });
  const auto search = [&](std::optional<std::string> text, CustomerSort sort, int offset,
                          int limit) {
    return read([&](Repositories& repos) {
      return repos.customer_records.search(
          {.text = text, .sort = sort, .offset = offset, .limit = limit});
    });
  };
  const auto found = search("ann", CustomerSort::Email, 0, 50);
  EXPECT_EQ(found.total, 3);
  EXPECT_THAT(emails(found), ElementsAre("ann@example.com", "bob@annex.test", "zoe_x@example.com"));
  EXPECT_EQ(found.items[0].balance_micro_eur, 3'200'000);
  EXPECT_EQ(found.items[1].balance_micro_eur, 0);
  EXPECT_EQ(found.items[2].first_name, "Annika");
  // LIKE's own symbols are taken literally: "a_p" would match "example" as a pattern.
  EXPECT_THAT(emails(search("e_x", CustomerSort::Email, 0, 50)), ElementsAre("zoe_x@example.com"));
  EXPECT_THAT(emails(search("a_p", CustomerSort::Email, 0, 50)), IsEmpty());
  EXPECT_THAT(emails(search("%", CustomerSort::Email, 0, 50)), IsEmpty());
  EXPECT_THAT(emails(search("hann", CustomerSort::Email, 0, 50)), ElementsAre("bob@annex.test"));

  const auto page = search(std::nullopt, CustomerSort::NewestFirst, 1, 1);
  EXPECT_EQ(page.total, 3);
  EXPECT_THAT(emails(page), ElementsAre("bob@annex.test"));
}

TEST_P(CustomerDeskContract, ALock_IsReadWithTheAccountAndEndsItsLoginsCheck) {
  const auto ann = add_account("ann@example.com");
  write([&](Repositories& repos) {
    repos.refresh_tokens.insert({.token_digest = "t1",
                                 .user = ann,
                                 .family = "f1",
                                 .expires_at = kNow + 24h,
                                 .rotated = false,
                                 .revoked = false},
                                kNow);
  });
  const auto live = [&] {
    return read(
        [&](Repositories& repos) { return repos.refresh_tokens.session_is_live(ann, "f1"); });
  };
  EXPECT_TRUE(live());
  EXPECT_TRUE(write(
      [&](Repositories& repos) { return repos.customer_records.set_locked(ann, kNow + 5s); }));
  EXPECT_FALSE(live()) << "a locked account's login is not live, its token unrevoked or not";
  EXPECT_EQ(read([&](Repositories& repos) {
              return repos.accounts.find_by_email("ann@example.com");
            })->locked_at,
            kNow + 5s);
  EXPECT_EQ(read([&](Repositories& repos) { return repos.customer_records.find(ann); })->locked_at,
            kNow + 5s);
  write([&](Repositories& repos) { repos.customer_records.set_locked(ann, std::nullopt); });
  EXPECT_TRUE(live());
  EXPECT_FALSE(write(
      [&](Repositories& repos) { return repos.customer_records.set_locked(UserId{999}, kNow); }));
}

TEST_P(CustomerDeskContract, LiveSessions_AreTheFamiliesNeitherRevokedNorExpired) {
  const auto ann = add_account("ann@example.com");
  const auto token = [&](std::string digest, std::string family, sys_seconds issued) {
    return std::tuple(RefreshTokenRecord{.token_digest = std::move(digest),
                                         .user = ann,
                                         .family = std::move(family),
                                         .expires_at = issued + 24h,
                                         .rotated = false,
                                         .revoked = false},
                      issued);
  };
  write([&](Repositories& repos) {
    for (const auto& [record, issued] :
         {token("a1", "phone", kNow - 48h), token("a2", "phone", kNow - 1h),
          token("b1", "laptop", kNow - 30h), token("c1", "tablet", kNow - 2h)}) {
      repos.refresh_tokens.insert(record, issued);
    }
    repos.refresh_tokens.revoke_family("tablet", kNow);
  });
  const auto sessions =
      read([&](Repositories& repos) { return repos.customer_records.live_sessions(ann, kNow); });
  EXPECT_THAT(sessions, ElementsAre(CustomerSession{.family = "phone",
                                                    .signed_in_at = kNow - 48h,
                                                    .last_used_at = kNow - 1h,
                                                    .expires_at = kNow + 23h}));
}

TEST_P(CustomerDeskContract, Tickets_AreTheAccountsOrFromItsAddress_NewestFirst) {
  const auto ann = add_account("ann@example.com");
  const auto ticket = [&](std::string reference, std::string email, std::optional<UserId> account,
                          sys_seconds at) {
    return SupportTicket{.id = {},
                         .reference = std::move(reference),
                         .account = account,
                         .email = std::move(email),
                         .name = "Ann",
                         .type = SupportTicketType::Order,
                         .description = "Where is my picture?",
                         .client_address = "192.0.2.7",
                         .created_at = at,
                         .confirmation_sent_at = std::nullopt,
                         .notice_sent_at = std::nullopt};
  };
  write([&](Repositories& repos) {
    repos.support_tickets.insert(ticket("AS-0000-0001", "old@example.com", ann, kNow - 2h));
    repos.support_tickets.insert(ticket("AS-0000-0002", "ann@example.com", std::nullopt, kNow));
    repos.support_tickets.insert(ticket("AS-0000-0003", "bob@example.com", std::nullopt, kNow));
  });
  std::vector<std::string> references;
  for (const auto& found : read([&](Repositories& repos) {
         return repos.customer_records.tickets(ann, "ann@example.com");
       })) {
    references.push_back(found.reference);
    EXPECT_EQ(found.type, "Order");
  }
  EXPECT_THAT(references, ElementsAre("AS-0000-0002", "AS-0000-0001"));
}

TEST_P(CustomerDeskContract, TheLedger_GivesEachEntryTheBalanceAfterIt_OnEveryPage) {
  const auto ann = add_account("ann@example.com");
  const auto bob = add_account("bob@example.com");
  write([&](Repositories& repos) {
    const std::vector<std::int64_t> moves{5'000'000, -1'250'000, 2'000'000, -750'000, 10'000};
    for (std::size_t i = 0; i < moves.size(); ++i) {
      const auto at = kNow + std::chrono::minutes(i);
      repos.ledger.post(balance_moved(ann, fmt::format("deposit:{}", i), moves[i], at));
      repos.ledger.post(balance_moved(bob, fmt::format("deposit:b{}", i), 1'000'000, at));
    }
  });
  const auto page = [&](int offset, int limit) {
    return read(
        [&](Repositories& repos) { return repos.customer_records.ledger(ann, offset, limit); });
  };
  std::vector<std::pair<std::int64_t, std::int64_t>> seen;
  for (const int offset : {0, 2, 4}) {
    const auto lines = page(offset, 2);
    EXPECT_EQ(lines.total, 5);
    for (const auto& line : lines.items) {
      seen.emplace_back(line.amount_micro_eur, line.balance_after_micro_eur);
    }
  }
  EXPECT_THAT(seen, ElementsAre(std::pair(10'000, 5'010'000), std::pair(-750'000, 5'000'000),
                                std::pair(2'000'000, 5'750'000), std::pair(-1'250'000, 3'750'000),
                                std::pair(5'000'000, 5'000'000)));
  const auto newest = page(0, 1);
  EXPECT_EQ(newest.items[0].reference, "deposit:4");
  EXPECT_EQ(newest.items[0].at, kNow + 4min);
}

TEST_P(CustomerDeskContract, Adjustments_AreFoundByIdAndByTheirStaffMembersKey) {
  const auto ann = add_account("ann@example.com");
  const auto sue = add_account("sue@shop.test");
  BalanceAdjustment adjustment{.id = {},
                               .customer = ann,
                               .staff = sue,
                               .staff_email = "sue@shop.test",
                               .direction = AdjustmentDirection::Debit,
                               .amount_eur_cents = 180,
                               .reason = "Double credit",
                               .at = kNow,
                               .idempotency_key = "key-00001",
                               .balance_after_micro_eur = 3'200'000};
  adjustment.id = write(
      [&](Repositories& repos) { return repos.customer_records.insert_adjustment(adjustment); });
  EXPECT_EQ(read([&](Repositories& repos) {
              return repos.customer_records.find_adjustment(adjustment.id);
            }),
            adjustment);
  EXPECT_EQ(read([&](Repositories& repos) {
              return repos.customer_records.find_adjustment_by_key(sue, "key-00001");
            }),
            adjustment);
  EXPECT_FALSE(read([&](Repositories& repos) {
    return repos.customer_records.find_adjustment_by_key(ann, "key-00001");
  })) << "a key is its staff member's own";
}

}  // namespace
}  // namespace artshop::contract
