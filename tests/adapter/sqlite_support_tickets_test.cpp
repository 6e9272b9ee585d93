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

  std::optional<SupportTicketId> insert(const SupportTicket& t) {
    return transactions
        .write([&](Repositories& repos) -> Result<std::optional<SupportTicketId>> {
          return repos.support_tickets.insert(t);
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
  std::vector<SupportTicket> take_unqueued(sys_seconds now) {
    return transactions
        .write([&](Repositories& repos) -> Result<std::vector<SupportTicket>> {
          return repos.support_tickets.take_unqueued(now - std::chrono::days(7), now);
        })
        .value();
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

TEST_F(SqliteSupportTickets, TicketsStoredBeforeTheOutbox_AreTakenOnceOldestFirstWithinTheWindow) {
  ASSERT_TRUE(insert(ticket("AS-NEWR-0002", kNow + minutes(1))));
  ASSERT_TRUE(insert(ticket("AS-OLDR-0001", kNow)));
  ASSERT_TRUE(insert(ticket("AS-GONE-0004", kNow - std::chrono::days(8))));
  auto queued = ticket("AS-SENT-0003", kNow);
  queued.confirmation_sent_at = kNow;
  queued.notice_sent_at = kNow;
  ASSERT_TRUE(insert(queued));

  const auto now = kNow + minutes(2);
  EXPECT_EQ(references(take_unqueued(now)),
            (std::vector<std::string>{"AS-OLDR-0001", "AS-NEWR-0002"}));
  EXPECT_EQ(find("AS-OLDR-0001")->notice_sent_at, now);
  EXPECT_TRUE(take_unqueued(now + minutes(1)).empty());
}

}  // namespace
}  // namespace artshop::sqlite
