// POST /api/support/create-ticket on the real server: the ticket, its two mails through the
// .eml folder and through a real SMTP server, what the confirmation may say and how many a
// recipient gets, the field map, the rate limit and the mail retry.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>

#include "shop_api.hpp"
#include "support/loopback.hpp"
#include "support/smtp_sink.hpp"

namespace artshop::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::UnorderedElementsAre;

constexpr std::string_view kPath = "/api/support/create-ticket";
constexpr std::string_view kDescription = "My download link for order 12 answers 404.";

json::object ticket_payload(std::string email = "ann@example.com", std::string type = "order") {
  return {{"email", std::move(email)},
          {"name", "Ann Example"},
          {"supportTicketType", std::move(type)},
          {"description", kDescription}};
}

HttpResponse post_ticket(ShopServer& shop, const json::object& payload,
                         const RequestHeaders& headers = {}) {
  return post_json(shop.url(kPath), json::serialize(payload), headers);
}

std::vector<std::string> recipients(const std::vector<ReceivedMail>& mails) {
  std::vector<std::string> to;
  for (const auto& mail : mails) to.insert(to.end(), mail.rcpt_to.begin(), mail.rcpt_to.end());
  return to;
}

constexpr std::string_view kPending = "SELECT count(*) FROM mail_outbox WHERE status = 'Pending'";

TEST(SupportApi, AVisitorsTicket_IsAnsweredWithItsReferenceAndMailedToCustomerAndSupport) {
  ShopServer shop(/*seeded=*/false);
  const auto response = post_ticket(shop, ticket_payload());
  ASSERT_EQ(response.status, 200) << response.body;
  const auto body = parse_object(response);
  const std::string reference(body.at("reference").as_string());
  EXPECT_TRUE(
      std::regex_match(reference, std::regex("AS-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}")))
      << reference;
  EXPECT_EQ(body.at("supportTicketType").as_string(), "Order");
  EXPECT_TRUE(std::regex_match(std::string(body.at("createdAt").as_string()),
                               std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)")));

  const auto confirmation = shop.mail_to("ann@example.com", reference);
  EXPECT_THAT(confirmation, HasSubstr("Topic: Order"));
  EXPECT_THAT(confirmation, HasSubstr(shop.url("")));
  const auto notice = shop.mail_to("support@artshop.local", reference);
  EXPECT_THAT(notice, HasSubstr("Ann Example <ann@example.com>"));
  EXPECT_THAT(notice, HasSubstr(kDescription));

  // Sent by the mail chore after the answer, and out of the outbox.
  EXPECT_TRUE(eventually([&] { return shop.count(kPending) == 0; }));
  EXPECT_EQ(shop.count("SELECT count(*) FROM support_tickets WHERE reference = '" + reference +
                       "' AND account_id IS NULL"),
            1);
}

// Anyone may type any address into the form: the shop must not mail a visitor's text and links
// "From: Artshop" to whomever they name.
TEST(SupportApi, TheConfirmation_QuotesNothingOfTheDescriptionOrTheName) {
  ShopServer shop(/*seeded=*/false);
  auto payload = ticket_payload("victim@example.com");
  payload["name"] = "Claim your prize at http://evil.example";
  payload["description"] = "Your account is locked. Log in at http://evil.example/login now.";
  const auto response = post_ticket(shop, payload);
  ASSERT_EQ(response.status, 200) << response.body;
  const std::string reference(parse_object(response).at("reference").as_string());

  const auto confirmation = shop.mail_to("victim@example.com", reference);
  EXPECT_THAT(confirmation, ::testing::Not(HasSubstr("evil.example")));
  EXPECT_THAT(confirmation, ::testing::Not(HasSubstr("locked")));
  EXPECT_THAT(confirmation, HasSubstr("Reference: " + reference));
  // The ticket's text reaches the support address only.
  EXPECT_THAT(shop.mail_to("support@artshop.local", reference),
              HasSubstr("http://evil.example/login"));
}

TEST(SupportApi, TheFourthConfirmationToOneRecipientInADay_IsNotSentButTheTicketIsAnswered) {
  TempDir received;
  const SmtpSink sink(received.path());
  ShopServer shop(/*seeded=*/false, smtp_environment(sink.port()));
  for (int i = 0; i < 4; ++i) {
    const auto response = post_ticket(shop, ticket_payload("flooded@example.com"));
    ASSERT_EQ(response.status, 200) << "ticket " << i + 1 << ": " << response.body;
  }
  EXPECT_EQ(shop.count("SELECT count(*) FROM support_tickets"), 4);

  // Everything queued has gone out: four notices and three confirmations, never a fourth.
  ASSERT_TRUE(eventually([&] { return shop.count(kPending) == 0; }));
  const auto to = recipients(sink.received());
  EXPECT_EQ(std::ranges::count(to, "flooded@example.com"), 3);
  EXPECT_EQ(std::ranges::count(to, "support@artshop.local"), 4);
  EXPECT_TRUE(shop.process().wait_for_log("no confirmation", std::chrono::seconds(5)));
}

TEST(SupportApi, WithoutASupportAddress_TheNoticeGoesToSupportAtTheSendersDomain) {
  ShopServer shop(/*seeded=*/false, {{"ARTSHOP_MAIL_FROM", "Gallery <hello@gallery.example>"}});
  const auto response = post_ticket(shop, ticket_payload());
  ASSERT_EQ(response.status, 200) << response.body;
  const std::string reference(parse_object(response).at("reference").as_string());
  EXPECT_THAT(shop.mail_to("support@gallery.example", reference), HasSubstr(kDescription));
}

TEST(SupportApi, ASignedInCustomersTicket_IsLinkedToTheAccount) {
  ShopServer shop(/*seeded=*/false);
  const auto customer = shop.sign_up();
  const auto response =
      post_ticket(shop, ticket_payload("reply-here@example.com"), customer.auth());
  ASSERT_EQ(response.status, 200) << response.body;
  EXPECT_EQ(shop.count("SELECT count(*) FROM support_tickets t JOIN accounts a "
                       "ON a.id = t.account_id WHERE a.email = '" +
                       customer.email + "' AND t.email = 'reply-here@example.com'"),
            1);
}

TEST(SupportApi, AnInvalidAccessToken_Answers401SoTheClientRefreshes) {
  ShopServer shop(/*seeded=*/false);
  const auto response =
      post_ticket(shop, ticket_payload(), {{"Authorization", "Bearer not-a-token"}});
  EXPECT_EQ(response.status, 401);
  EXPECT_EQ(response.header("WWW-Authenticate"), "Bearer");
  EXPECT_EQ(shop.count("SELECT count(*) FROM support_tickets"), 0);
}

TEST(SupportApi, EveryBadField_IsReportedInOneFieldMap) {
  ShopServer shop(/*seeded=*/false);
  const auto response = post_ticket(shop, {{"email", "ann@"},
                                           {"name", "   "},
                                           {"supportTicketType", ""},
                                           {"description", " too short "}});
  ASSERT_EQ(response.status, 400) << response.body;
  const auto body = parse_object(response);
  EXPECT_EQ(body.at("title").as_string(), "Validation failed");
  std::vector<std::string> fields;
  for (const auto& [field, messages] : body.at("errors").as_object()) fields.emplace_back(field);
  EXPECT_THAT(fields, UnorderedElementsAre("email", "name", "supportTicketType", "description"));
  EXPECT_THAT(field_errors(response, "email"), ElementsAre("Enter a valid e-mail address."));
  EXPECT_THAT(field_errors(response, "name"), ElementsAre("Enter your name."));
  EXPECT_THAT(field_errors(response, "description"),
              ElementsAre("Description must be at least 10 characters."));
  EXPECT_EQ(shop.count("SELECT count(*) FROM support_tickets"), 0);
}

TEST(SupportApi, TooLongNameAndDescription_AreRefused) {
  ShopServer shop(/*seeded=*/false);
  auto payload = ticket_payload();
  payload["name"] = std::string(101, 'n');
  payload["description"] = std::string(5001, 'd');
  const auto response = post_ticket(shop, payload);
  ASSERT_EQ(response.status, 400) << response.body;
  EXPECT_THAT(field_errors(response, "name"), ElementsAre("Name must be at most 100 characters."));
  EXPECT_THAT(field_errors(response, "description"),
              ElementsAre("Description must be at most 5000 characters."));
}

TEST(SupportApi, AnUnknownType_NamesTheAcceptedOnes) {
  ShopServer shop(/*seeded=*/false);
  const auto response = post_ticket(shop, ticket_payload("ann@example.com", "Complaint"));
  ASSERT_EQ(response.status, 400) << response.body;
  EXPECT_THAT(field_errors(response, "supportTicketType"),
              ElementsAre("Choose one of General, Order, Payment, Account, Technical, "
                          "Copyright, Other."));
}

TEST(SupportApi, TheSixthTicketInAnHourFromOneAddress_Answers429WithRetryAfter) {
  ShopServer shop(/*seeded=*/false);
  for (int i = 0; i < 5; ++i) ASSERT_EQ(post_ticket(shop, ticket_payload()).status, 200);
  const auto sixth = post_ticket(shop, ticket_payload());
  EXPECT_EQ(sixth.status, 429);
  EXPECT_GT(std::stoi(sixth.header("Retry-After")), 0);
  EXPECT_LE(std::stoi(sixth.header("Retry-After")), 3600);
  EXPECT_EQ(field_errors(sixth, "email"), std::vector<std::string>{});
  EXPECT_EQ(shop.count("SELECT count(*) FROM support_tickets"), 5);
}

TEST(SupportApi, ThroughSmtp_BothMailsReachTheMailServer) {
  TempDir received;
  const SmtpSink sink(received.path());
  ShopServer shop(/*seeded=*/false, smtp_environment(sink.port()));

  const auto response = post_ticket(shop, ticket_payload());
  ASSERT_EQ(response.status, 200) << response.body;
  const std::string reference(parse_object(response).at("reference").as_string());

  // Sent by the mail chore after the answer.
  ASSERT_TRUE(eventually([&] { return sink.received().size() == 2; }));
  const auto mails = sink.received();
  EXPECT_THAT(recipients(mails), UnorderedElementsAre("ann@example.com", "support@artshop.local"));
  for (const auto& mail : mails) EXPECT_THAT(mail.data, HasSubstr(reference));
}

TEST(SupportApi, WithTheMailServerDown_TheTicketIsKeptAndItsMailsGoOutOnceItIsBack) {
  const auto port = closed_port();
  ShopServer shop(/*seeded=*/false, smtp_environment(port));

  const auto response = post_ticket(shop, ticket_payload());
  ASSERT_EQ(response.status, 200) << response.body;
  const std::string reference(parse_object(response).at("reference").as_string());
  // Both wait in the outbox while the server is away; a try has failed.
  EXPECT_EQ(shop.count(kPending), 2);
  ASSERT_TRUE(eventually(
      [&] { return shop.count("SELECT count(*) FROM mail_outbox WHERE attempts > 0") > 0; }));

  TempDir received;
  const SmtpSink sink(received.path(), /*require_auth=*/false, port);
  ASSERT_TRUE(eventually([&] { return shop.count(kPending) == 0; }));
  const auto mails = sink.received();
  EXPECT_THAT(recipients(mails), UnorderedElementsAre("ann@example.com", "support@artshop.local"))
      << "each once";
  for (const auto& mail : mails) EXPECT_THAT(mail.data, HasSubstr(reference));
}

}  // namespace
}  // namespace artshop::testing
