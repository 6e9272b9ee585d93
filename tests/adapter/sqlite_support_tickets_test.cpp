#include <gtest/gtest.h>

#include "artshop/core/error.hpp"
#include "artshop/sqlite/connection_pool.hpp"
#include "artshop/sqlite/migrations.hpp"
#include "artshop/sqlite/sqlite_unit_of_work.hpp"
#include "support/temp_dir.hpp"

namespace artshop::sqlite {
namespace {

using std::chrono::minutes;
using std::chrono::sys_seconds;
const sys_seconds kNow{std::chrono::seconds(1'800'000'000)};

SupportTicket ticket(std::string reference, sys_seconds created_at = kNow) {
  return {.reference = std::move(reference),
          .email = "ann@example.com",
          .name = "Ann Example",
          .type = SupportTicketType::Copyright,
          .description = "Line one,\nline two: ünïcode.",
          .client_address = "10.0.0.1",
          .created_at = created_at};
}

class SqliteSupportTickets : public ::testing::Test {
 protected:
  SqliteSupportTickets() : pool(dir.path() / "artshop.db", 2), transactions(pool) {
    auto connection = pool.acquire();
    migrate(*connection, artshop_schema());
  }

  std::optional<SupportTicketId> insert(const SupportTicket& t, sys_seconds claimed_until = kNow) {
    return transactions
        .write([&](Repositories& repos) -> Result<std::optional<SupportTicketId>> {
          return repos.support_tickets.insert(t, claimed_until);
        })
        .value();
  }
  std::optional<SupportTicket> find(std::string_view reference) {
    return transactions
        .read([&](Repositories& repos) -> Result<std::optional<SupportTicket>> {
          return repos.support_tickets.find_by_reference(reference);
        })
        .value();
  }
  std::vector<SupportTicket> claim(sys_seconds now, sys_seconds until, int limit = 10) {
    return transactions
        .write([&](Repositories& repos) -> Result<std::vector<SupportTicket>> {
          return repos.support_tickets.claim_unsent(now - std::chrono::days(7), now, until, limit);
        })
        .value();
  }
  void record(SupportTicketId id, std::optional<sys_seconds> confirmation,
              std::optional<sys_seconds> notice) {
    ASSERT_TRUE(transactions.write([&](Repositories& repos) -> Result<void> {
      repos.support_tickets.record_mails(id, confirmation, notice);
      return {};
    }));
  }
  std::vector<std::string> references(const std::vector<SupportTicket>& tickets) {
    std::vector<std::string> found;
    for (const auto& t : tickets) found.push_back(t.reference);
    return found;
  }

  testing::TempDir dir;
  ConnectionPool pool;
  SqliteUnitOfWork transactions;
};

TEST_F(SqliteSupportTickets, StoresATicketAndReadsItBackWhole) {
  const auto id = insert(ticket("AS-AAAA-0001"));
  ASSERT_TRUE(id);
  auto expected = ticket("AS-AAAA-0001");
  expected.id = *id;
  EXPECT_EQ(find("AS-AAAA-0001"), expected);
  EXPECT_EQ(find("AS-NONE-0000"), std::nullopt);
}

TEST_F(SqliteSupportTickets, AReferenceCanNameOnlyOneTicket) {
  ASSERT_TRUE(insert(ticket("AS-AAAA-0001")));
  EXPECT_EQ(insert(ticket("AS-AAAA-0001")), std::nullopt);
}

TEST_F(SqliteSupportTickets, ATicketOfADeletedAccountStaysWithoutItsAccount) {
  const auto ann = transactions
                       .write([](Repositories& repos) -> Result<UserId> {
                         return *repos.accounts.insert("ann@example.com", "hash", kNow);
                       })
                       .value();
  auto linked = ticket("AS-AAAA-0001");
  linked.account = ann;
  ASSERT_TRUE(insert(linked));
  EXPECT_EQ(find("AS-AAAA-0001")->account, ann);

  pool.acquire()->execute("DELETE FROM accounts");
  const auto kept = find("AS-AAAA-0001");
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->account, std::nullopt);
}

TEST_F(SqliteSupportTickets, RecordsEachMailOnceAndKeepsTheFirstTime) {
  const auto id = *insert(ticket("AS-AAAA-0001"));
  record(id, kNow + minutes(1), std::nullopt);
  record(id, kNow + minutes(5), kNow + minutes(5));
  const auto stored = find("AS-AAAA-0001");
  EXPECT_EQ(stored->confirmation_sent_at, kNow + minutes(1));
  EXPECT_EQ(stored->notice_sent_at, kNow + minutes(5));
}

TEST_F(SqliteSupportTickets, ClaimsUnsentTicketsOldestFirstUpToTheLimit) {
  const auto newer = *insert(ticket("AS-NEWR-0002", kNow + minutes(1)));
  const auto older = *insert(ticket("AS-OLDR-0001", kNow));
  const auto sent = *insert(ticket("AS-SENT-0003", kNow));
  record(newer, std::nullopt, std::nullopt);  // releases the claim taken at insert
  record(older, std::nullopt, std::nullopt);
  record(sent, kNow, kNow);

  const auto now = kNow + minutes(2);
  EXPECT_EQ(references(claim(now, now + minutes(10), 1)), std::vector<std::string>{"AS-OLDR-0001"});
  // The claimed one is held; the next claim takes the rest.
  EXPECT_EQ(references(claim(now, now + minutes(10))), std::vector<std::string>{"AS-NEWR-0002"});
  EXPECT_TRUE(claim(now, now + minutes(10)).empty());
}

TEST_F(SqliteSupportTickets, AClaimHoldsUntilItRunsOutOrIsReleased) {
  const auto id = *insert(ticket("AS-AAAA-0001"), kNow + minutes(10));
  EXPECT_TRUE(claim(kNow + minutes(9), kNow + minutes(20)).empty());
  EXPECT_EQ(claim(kNow + minutes(10), kNow + minutes(20)).size(), 1U);

  record(id, std::nullopt, std::nullopt);  // released, both mails still unsent
  EXPECT_EQ(claim(kNow + minutes(11), kNow + minutes(30)).size(), 1U);
}

TEST_F(SqliteSupportTickets, ClaimsNothingOlderThanTheWindow) {
  const auto id = *insert(ticket("AS-AAAA-0001", kNow - std::chrono::days(8)));
  record(id, std::nullopt, std::nullopt);
  EXPECT_TRUE(claim(kNow, kNow + minutes(10)).empty());
}

}  // namespace
}  // namespace artshop::sqlite
