#include <gmock/gmock.h>

#include "contract/store_contract.hpp"

namespace artshop::contract {
namespace {

using namespace std::chrono_literals;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

SupportTicket a_ticket(std::string reference, sys_seconds created_at,
                       std::optional<UserId> account = std::nullopt) {
  return {.id = {},
          .reference = std::move(reference),
          .account = account,
          .email = "ann@example.com",
          .name = "Ann Example",
          .type = SupportTicketType::Copyright,
          .description = "My picture is sold here without my consent.",
          .client_address = "192.0.2.7",
          .created_at = created_at,
          .confirmation_sent_at = std::nullopt,
          .notice_sent_at = std::nullopt};
}

std::vector<std::string> references(const std::vector<SupportTicket>& tickets) {
  std::vector<std::string> found;
  for (const auto& ticket : tickets) found.push_back(ticket.reference);
  return found;
}

TEST_P(SupportTicketContract, Insert_ThenFindByReference_GivesBackEveryField) {
  const auto ann = add_account("ann@example.com");
  auto ticket = a_ticket("AS-7K3M-9Q2D", kNow, ann);
  const auto id =
      write([&](Repositories& repos) { return repos.support_tickets.insert(ticket, kNow + 1min); });
  ASSERT_TRUE(id);
  ticket.id = *id;
  EXPECT_EQ(read([](Repositories& repos) {
              return repos.support_tickets.find_by_reference("AS-7K3M-9Q2D");
            }),
            ticket);
  EXPECT_FALSE(read(
      [](Repositories& repos) { return repos.support_tickets.find_by_reference("AS-0000-0000"); }));
}

TEST_P(SupportTicketContract, Insert_AVisitorsTicketWithMailsAlreadySent_KeepsThem) {
  auto ticket = a_ticket("AS-AAAA-BBBB", kNow);
  ticket.confirmation_sent_at = kNow + 1s;
  ticket.notice_sent_at = kNow + 2s;
  ticket.id = *write(
      [&](Repositories& repos) { return repos.support_tickets.insert(ticket, kNow + 1min); });
  EXPECT_EQ(read([](Repositories& repos) {
              return repos.support_tickets.find_by_reference("AS-AAAA-BBBB");
            }),
            ticket);
}

TEST_P(SupportTicketContract, Insert_WithATakenReference_AnswersNothing) {
  write([](Repositories& repos) {
    repos.support_tickets.insert(a_ticket("AS-7K3M-9Q2D", kNow), kNow + 1min);
  });
  EXPECT_FALSE(write([](Repositories& repos) {
    return repos.support_tickets.insert(a_ticket("AS-7K3M-9Q2D", kNow + 1s), kNow + 1min);
  }));
}

TEST_P(SupportTicketContract, ClaimUnsent_SkipsLiveClaimsUntilTheyExpire) {
  write([](Repositories& repos) {
    repos.support_tickets.insert(a_ticket("AS-1", kNow), kNow + 1min);
  });
  EXPECT_THAT(write([](Repositories& repos) {
                return repos.support_tickets.claim_unsent(kNow - 1h, kNow, kNow + 2min, 10);
              }),
              IsEmpty());
  const auto claimed = write([](Repositories& repos) {
    return repos.support_tickets.claim_unsent(kNow - 1h, kNow + 1min, kNow + 3min, 10);
  });
  EXPECT_THAT(references(claimed), ElementsAre("AS-1"));
  // Claimed again by the call above, until kNow + 3min.
  EXPECT_THAT(write([](Repositories& repos) {
                return repos.support_tickets.claim_unsent(kNow - 1h, kNow + 2min, kNow + 4min, 10);
              }),
              IsEmpty());
}

TEST_P(SupportTicketContract, ClaimUnsent_TakesTheOldestUnsentTicketsSinceTheGivenTime) {
  write([](Repositories& repos) {
    auto sent = a_ticket("AS-SENT", kNow - 50min);
    sent.confirmation_sent_at = kNow - 50min;
    sent.notice_sent_at = kNow - 50min;
    repos.support_tickets.insert(sent, kNow - 49min);
    repos.support_tickets.insert(a_ticket("AS-NEWER", kNow - 10min), kNow - 9min);
    repos.support_tickets.insert(a_ticket("AS-TOO-OLD", kNow - 2h), kNow - 2h);
    repos.support_tickets.insert(a_ticket("AS-OLDER", kNow - 40min), kNow - 39min);
    repos.support_tickets.insert(a_ticket("AS-NEWEST", kNow - 5min), kNow - 4min);
  });
  EXPECT_THAT(references(write([](Repositories& repos) {
                return repos.support_tickets.claim_unsent(kNow - 1h, kNow, kNow + 1min, 2);
              })),
              ElementsAre("AS-OLDER", "AS-NEWER"));
}

TEST_P(SupportTicketContract, RecordMails_KeepsATimeRecordedAndReleasesTheClaim) {
  const auto id = *write([](Repositories& repos) {
    return repos.support_tickets.insert(a_ticket("AS-1", kNow), kNow + 1min);
  });
  write([&](Repositories& repos) {
    repos.support_tickets.record_mails(id, kNow + 1s, std::nullopt);
  });
  const auto retried = write([](Repositories& repos) {
    return repos.support_tickets.claim_unsent(kNow - 1h, kNow + 2s, kNow + 1min, 10);
  });
  EXPECT_THAT(references(retried), ElementsAre("AS-1"));
  write([&](Repositories& repos) { repos.support_tickets.record_mails(id, kNow + 5s, kNow + 6s); });
  const auto found =
      read([](Repositories& repos) { return repos.support_tickets.find_by_reference("AS-1"); });
  EXPECT_EQ(found->confirmation_sent_at, kNow + 1s);
  EXPECT_EQ(found->notice_sent_at, kNow + 6s);
  EXPECT_THAT(write([](Repositories& repos) {
                return repos.support_tickets.claim_unsent(kNow - 1h, kNow + 1h, kNow + 2h, 10);
              }),
              IsEmpty());
}

}  // namespace
}  // namespace artshop::contract
