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
  const auto id = write([&](Repositories& repos) { return repos.support_tickets.insert(ticket); });
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
  ticket.id = *write([&](Repositories& repos) { return repos.support_tickets.insert(ticket); });
  EXPECT_EQ(read([](Repositories& repos) {
              return repos.support_tickets.find_by_reference("AS-AAAA-BBBB");
            }),
            ticket);
}

TEST_P(SupportTicketContract, Insert_WithATakenReference_AnswersNothing) {
  write([](Repositories& repos) { repos.support_tickets.insert(a_ticket("AS-7K3M-9Q2D", kNow)); });
  EXPECT_FALSE(write([](Repositories& repos) {
    return repos.support_tickets.insert(a_ticket("AS-7K3M-9Q2D", kNow + 1s));
  }));
}

TEST_P(SupportTicketContract, TakeUnqueued_GivesTheUnsentTicketsSinceTheGivenTimeOldestFirst) {
  write([](Repositories& repos) {
    auto sent = a_ticket("AS-SENT", kNow - 50min);
    sent.confirmation_sent_at = kNow - 50min;
    sent.notice_sent_at = kNow - 50min;
    repos.support_tickets.insert(sent);
    auto half = a_ticket("AS-HALF", kNow - 10min);
    half.confirmation_sent_at = kNow - 10min;
    repos.support_tickets.insert(half);
    repos.support_tickets.insert(a_ticket("AS-TOO-OLD", kNow - 2h));
    repos.support_tickets.insert(a_ticket("AS-OLDER", kNow - 40min));
  });
  const auto taken = write(
      [](Repositories& repos) { return repos.support_tickets.take_unqueued(kNow - 1h, kNow); });
  EXPECT_THAT(references(taken), ElementsAre("AS-OLDER", "AS-HALF"));
  EXPECT_EQ(taken[1].confirmation_sent_at, kNow - 10min) << "as they were";
  EXPECT_EQ(taken[1].notice_sent_at, std::nullopt);
}

TEST_P(SupportTicketContract, TakeUnqueued_RecordsTheirMailsAsQueuedAndKeepsEarlierTimes) {
  write([](Repositories& repos) {
    auto half = a_ticket("AS-HALF", kNow - 10min);
    half.confirmation_sent_at = kNow - 10min;
    repos.support_tickets.insert(half);
  });
  write([](Repositories& repos) { return repos.support_tickets.take_unqueued(kNow - 1h, kNow); });
  const auto found =
      read([](Repositories& repos) { return repos.support_tickets.find_by_reference("AS-HALF"); });
  EXPECT_EQ(found->confirmation_sent_at, kNow - 10min);
  EXPECT_EQ(found->notice_sent_at, kNow);
  EXPECT_THAT(write([](Repositories& repos) {
                return repos.support_tickets.take_unqueued(kNow - 1h, kNow + 1s);
              }),
              IsEmpty());
}

}  // namespace
}  // namespace artshop::contract
