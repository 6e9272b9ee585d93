#include "artshop/core/backoffice/support_desk.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "artshop/core/support/customer_tickets.hpp"
#include "fakes/fake_ports.hpp"
#include "fakes/in_memory_store.hpp"

namespace artshop {
namespace {

using namespace std::chrono_literals;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
using ::testing::SizeIs;

class SupportDesk : public ::testing::Test {
 protected:
  static StaffActor member(StaffRole role, std::int64_t id = 900) {
    return {.id = UserId{id},
            .email = std::string(name_of(role)) + "@shop.test",
            .role = role,
            .session = "session",
            .expires_at = {}};
  }

  // A ticket as the contact form stores it; with `account`, a signed-in customer's.
  SupportTicketId ticket(std::optional<UserId> account = std::nullopt,
                         std::string email = "ann@example.com") {
    const auto n = store.state.support_tickets.size() + 1;
    return *fakes::InMemorySupportTickets(store.state)
                .insert({.reference = "AS-0000-000" + std::to_string(n),
                         .account = account,
                         .email = std::move(email),
                         .name = "Ann",
                         .type = SupportTicketType::Order,
                         .description = "My download link does not work.",
                         .client_address = "10.0.0.1",
                         .created_at = now()});
  }

  std::chrono::sys_seconds now() const {
    return std::chrono::floor<std::chrono::seconds>(clock.now());
  }
  TicketStatus status_of(SupportTicketId id) const {
    return store.state.support_tickets.at(static_cast<std::size_t>(id.value - 1)).status;
  }

  Result<TicketMessage> staff_writes(SupportTicketId id, std::string body, bool internal = false,
                                     StaffRole role = StaffRole::Support) {
    return answer({.actor = member(role),
                   .ticket = id,
                   .body = std::move(body),
                   .internal = internal,
                   .address = "203.0.113.9"});
  }

  fakes::InMemoryUnitOfWork store;
  fakes::FixedClock clock;
  std::string shop_url = "https://shop.test";
  fakes::ToyMac macs;
  VisitorTicketLinks links{macs, std::vector<std::byte>(32, std::byte{7})};
  ListTickets list{store};
  GetTicketForStaff get{store};
  AnswerTicket answer{store, clock, {.shop_url = shop_url, .links = links}};
  AssignTicket assign{store, clock};
  ChangeTicketStatus change{store, clock};
  CustomerTickets customers{store, clock, links};
};

TEST_F(SupportDesk, ANewTicket_HasItsDescriptionAsTheFirstCustomerMessage) {
  const auto id = ticket();
  const auto read = get(member(StaffRole::Support), id);
  ASSERT_TRUE(read);
  EXPECT_EQ(read->ticket.ticket.status, TicketStatus::New);
  EXPECT_EQ(read->ticket.ticket.assignee, std::nullopt);
  ASSERT_THAT(read->messages, SizeIs(1));
  EXPECT_EQ(read->messages[0].author, TicketAuthor::Customer);
  EXPECT_EQ(read->messages[0].body, "My download link does not work.");
  EXPECT_FALSE(read->messages[0].internal);
}

TEST_F(SupportDesk, AStaffReply_WaitsForTheCustomer_AndTheCustomersAnswerOpensIt) {
  const auto ann = UserId{1};
  const auto id = ticket(ann);
  ASSERT_TRUE(staff_writes(id, "Try the link again, please."));
  EXPECT_EQ(status_of(id), TicketStatus::WaitingForCustomer);
  ASSERT_TRUE(customers.reply({.customer = ann, .token = {}}, id, "It works, thanks."));
  EXPECT_EQ(status_of(id), TicketStatus::Open);
}

TEST_F(SupportDesk, ANote_ChangesNoStatusAndIsNeitherMailedNorShownToTheCustomer) {
  const auto ann = UserId{1};
  const auto id = ticket(ann);
  ASSERT_TRUE(staff_writes(id, "Customer had this before.", true));
  EXPECT_EQ(status_of(id), TicketStatus::New);
  EXPECT_THAT(fakes::queued_mails(store.state), IsEmpty());
  const auto theirs = customers.get({.customer = ann, .token = {}}, id);
  ASSERT_TRUE(theirs);
  ASSERT_THAT(theirs->messages, SizeIs(1));
  EXPECT_EQ(theirs->messages[0].author, TicketAuthor::Customer);
  const auto staffs = get(member(StaffRole::Support), id);
  ASSERT_TRUE(staffs);
  ASSERT_THAT(staffs->messages, SizeIs(2));
  EXPECT_TRUE(staffs->messages[1].internal);
  EXPECT_EQ(store.state.audit_log.back().action, "ticket.note");
}

TEST_F(SupportDesk, AClosedTicket_ReopensWhenTheCustomerWrites) {
  const auto ann = UserId{1};
  const auto id = ticket(ann);
  ASSERT_TRUE(change.close(member(StaffRole::Support), id, "x"));
  EXPECT_EQ(status_of(id), TicketStatus::Closed);
  ASSERT_TRUE(customers.reply({.customer = ann, .token = {}}, id, "One more thing."));
  EXPECT_EQ(status_of(id), TicketStatus::Open);
}

TEST_F(SupportDesk, CloseAndReopen_AreAuditedOnlyWhenTheyChangeSomething) {
  const auto id = ticket();
  ASSERT_TRUE(change.close(member(StaffRole::Support), id, "x"));
  ASSERT_TRUE(change.close(member(StaffRole::Support), id, "x"));
  ASSERT_TRUE(change.reopen(member(StaffRole::Support), id, "x"));
  EXPECT_EQ(status_of(id), TicketStatus::Open);
  ASSERT_THAT(store.state.audit_log, SizeIs(2));
  EXPECT_EQ(store.state.audit_log[0].action, "ticket.close");
  EXPECT_EQ(store.state.audit_log[0].object, "ticket:1");
  EXPECT_EQ(store.state.audit_log[1].action, "ticket.reopen");
  EXPECT_EQ(store.state.audit_log[1].after, R"({"status":"open"})");
}

TEST_F(SupportDesk,
       AReply_IsMailedWithTheReferenceAndAVisitorsSignedLink_AndAuditedWithoutTheBody) {
  const auto id = ticket();
  ASSERT_TRUE(staff_writes(id, "Secret words of the reply."));
  const auto mails = fakes::queued_mails(store.state);
  ASSERT_THAT(mails, SizeIs(1));
  EXPECT_EQ(mails[0].to, "ann@example.com");
  EXPECT_EQ(mails[0].subject, "Re: your request AS-0000-0001");
  EXPECT_THAT(mails[0].text_body, HasSubstr("Secret words of the reply."));
  const auto token = links.token(id, now() + kVisitorLinkLife);
  EXPECT_THAT(mails[0].text_body, HasSubstr("https://shop.test/support/tickets/1?t=" + token));
  EXPECT_EQ(store.state.mail_outbox.back().about, "ticket:1");
  const auto& record = store.state.audit_log.back();
  EXPECT_EQ(record.action, "ticket.reply");
  EXPECT_EQ(record.after, R"({"status":"waiting","length":"26"})");
  EXPECT_THAT(record.after, Not(HasSubstr("Secret")));
}

TEST_F(SupportDesk, AReplyToACustomer_LinksToTheirAccountsTicketPage) {
  const auto id = ticket(UserId{1});
  ASSERT_TRUE(staff_writes(id, "Try again."));
  const auto mails = fakes::queued_mails(store.state);
  ASSERT_THAT(mails, SizeIs(1));
  EXPECT_THAT(mails[0].text_body, HasSubstr("https://shop.test/support-requests/1\n"));
  EXPECT_THAT(mails[0].text_body, Not(HasSubstr("?t=")));
}

TEST_F(SupportDesk, AVisitorsLink_OpensItsOwnTicketOnly_AndNotOnceExpiredOrAltered) {
  const auto first = ticket();
  const auto second = ticket(std::nullopt, "bob@example.com");
  const auto token = links.token(first, now() + kVisitorLinkLife);
  const auto reads = [&](SupportTicketId id, std::string typed) {
    return customers.get({.customer = std::nullopt, .token = std::move(typed)}, id);
  };
  const auto refused = [](const Result<TicketConversation>& read) {
    return !read && read.error().kind == ErrorKind::NotFound &&
           read.error().fields.messages("") ==
               std::vector<std::string>{"This link has expired or is not valid."};
  };
  EXPECT_TRUE(reads(first, token));
  EXPECT_TRUE(refused(reads(second, token)));
  EXPECT_TRUE(refused(reads(SupportTicketId{99}, links.token(SupportTicketId{99}, now() + 60s))));
  auto altered = token;
  altered[altered.size() / 2] = altered[altered.size() / 2] == 'A' ? 'B' : 'A';
  EXPECT_TRUE(refused(reads(first, altered)));
  EXPECT_TRUE(refused(reads(first, "")));
  clock.advance(kVisitorLinkLife);
  EXPECT_TRUE(refused(reads(first, token)));
}

TEST_F(SupportDesk, ACustomer_CannotReadOrAnswerAnothersTicket) {
  const auto bobs = ticket(UserId{2}, "bob@example.com");
  const auto ann = TicketReader{.customer = UserId{1}, .token = {}};
  const auto read = customers.get(ann, bobs);
  ASSERT_FALSE(read);
  EXPECT_EQ(read.error().fields.messages(""), std::vector<std::string>{"No such ticket."});
  EXPECT_FALSE(customers.reply(ann, bobs, "Let me in."));
  EXPECT_THAT(store.state.ticket_messages, SizeIs(1));
}

TEST_F(SupportDesk, Assign_OnlyToAMemberWhoAnswersTickets) {
  fakes::InMemoryStaff staff(store.state);
  staff.insert(UserId{5}, StaffRole::Support, StaffStatus::Active, now());
  staff.insert(UserId{6}, StaffRole::Catalogue, StaffStatus::Active, now());
  const auto id = ticket();
  const auto to = [&](std::optional<UserId> who) {
    return assign(
        {.actor = member(StaffRole::Owner), .ticket = id, .assignee = who, .address = "x"});
  };
  const auto refused = to(UserId{6});
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().fields.messages("staffId"),
            std::vector<std::string>{"Choose a staff member who may answer tickets."});
  EXPECT_FALSE(to(UserId{77}));
  EXPECT_THAT(store.state.audit_log, IsEmpty());
  ASSERT_TRUE(to(UserId{5}));
  EXPECT_EQ(store.state.support_tickets[0].assignee, UserId{5});
  ASSERT_TRUE(to(std::nullopt));
  EXPECT_EQ(store.state.support_tickets[0].assignee, std::nullopt);
  ASSERT_THAT(store.state.audit_log, SizeIs(2));
  EXPECT_EQ(store.state.audit_log[1].action, "ticket.assign");
  EXPECT_EQ(store.state.audit_log[1].after, R"({"assignee":"none"})");
}

TEST_F(SupportDesk, ARoleWithoutAnswerTickets_IsRefusedByEveryUseCaseAndNothingIsWritten) {
  const auto catalogue = member(StaffRole::Catalogue);
  const auto id = ticket();
  const auto refused = [](const auto& result) {
    return !result && result.error().kind == ErrorKind::Forbidden &&
           result.error().fields.messages("") ==
               std::vector<std::string>{"Your role does not allow this."};
  };
  EXPECT_TRUE(refused(list(catalogue, {})));
  EXPECT_TRUE(refused(get(catalogue, id)));
  EXPECT_TRUE(refused(staff_writes(id, "Hello", false, StaffRole::Catalogue)));
  EXPECT_TRUE(refused(
      assign({.actor = catalogue, .ticket = id, .assignee = std::nullopt, .address = "x"})));
  EXPECT_TRUE(refused(change.close(catalogue, id, "x")));
  EXPECT_TRUE(refused(change.reopen(catalogue, id, "x")));
  EXPECT_THAT(store.state.ticket_messages, SizeIs(1));
  EXPECT_EQ(status_of(id), TicketStatus::New);
  EXPECT_THAT(store.state.audit_log, IsEmpty());
  EXPECT_THAT(fakes::queued_mails(store.state), IsEmpty());
}

TEST_F(SupportDesk, BadBodiesAndFilters_AreRefusedOnTheirFields) {
  const auto id = ticket();
  for (const auto& body : {std::string("   "), std::string(5001, 'x'), std::string("a\x01")}) {
    const auto refused = staff_writes(id, body);
    ASSERT_FALSE(refused);
    EXPECT_EQ(refused.error().fields.messages("body"),
              std::vector<std::string>{"Write a message of 1 to 5000 characters."});
  }
  EXPECT_TRUE(staff_writes(id, std::string(5000, 'x')));
  const auto listed = list(member(StaffRole::Support), {.status = "pending",
                                                        .type = "Orders",
                                                        .assignee = "someone",
                                                        .query = {},
                                                        .sort = "name",
                                                        .page = {},
                                                        .page_size = {}});
  ASSERT_FALSE(listed);
  for (const auto* field : {"Status", "Type", "Assignee", "Sort"}) {
    EXPECT_THAT(listed.error().fields.messages(field), SizeIs(1)) << field;
  }
}

TEST_F(SupportDesk, TheList_FiltersByStatusAssigneeAndReferenceOrEmail) {
  fakes::InMemoryStaff(store.state)
      .insert(UserId{900}, StaffRole::Support, StaffStatus::Active, now());
  const auto first = ticket();
  clock.advance(60s);
  const auto second = ticket(std::nullopt, "bob@example.com");
  ASSERT_TRUE(assign({.actor = member(StaffRole::Support),
                      .ticket = second,
                      .assignee = UserId{900},
                      .address = "x"}));
  ASSERT_TRUE(change.close(member(StaffRole::Support), first, "x"));
  const auto ids = [&](ListTicketsQuery query) {
    std::vector<std::int64_t> found;
    const auto listed = list(member(StaffRole::Support), query);
    for (const auto& row : listed->items) {
      found.push_back(row.ticket.id.value);
    }
    return found;
  };
  EXPECT_EQ(ids({}), (std::vector<std::int64_t>{2, 1}));
  EXPECT_EQ(ids({.sort = "createdAt"}), (std::vector<std::int64_t>{1, 2}));
  EXPECT_EQ(ids({.status = "closed"}), std::vector<std::int64_t>{1});
  EXPECT_EQ(ids({.assignee = "me"}), std::vector<std::int64_t>{2});
  EXPECT_EQ(ids({.assignee = "none"}), std::vector<std::int64_t>{1});
  EXPECT_EQ(ids({.query = "as-0000-0001"}), std::vector<std::int64_t>{1});
  EXPECT_EQ(ids({.query = "BOB@"}), std::vector<std::int64_t>{2});
}

}  // namespace
}  // namespace artshop
