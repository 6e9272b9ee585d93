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

TEST_P(SupportTicketContract, AStoredTicket_IsNewUnassigned_WithItsDescriptionAsTheFirstMessage) {
  const auto id = *write(
      [](Repositories& repos) { return repos.support_tickets.insert(a_ticket("AS-1", kNow)); });
  const auto found = read([&](Repositories& repos) { return repos.support_tickets.find(id); });
  ASSERT_TRUE(found);
  EXPECT_EQ(found->ticket.status, TicketStatus::New);
  EXPECT_EQ(found->ticket.assignee, std::nullopt);
  EXPECT_EQ(found->last_message_at, kNow);
  const auto messages =
      read([&](Repositories& repos) { return repos.support_tickets.messages(id); });
  ASSERT_EQ(messages.size(), 1U);
  EXPECT_EQ(messages[0].author, TicketAuthor::Customer);
  EXPECT_EQ(messages[0].at, kNow);
  EXPECT_EQ(messages[0].body, "My picture is sold here without my consent.");
  EXPECT_FALSE(messages[0].internal);
  EXPECT_FALSE(read([](Repositories& repos) { return repos.support_tickets.find({999}); }));
}

TEST_P(SupportTicketContract, Messages_AreKeptInOrderWithTheirStaffMemberAndMoveTheLastTime) {
  const auto staff = add_account("sam@shop.test");
  const auto id = *write(
      [](Repositories& repos) { return repos.support_tickets.insert(a_ticket("AS-1", kNow)); });
  write([&](Repositories& repos) {
    repos.support_tickets.add_message(id, {.at = kNow + 1min,
                                           .author = TicketAuthor::Staff,
                                           .staff = staff,
                                           .body = "Seen before.",
                                           .internal = true});
    repos.support_tickets.add_message(
        id, {.at = kNow + 2min, .author = TicketAuthor::Customer, .body = "Any news?"});
    repos.support_tickets.set_status(id, TicketStatus::Open);
    repos.support_tickets.set_assignee(id, staff);
  });
  const auto messages =
      read([&](Repositories& repos) { return repos.support_tickets.messages(id); });
  ASSERT_EQ(messages.size(), 3U);
  EXPECT_EQ(messages[1].author, TicketAuthor::Staff);
  EXPECT_EQ(messages[1].staff, staff);
  EXPECT_EQ(messages[1].staff_email, "sam@shop.test");
  EXPECT_TRUE(messages[1].internal);
  EXPECT_EQ(messages[2].body, "Any news?");
  EXPECT_LT(messages[1].id, messages[2].id);
  const auto found = read([&](Repositories& repos) { return repos.support_tickets.find(id); });
  EXPECT_EQ(found->ticket.status, TicketStatus::Open);
  EXPECT_EQ(found->ticket.assignee, staff);
  EXPECT_EQ(found->assignee_email, "sam@shop.test");
  EXPECT_EQ(found->last_message_at, kNow + 2min);
}

TEST_P(SupportTicketContract, Search_FiltersByStatusTypeAssigneeAccountAndText_InPages) {
  const auto ann = add_account("ann@example.com");
  const auto sam = add_account("sam@shop.test");
  const auto ids = write([&](Repositories& repos) {
    auto first = a_ticket("AS-AAAA-0001", kNow - 3min, ann);
    auto second = a_ticket("AS-AAAA-0002", kNow - 2min);
    second.email = "bob_smith@example.com";
    second.type = SupportTicketType::Order;
    auto third = a_ticket("AS-AAAA-0003", kNow - 1min);
    third.email = "bobXsmith@example.com";
    std::vector<SupportTicketId> stored;
    for (const auto& ticket : {first, second, third}) {
      stored.push_back(*repos.support_tickets.insert(ticket));
    }
    repos.support_tickets.set_assignee(stored[1], sam);
    repos.support_tickets.set_status(stored[2], TicketStatus::Closed);
    // The oldest ticket has the newest message.
    repos.support_tickets.add_message(
        stored[0], {.at = kNow, .author = TicketAuthor::Customer, .body = "Hello?"});
    return stored;
  });
  const auto found = [&](TicketQuery query) {
    return read([&](Repositories& repos) {
      std::vector<std::int64_t> numbers;
      const auto page = repos.support_tickets.search(query);
      for (const auto& row : page.items) {
        numbers.push_back(row.ticket.id.value - ids[0].value + 1);
      }
      numbers.push_back(-page.total);
      return numbers;
    });
  };
  EXPECT_THAT(found({}), ElementsAre(3, 2, 1, -3));
  EXPECT_THAT(found({.sort = TicketSort::OldestFirst}), ElementsAre(1, 2, 3, -3));
  EXPECT_THAT(found({.sort = TicketSort::LastMessageFirst}), ElementsAre(1, 3, 2, -3));
  EXPECT_THAT(found({.status = TicketStatus::Closed}), ElementsAre(3, -1));
  EXPECT_THAT(found({.type = SupportTicketType::Order}), ElementsAre(2, -1));
  EXPECT_THAT(found({.unassigned = true}), ElementsAre(3, 1, -2));
  EXPECT_THAT(found({.assignee = sam}), ElementsAre(2, -1));
  EXPECT_THAT(found({.account = ann}), ElementsAre(1, -1));
  EXPECT_THAT(found({.text = "as-aaaa-0002"}), ElementsAre(2, -1));
  EXPECT_THAT(found({.text = "AS-AAAA"}), ElementsAre(0)) << "a reference is matched whole";
  EXPECT_THAT(found({.text = "BOB_"}), ElementsAre(2, -1)) << "LIKE's _ is taken literally";
  EXPECT_THAT(found({.offset = 1, .limit = 1}), ElementsAre(2, -3));
}

TEST_P(SupportTicketContract, TheDashboard_CountsTheTicketsNotClosed_AndTheOldestOfThem) {
  write([](Repositories& repos) {
    const auto oldest = repos.support_tickets.insert(a_ticket("AS-OLDEST", kNow - 3h)).value();
    repos.support_tickets.insert(a_ticket("AS-WAITING", kNow - 2h));
    repos.support_tickets.insert(a_ticket("AS-NEW", kNow));
    repos.support_tickets.set_status(oldest, TicketStatus::Closed);
  });
  write([](Repositories& repos) {
    const auto waiting = repos.support_tickets.find_by_reference("AS-WAITING").value().id;
    repos.support_tickets.set_status(waiting, TicketStatus::WaitingForCustomer);
  });
  EXPECT_EQ(read([](Repositories& repos) { return repos.sales_reports.open_tickets(); }), 2);
  EXPECT_EQ(read([](Repositories& repos) { return repos.sales_reports.oldest_open_ticket(); }),
            kNow - 2h)
      << "a closed ticket is no longer waiting for anyone";
  EXPECT_EQ(read([](Repositories& repos) { return repos.sales_reports.tickets_since(kNow - 4h); }),
            3)
      << "the tickets written in a period count whatever became of them";
}

}  // namespace
}  // namespace artshop::contract
