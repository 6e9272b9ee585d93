// The support desk on the real server (docs/back-office.md, "Support desk"; docs/support.md,
// "The conversation"): staff answer a ticket written through the contact form, the answer
// reaches the writer's mailbox with the reference and a link, the visitor's signed link opens
// its own ticket only, notes never reach the customer, a customer reads only their own tickets
// and their answer reopens a closed one; and who may call what.
#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <boost/json.hpp>
#include <regex>
#include <string>
#include <vector>

#include "artshop/core/support/conversation.hpp"
#include "artshop/crypto/digests.hpp"
#include "artshop/crypto/hex.hpp"
#include "backstage.hpp"
#include "support/eventually.hpp"
#include "support/smtp_sink.hpp"
#include "support/temp_dir.hpp"

namespace artshop::testing {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::SizeIs;

constexpr std::string_view kBadLink = "This link has expired or is not valid.";
constexpr std::string_view kNoSuchTicket = "No such ticket.";
// The staff secret key the shop runs with, so that the test can sign links as the shop does.
constexpr std::string_view kStaffKey =
    "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
constexpr std::string_view kNote = "Internal: this customer asked twice before.";

// The shop runs with the staff secret key the test signs links with.
class SupportDeskApi : public StaffedBackOffice {
 protected:
  SupportDeskApi() : StaffedBackOffice({{"ARTSHOP_STAFF_SECRET_KEY", std::string(kStaffKey)}}) {}

  // A ticket written through the contact form, signed in when `customer` is given: its id and
  // reference.
  std::pair<std::int64_t, std::string> write_in(const std::string& email,
                                                const Customer* customer = nullptr) {
    RequestHeaders headers{{"Content-Type", "application/json"}};
    if (customer) headers.emplace_back("Authorization", "Bearer " + customer->token);
    const auto created =
        request("POST", shop().url("/api/support/create-ticket"),
                json::serialize(json::object{{"email", email},
                                             {"name", "Ann Example"},
                                             {"supportTicketType", "Order"},
                                             {"description", "My download link answers 404."}}),
                headers);
    EXPECT_EQ(created.status, 200) << created.body;
    const std::string reference(parse_object(created).at("reference").as_string());
    const auto id = shop().count(
        fmt::format("SELECT id FROM support_tickets WHERE reference = '{}'", reference));
    return {id, reference};
  }

  HttpResponse staff_writes(const std::string& token, std::int64_t id, std::string body,
                            bool internal = false) {
    return backstage.call("POST", fmt::format("/api/admin/tickets/{}/messages", id), token,
                          json::object{{"body", std::move(body)}, {"internal", internal}});
  }
  json::object staff_reads(std::int64_t id) {
    const auto read =
        backstage.call("GET", fmt::format("/api/admin/tickets/{}", id), support.token);
    EXPECT_EQ(read.status, 200) << read.body;
    return parse_object(read);
  }
  HttpResponse visitor_reads(std::int64_t id, const std::string& token) {
    return request("GET",
                   shop().url(fmt::format("/api/support/visitor-tickets/{}?t={}", id, token)));
  }

  // The one mail whose subject is `subject`, once it arrived.
  ReceivedMail mail_titled(const std::string& subject) {
    ReceivedMail found;
    EXPECT_TRUE(eventually([&] {
      for (const auto& mail : sink.received()) {
        if (mail.data.find("Subject: " + subject + "\r\n") != std::string::npos) {
          found = mail;
          return true;
        }
      }
      return false;
    })) << subject;
    return found;
  }

  // What a refused request must not have written.
  std::int64_t written_rows() {
    return backstage.rows("support_ticket_messages") + backstage.rows("audit_log") +
           shop().count(
               "SELECT count(*) FROM support_tickets WHERE status <> 'new' OR "
               "assignee_id IS NOT NULL") +
           shop().count("SELECT count(*) FROM mail_outbox WHERE about LIKE 'ticket:%'");
  }
};

TEST_F(SupportDeskApi, EveryRoute_RefusesAnyoneButStaffWhoAnswerTickets_AndWritesNothing) {
  const auto ann = shop().sign_up();
  const auto [id, reference] = write_in("ann@example.com");
  const auto before = written_rows();
  const auto calls = [&](const std::string& token) {
    const auto path = fmt::format("/api/admin/tickets/{}", id);
    return std::vector<HttpResponse>{
        backstage.call("GET", "/api/admin/tickets", token),
        backstage.call("GET", path, token),
        staff_writes(token, id, "Hello"),
        backstage.call("POST", path + "/assign", token, json::object{{"staffId", support.id}}),
        backstage.call("POST", path + "/close", token),
        backstage.call("POST", path + "/reopen", token)};
  };
  for (const auto& token : {std::string(), ann.token}) {
    for (const auto& answer : calls(token)) {
      EXPECT_EQ(answer.status, 403);
      EXPECT_EQ(general_error(answer), kSignIn);
    }
  }
  for (const auto& answer : calls(catalogue.token)) {
    EXPECT_EQ(answer.status, 403);
    EXPECT_EQ(general_error(answer), kRoleForbids);
  }
  EXPECT_EQ(written_rows(), before);
}

TEST_F(SupportDeskApi, AReplyToAVisitor_IsMailedWithTheReferenceAndALinkThatOpensItsTicketOnly) {
  const auto [id, reference] = write_in("ann@example.com");
  const auto [other, other_reference] = write_in("bob@example.com");
  ASSERT_EQ(staff_writes(support.token, id, std::string(kNote), true).status, 201);
  const auto replied = staff_writes(support.token, id, "Please try the link again now.");
  ASSERT_EQ(replied.status, 201) << replied.body;
  EXPECT_EQ(parse_object(replied).at("staff").at("email").as_string(), "support@example.com");

  const auto mail = mail_titled("Re: your request " + reference);
  EXPECT_EQ(mail.rcpt_to, std::vector<std::string>{"ann@example.com"});
  EXPECT_THAT(mail.data, HasSubstr("Please try the link again now."));
  static const std::regex kLink("(http://[^ \r\n]+)/support/tickets/([0-9]+)\\?t=([A-Za-z0-9_-]+)");
  std::smatch link;
  ASSERT_TRUE(std::regex_search(mail.data, link, kLink)) << mail.data;
  EXPECT_EQ(link[1].str(), shop().url(""));
  EXPECT_EQ(link[2].str(), std::to_string(id));
  const auto token = link[3].str();

  const auto opened = visitor_reads(id, token);
  ASSERT_EQ(opened.status, 200) << opened.body;
  const auto conversation = parse_object(opened);
  EXPECT_EQ(conversation.at("reference").as_string(), reference);
  EXPECT_EQ(conversation.at("status").as_string(), "waiting");
  ASSERT_THAT(conversation.at("messages").as_array(), SizeIs(2)) << "the note is not among them";
  EXPECT_THAT(opened.body, Not(HasSubstr(std::string(kNote))));
  EXPECT_THAT(opened.body, Not(HasSubstr("support@example.com")));

  // The link opens no other ticket, and an altered one none at all.
  for (const auto& refused : {visitor_reads(other, token), visitor_reads(id, token + "A"),
                              visitor_reads(id, "x" + token.substr(1)), visitor_reads(id, "")}) {
    EXPECT_EQ(refused.status, 404);
    EXPECT_EQ(general_error(refused), kBadLink);
  }
  const auto elsewhere = request(
      "POST",
      shop().url(fmt::format("/api/support/visitor-tickets/{}/messages?t={}", other, token)),
      json::serialize(json::object{{"body", "Let me in"}}), {{"Content-Type", "application/json"}});
  EXPECT_EQ(elsewhere.status, 404);
  EXPECT_EQ(general_error(elsewhere), kBadLink);

  // The visitor answers through the link: the ticket is open again for staff.
  const auto answered = request(
      "POST", shop().url(fmt::format("/api/support/visitor-tickets/{}/messages?t={}", id, token)),
      json::serialize(json::object{{"body", "Works now, thank you!"}}),
      {{"Content-Type", "application/json"}});
  ASSERT_EQ(answered.status, 201) << answered.body;
  const auto read = staff_reads(id);
  EXPECT_EQ(read.at("ticket").at("status").as_string(), "open");
  EXPECT_TRUE(read.at("ticket").at("accountId").is_null());
  const auto& messages = read.at("messages").as_array();
  ASSERT_THAT(messages, SizeIs(4));
  EXPECT_TRUE(messages[1].at("internal").as_bool());
  EXPECT_EQ(messages[3].at("body").as_string(), "Works now, thank you!");
  EXPECT_EQ(messages[3].at("author").as_string(), "customer");

  // No mail the shop sent holds the note.
  for (const auto& sent : sink.received()) {
    EXPECT_THAT(sent.data, Not(HasSubstr(std::string(kNote))));
  }
  EXPECT_EQ(backstage.actions_of("support@example.com"),
            (std::vector<std::string>{"ticket.reply", "ticket.note", "staff.setup"}));
}

TEST_F(SupportDeskApi, AnExpiredLink_IsRefusedLikeAnAlteredOne) {
  const auto [id, reference] = write_in("ann@example.com");
  // Links signed as the shop signs them, under its key: one expired a second ago, one alive.
  const crypto::OpensslMessageAuthenticator macs;
  const VisitorTicketLinks links(
      macs, crypto::derive_subkey(*crypto::from_hex(kStaffKey), "artshop support ticket links"));
  const auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
  const auto alive =
      visitor_reads(id, links.token(SupportTicketId{id}, now + std::chrono::hours(1)));
  EXPECT_EQ(alive.status, 200) << alive.body;
  const auto expired =
      visitor_reads(id, links.token(SupportTicketId{id}, now - std::chrono::seconds(1)));
  EXPECT_EQ(expired.status, 404);
  EXPECT_EQ(general_error(expired), kBadLink);
}

TEST_F(SupportDeskApi, ACustomer_ReadsOnlyTheirOwnTicketsWithoutNotes_AndTheirAnswerReopensIt) {
  const auto ann = shop().sign_up();
  const auto bob = shop().sign_up();
  const auto [mine, reference] = write_in(ann.email, &ann);
  const auto [theirs, their_reference] = write_in(bob.email, &bob);
  write_in("visitor@example.com");
  ASSERT_EQ(staff_writes(support.token, mine, std::string(kNote), true).status, 201);
  ASSERT_EQ(staff_writes(support.token, mine, "We sent a new link.").status, 201);
  const auto mail = mail_titled("Re: your request " + reference);
  EXPECT_THAT(mail.data, HasSubstr(shop().url(fmt::format("/support-requests/{}", mine))));
  EXPECT_THAT(mail.data, Not(HasSubstr("?t=")));

  const auto listed = shop().get("/api/support/tickets", ann);
  ASSERT_EQ(listed.status, 200) << listed.body;
  const auto page = parse_object(listed);
  const auto& items = page.at("items").as_array();
  ASSERT_THAT(items, SizeIs(1));
  EXPECT_EQ(items[0].at("reference").as_string(), reference);

  const auto another = shop().get(fmt::format("/api/support/tickets/{}", theirs), ann);
  EXPECT_EQ(another.status, 404);
  EXPECT_EQ(general_error(another), kNoSuchTicket);
  const auto own = shop().get(fmt::format("/api/support/tickets/{}", mine), ann);
  ASSERT_EQ(own.status, 200) << own.body;
  EXPECT_THAT(parse_object(own).at("messages").as_array(), SizeIs(2));
  EXPECT_THAT(own.body, Not(HasSubstr(std::string(kNote))));
  EXPECT_EQ(request("GET", shop().url("/api/support/tickets")).status, 401);

  ASSERT_EQ(backstage.call("POST", fmt::format("/api/admin/tickets/{}/close", mine), support.token)
                .status,
            200);
  const auto answered = shop().post(fmt::format("/api/support/tickets/{}/messages", mine),
                                    json::object{{"body", "Still broken."}}, ann);
  ASSERT_EQ(answered.status, 201) << answered.body;
  EXPECT_EQ(staff_reads(mine).at("ticket").at("status").as_string(), "open");
  const auto refused = shop().post(fmt::format("/api/support/tickets/{}/messages", theirs),
                                   json::object{{"body", "Hi Bob"}}, ann);
  EXPECT_EQ(refused.status, 404);
  EXPECT_EQ(shop().count(fmt::format(
                "SELECT count(*) FROM support_ticket_messages WHERE ticket_id = {}", theirs)),
            1);
}

TEST_F(SupportDeskApi, TheDesk_ListsFiltersAssignsAndClosesTickets_AndRefusesBadInput) {
  const auto [first, first_reference] = write_in("ann@example.com");
  const auto [second, second_reference] = write_in("bob@example.com");
  const auto path = fmt::format("/api/admin/tickets/{}", second);
  const auto assigned =
      backstage.call("POST", path + "/assign", owner.token, json::object{{"staffId", support.id}});
  ASSERT_EQ(assigned.status, 200) << assigned.body;
  EXPECT_EQ(parse_object(assigned).at("assignee").at("email").as_string(), "support@example.com");
  const auto to_catalogue = backstage.call("POST", path + "/assign", owner.token,
                                           json::object{{"staffId", catalogue.id}});
  EXPECT_EQ(to_catalogue.status, 400);
  EXPECT_EQ(field_errors(to_catalogue, "staffId"),
            std::vector<std::string>{"Choose a staff member who may answer tickets."});
  ASSERT_EQ(backstage.call("POST", fmt::format("/api/admin/tickets/{}/close", first), support.token)
                .status,
            200);

  const auto ids = [&](const std::string& query) {
    const auto listed = backstage.call("GET", "/api/admin/tickets" + query, support.token);
    EXPECT_EQ(listed.status, 200) << listed.body;
    std::vector<std::int64_t> found;
    const auto page = parse_object(listed);
    for (const auto& row : page.at("items").as_array()) {
      found.push_back(row.at("id").as_int64());
    }
    return found;
  };
  EXPECT_EQ(ids(""), (std::vector<std::int64_t>{second, first}));
  EXPECT_EQ(ids("?Assignee=me"), std::vector<std::int64_t>{second});
  EXPECT_EQ(ids("?Status=closed"), std::vector<std::int64_t>{first});
  EXPECT_EQ(ids("?Query=" + first_reference), std::vector<std::int64_t>{first});
  EXPECT_EQ(ids("?Query=BOB%40"), std::vector<std::int64_t>{second});
  EXPECT_EQ(ids("?Type=Order&Sort=createdAt"), (std::vector<std::int64_t>{first, second}));

  const auto bad_filter = backstage.call("GET", "/api/admin/tickets?Status=pending", support.token);
  EXPECT_EQ(bad_filter.status, 400);
  EXPECT_EQ(field_errors(bad_filter, "Status"),
            std::vector<std::string>{"Choose new, open, waiting or closed."});
  const auto before = backstage.rows("support_ticket_messages");
  const auto empty = staff_writes(support.token, first, "   ");
  EXPECT_EQ(empty.status, 400);
  EXPECT_EQ(field_errors(empty, "body"),
            std::vector<std::string>{"Write a message of 1 to 5000 characters."});
  const auto unknown = staff_writes(support.token, 9999, "Hello");
  EXPECT_EQ(unknown.status, 404);
  EXPECT_EQ(general_error(unknown), kNoSuchTicket);
  EXPECT_EQ(backstage.rows("support_ticket_messages"), before);
}

}  // namespace
}  // namespace artshop::testing
