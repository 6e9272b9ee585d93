#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <regex>
#include <stdexcept>

#include "artshop/core/accounts/email.hpp"
#include "artshop/core/support/ticket.hpp"
#include "artshop/core/support/tickets.hpp"
#include "fakes/fake_ports.hpp"
#include "fakes/in_memory_store.hpp"

namespace artshop {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::UnorderedElementsAre;

std::vector<std::string> keys(const ValidationErrors& errors) {
  std::vector<std::string> names;
  for (const auto& [field, messages] : errors.by_field()) names.push_back(field);
  return names;
}

SupportTicketForm valid_form() {
  return {.email = " Ann@Example.com ",
          .name = "  Ann Example ",
          .support_ticket_type = "Order",
          .description = "  My download link does not work.  "};
}

ValidationErrors errors_of(const SupportTicketForm& form) {
  auto result = validate_support_ticket(form);
  EXPECT_FALSE(result);
  return result ? ValidationErrors{} : result.error();
}

// --- The form -----------------------------------------------------------------------------

TEST(SupportTicketForm, WithValidFields_AnswersThemTrimmedWithTheTypeParsed) {
  const auto request = validate_support_ticket(valid_form());
  ASSERT_TRUE(request);
  EXPECT_EQ(request->email, "ann@example.com");
  EXPECT_EQ(request->name, "Ann Example");
  EXPECT_EQ(request->type, SupportTicketType::Order);
  EXPECT_EQ(request->description, "My download link does not work.");
}

TEST(SupportTicketForm, WithEveryFieldWrong_CollectsEveryFieldInOneMap) {
  const auto errors = errors_of({.email = "not-an-address",
                                 .name = "",
                                 .support_ticket_type = "Complaint",
                                 .description = "Help"});
  EXPECT_THAT(keys(errors),
              UnorderedElementsAre("email", "name", "supportTicketType", "description"));
}

TEST(SupportTicketForm, WithoutAnEmail_AsksForIt) {
  auto form = valid_form();
  form.email = "  ";
  EXPECT_THAT(errors_of(form).messages("email"), ElementsAre(kEnterEmailMessage));
}

TEST(SupportTicketForm, WithAMalformedEmail_RejectsIt) {
  auto form = valid_form();
  form.email = "ann@example";
  EXPECT_THAT(errors_of(form).messages("email"), ElementsAre(kInvalidEmailMessage));
}

TEST(SupportTicketForm, WithABlankName_AsksForIt) {
  auto form = valid_form();
  form.name = " \t ";
  EXPECT_THAT(errors_of(form).messages("name"), ElementsAre("Enter your name."));
}

TEST(SupportTicketForm, WithANameOf100Characters_AcceptsItAnd101_RejectsIt) {
  auto form = valid_form();
  form.name = std::string(99, 'a') + "é";  // 100 characters, 101 bytes
  EXPECT_TRUE(validate_support_ticket(form));
  form.name += "b";
  EXPECT_THAT(errors_of(form).messages("name"),
              ElementsAre("Name must be at most 100 characters."));
}

TEST(SupportTicketForm, WithALineBreakInTheName_RejectsIt) {
  auto form = valid_form();
  form.name = "Ann\r\nBcc: everyone@example.com";
  EXPECT_THAT(errors_of(form).messages("name"),
              ElementsAre("Name contains characters that are not allowed."));
}

TEST(SupportTicketForm, WithAnyCaseOfAType_AcceptsIt) {
  auto form = valid_form();
  for (const auto* typed : {"technical", "TECHNICAL", " Technical "}) {
    form.support_ticket_type = typed;
    const auto request = validate_support_ticket(form);
    ASSERT_TRUE(request) << typed;
    EXPECT_EQ(request->type, SupportTicketType::Technical);
  }
}

TEST(SupportTicketForm, WithEachOfTheSevenTypes_AcceptsIt) {
  for (const auto type : kAllSupportTicketTypes) {
    auto form = valid_form();
    form.support_ticket_type = std::string(name(type));
    const auto request = validate_support_ticket(form);
    ASSERT_TRUE(request) << name(type);
    EXPECT_EQ(request->type, type);
  }
}

TEST(SupportTicketForm, WithAnUnknownType_NamesTheAcceptedOnes) {
  auto form = valid_form();
  form.support_ticket_type = "Complaint";
  EXPECT_THAT(errors_of(form).messages("supportTicketType"),
              ElementsAre("Choose one of General, Order, Payment, Account, Technical, "
                          "Copyright, Other."));
}

TEST(SupportTicketForm, WithoutAType_AsksForOne) {
  auto form = valid_form();
  form.support_ticket_type = "";
  EXPECT_THAT(errors_of(form).messages("supportTicketType"),
              ElementsAre("Choose what your message is about."));
}

TEST(SupportTicketForm, WithADescriptionOf9CharactersAfterTrimming_RejectsIt) {
  auto form = valid_form();
  form.description = "   123456789   ";
  EXPECT_THAT(errors_of(form).messages("description"),
              ElementsAre("Description must be at least 10 characters."));
  form.description = "  1234567890  ";
  EXPECT_TRUE(validate_support_ticket(form));
}

TEST(SupportTicketForm, WithADescriptionOf5000Characters_AcceptsItAnd5001_RejectsIt) {
  auto form = valid_form();
  form.description = std::string(5000, 'x');
  EXPECT_TRUE(validate_support_ticket(form));
  form.description += "x";
  EXPECT_THAT(errors_of(form).messages("description"),
              ElementsAre("Description must be at most 5000 characters."));
}

TEST(SupportTicketForm, WithAnEmptyDescription_AsksForOne) {
  auto form = valid_form();
  form.description = "\n\n";
  EXPECT_THAT(errors_of(form).messages("description"),
              ElementsAre("Describe what you need help with."));
}

TEST(SupportTicketForm, WithSeveralLinesInTheDescription_KeepsThem) {
  auto form = valid_form();
  form.description = "Order AS-1.\r\n\tThe link\nfails.";
  const auto request = validate_support_ticket(form);
  ASSERT_TRUE(request);
  EXPECT_EQ(request->description, "Order AS-1.\r\n\tThe link\nfails.");
}

TEST(SupportTicketForm, WithAControlCharacterOrBrokenUtf8InTheDescription_RejectsIt) {
  auto form = valid_form();
  for (const std::string& bad :
       {std::string("Ten chars \x07 bell"), std::string("Ten chars \xC3")}) {
    form.description = bad;
    EXPECT_THAT(errors_of(form).messages("description"),
                ElementsAre("Description contains characters that are not allowed."));
  }
}

// --- The reference ------------------------------------------------------------------------

TEST(SupportTicketReference, IsAsAndTwoGroupsOfFourCrockfordSymbols) {
  fakes::CountingRandom random;
  const std::regex format("AS-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}");
  const auto first = generate_ticket_reference(random);
  const auto second = generate_ticket_reference(random);
  EXPECT_TRUE(std::regex_match(first, format)) << first;
  EXPECT_TRUE(std::regex_match(second, format)) << second;
  EXPECT_NE(first, second);
}

// --- Creating a ticket and its mails -------------------------------------------------------

// Keeps what it sends; while `down`, throws as a transport does when the server is away.
class RecordingMailer final : public Mailer {
 public:
  void send(const EmailMessage& message) override {
    if (before_send) before_send(message);
    if (down) throw std::runtime_error("connection refused");
    sent.push_back(message);
  }
  std::vector<std::string> recipients() const {
    std::vector<std::string> to;
    for (const auto& message : sent) to.push_back(message.to);
    return to;
  }

  bool down = false;
  std::function<void(const EmailMessage&)> before_send;
  std::vector<EmailMessage> sent;
};

// Draws the same bytes for the first `repeats` draws, then counts upwards: forces a
// reference clash.
class RepeatingRandom final : public RandomSource {
 public:
  explicit RepeatingRandom(int repeats) : repeats_(repeats) {}
  void fill(std::span<std::byte> out) override {
    if (repeats_-- > 0) {
      std::ranges::fill(out, std::byte{7});
    } else {
      counting_.fill(out);
    }
  }

 private:
  int repeats_;
  fakes::CountingRandom counting_;
};

// A mail executor whose queue is full.
class FullExecutor final : public Executor {
 public:
  bool try_submit(std::function<void()>) override { return false; }
};

constexpr std::string_view kSupportAddress = "support@shop.test";

class SupportTickets : public ::testing::Test {
 protected:
  Result<CreatedSupportTicket> create(std::optional<UserId> caller = std::nullopt,
                                      std::string client_address = "10.0.0.1") {
    return create_ticket(
        {.form = valid_form(), .caller = caller, .client_address = std::move(client_address)});
  }
  const SupportTicket& stored(std::size_t index = 0) const {
    return store.state.support_tickets.at(index).ticket;
  }

  fakes::InMemoryUnitOfWork store;
  fakes::FixedClock clock;
  fakes::CountingRandom random;
  RecordingMailer mailer;
  InlineExecutor mail_work;
  std::vector<std::string> unsent;  // what on_unsent was told
  SupportMailing mailing{
      .mailer = mailer,
      .support_address = std::string(kSupportAddress),
      .executor = mail_work,
      .on_unsent = [this](const std::string& reference, const std::string& problem) {
        unsent.push_back(reference + ": " + problem);
      }};
  CreateSupportTicket create_ticket{store, random, mailing, clock, kDefaultRateLimits};
  RetrySupportMail retry{store, mailing, clock};
};

TEST_F(SupportTickets, FromAVisitor_StoresTheTicketWithoutAnAccountAndAnswersItsReference) {
  const auto created = create();
  ASSERT_TRUE(created);
  ASSERT_EQ(store.state.support_tickets.size(), 1U);
  const auto& ticket = stored();
  EXPECT_EQ(created->reference, ticket.reference);
  EXPECT_EQ(created->type, SupportTicketType::Order);
  EXPECT_EQ(created->created_at, std::chrono::floor<std::chrono::seconds>(clock.now()));
  EXPECT_EQ(ticket.account, std::nullopt);
  EXPECT_EQ(ticket.email, "ann@example.com");
  EXPECT_EQ(ticket.name, "Ann Example");
  EXPECT_EQ(ticket.description, "My download link does not work.");
  EXPECT_EQ(ticket.client_address, "10.0.0.1");
}

TEST_F(SupportTickets, FromASignedInCustomer_LinksTheTicketToTheAccount) {
  ASSERT_TRUE(create(UserId{42}));
  EXPECT_EQ(stored().account, UserId{42});
}

TEST_F(SupportTickets, WithAnInvalidForm_StoresNothingAndMailsNothing) {
  const auto created = create_ticket({.form = {.email = "x"}, .client_address = "10.0.0.1"});
  ASSERT_FALSE(created);
  EXPECT_EQ(created.error().kind, ErrorKind::Validation);
  EXPECT_THAT(store.state.support_tickets, IsEmpty());
  EXPECT_THAT(mailer.sent, IsEmpty());
}

TEST_F(SupportTickets, OnceStored_MailsTheCustomerAndTheSupportAddressAndRecordsBoth) {
  const auto created = create();
  ASSERT_TRUE(created);
  EXPECT_THAT(mailer.recipients(), ElementsAre("ann@example.com", kSupportAddress));
  const auto& confirmation = mailer.sent[0];
  EXPECT_THAT(confirmation.subject, HasSubstr(created->reference));
  EXPECT_THAT(confirmation.text_body, HasSubstr(created->reference));
  EXPECT_THAT(confirmation.text_body, HasSubstr("Topic: Order"));
  EXPECT_THAT(confirmation.text_body, HasSubstr("My download link does not work."));
  const auto& notice = mailer.sent[1];
  EXPECT_THAT(notice.subject, HasSubstr(created->reference));
  EXPECT_THAT(notice.text_body, HasSubstr("From: Ann Example <ann@example.com>"));
  EXPECT_THAT(notice.text_body, HasSubstr("a visitor"));
  EXPECT_THAT(notice.text_body, HasSubstr("My download link does not work."));
  const auto now = std::chrono::floor<std::chrono::seconds>(clock.now());
  EXPECT_EQ(stored().confirmation_sent_at, now);
  EXPECT_EQ(stored().notice_sent_at, now);
}

TEST_F(SupportTickets, BeforeAnyMailIsSent_TheTicketIsAlreadyStored) {
  std::vector<std::size_t> tickets_at_send;
  mailer.before_send = [&](const EmailMessage&) {
    tickets_at_send.push_back(store.state.support_tickets.size());
  };
  ASSERT_TRUE(create());
  EXPECT_THAT(tickets_at_send, ElementsAre(1U, 1U));
}

TEST_F(SupportTickets, WhenTheMailServerIsDown_KeepsTheTicketAndAnswersItsReference) {
  mailer.down = true;
  const auto created = create();
  ASSERT_TRUE(created);
  EXPECT_THAT(unsent, ElementsAre(created->reference + ": connection refused"));
  ASSERT_EQ(store.state.support_tickets.size(), 1U);
  EXPECT_EQ(stored().reference, created->reference);
  EXPECT_EQ(stored().confirmation_sent_at, std::nullopt);
  EXPECT_EQ(stored().notice_sent_at, std::nullopt);
}

TEST_F(SupportTickets, WhenTheMailQueueIsFull_StoresTheTicketAndLeavesItsMailsToTheRetry) {
  FullExecutor full;
  CreateSupportTicket create_when_full{
      store,
      random,
      {.mailer = mailer, .support_address = std::string(kSupportAddress), .executor = full},
      clock,
      kDefaultRateLimits};
  const auto created = create_when_full(
      {.form = valid_form(), .caller = std::nullopt, .client_address = "10.0.0.1"});
  ASSERT_TRUE(created);
  EXPECT_EQ(created->mail_problem, "the mail queue is full");
  EXPECT_THAT(mailer.sent, IsEmpty());
  ASSERT_EQ(store.state.support_tickets.size(), 1U);
  EXPECT_EQ(stored().reference, created->reference);

  // Not held until the claim runs out: the very next retry sends both.
  const auto report = retry();
  ASSERT_TRUE(report);
  EXPECT_EQ(report->mails_sent, 2);
  EXPECT_THAT(mailer.recipients(), ElementsAre("ann@example.com", kSupportAddress));
}

TEST_F(SupportTickets, MailsThatFailed_AreSentByTheRetryOnceTheServerIsBack) {
  mailer.down = true;
  const auto created = create();
  ASSERT_TRUE(created);
  mailer.down = false;
  clock.advance(std::chrono::seconds(60));

  const auto report = retry();
  ASSERT_TRUE(report);
  EXPECT_EQ(report->tickets, 1);
  EXPECT_EQ(report->mails_sent, 2);
  EXPECT_THAT(mailer.recipients(), ElementsAre("ann@example.com", kSupportAddress));
  EXPECT_THAT(mailer.sent[0].text_body, HasSubstr(created->reference));
  const auto now = std::chrono::floor<std::chrono::seconds>(clock.now());
  EXPECT_EQ(stored().confirmation_sent_at, now);
  EXPECT_EQ(stored().notice_sent_at, now);

  // Everything went out: the next run has nothing to do.
  const auto again = retry();
  ASSERT_TRUE(again);
  EXPECT_EQ(again->tickets, 0);
  EXPECT_EQ(mailer.sent.size(), 2U);
}

TEST_F(SupportTickets, WhenOnlyTheNoticeFailed_TheRetrySendsTheNoticeAlone) {
  mailer.before_send = [&](const EmailMessage& message) {
    mailer.down = message.to == kSupportAddress;
  };
  ASSERT_TRUE(create());
  EXPECT_NE(stored().confirmation_sent_at, std::nullopt);
  EXPECT_EQ(stored().notice_sent_at, std::nullopt);

  mailer.before_send = nullptr;
  mailer.down = false;
  mailer.sent.clear();
  ASSERT_TRUE(retry());
  EXPECT_THAT(mailer.recipients(), ElementsAre(kSupportAddress));
  EXPECT_NE(stored().notice_sent_at, std::nullopt);
}

TEST_F(SupportTickets, WhileTheServerIsStillDown_TheRetryStopsAtTheFirstFailureAndKeepsAll) {
  mailer.down = true;
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(create());
  int attempts = 0;
  mailer.before_send = [&](const EmailMessage&) { ++attempts; };

  const auto report = retry();
  ASSERT_TRUE(report);
  EXPECT_EQ(report->tickets, 1);
  EXPECT_EQ(report->mails_failed, 2);
  EXPECT_THAT(report->problem, HasSubstr("connection refused"));
  EXPECT_EQ(attempts, 2);
  // None is left claimed: the next run tries them all again.
  mailer.down = false;
  mailer.before_send = nullptr;
  const auto next = retry();
  ASSERT_TRUE(next);
  EXPECT_EQ(next->mails_sent, 6);
}

TEST_F(SupportTickets, TheRetry_LeavesAloneMailsAnotherSenderHasClaimed) {
  mailer.down = true;
  ASSERT_TRUE(create());
  mailer.down = false;
  store.state.support_tickets[0].mails_claimed_until =
      std::chrono::floor<std::chrono::seconds>(clock.now()) + std::chrono::minutes(5);

  ASSERT_TRUE(retry());
  EXPECT_THAT(mailer.sent, IsEmpty());

  clock.advance(std::chrono::minutes(5));  // the other sender died: its claim ran out
  ASSERT_TRUE(retry());
  EXPECT_EQ(mailer.sent.size(), 2U);
}

TEST_F(SupportTickets, TheRetry_GivesUpOnTicketsOlderThanItsWindow) {
  mailer.down = true;
  ASSERT_TRUE(create());
  mailer.down = false;
  clock.advance(RetrySupportMail::kRetryWindow + std::chrono::seconds(1));
  const auto report = retry();
  ASSERT_TRUE(report);
  EXPECT_EQ(report->tickets, 0);
  EXPECT_THAT(mailer.sent, IsEmpty());
}

TEST_F(SupportTickets, TheSixthTicketInAnHourFromOneAddress_IsLimitedAndNotStored) {
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(create());
  clock.advance(std::chrono::minutes(10));
  const auto sixth = create();
  ASSERT_FALSE(sixth);
  EXPECT_EQ(sixth.error().kind, ErrorKind::TooManyRequests);
  EXPECT_EQ(sixth.error().retry_after, std::chrono::minutes(50));
  EXPECT_EQ(store.state.support_tickets.size(), 5U);
  // Another address is not affected.
  EXPECT_TRUE(create(std::nullopt, "10.0.0.2"));
}

TEST(SupportTicketReferences, WhenADrawClashesWithAStoredTicket_DrawsAnother) {
  fakes::InMemoryUnitOfWork store;
  fakes::FixedClock clock;
  RepeatingRandom random(2);  // the second ticket's first draw repeats the first ticket's
  RecordingMailer mailer;
  InlineExecutor mail_work;
  CreateSupportTicket create{
      store,
      random,
      {.mailer = mailer, .support_address = std::string(kSupportAddress), .executor = mail_work},
      clock,
      kDefaultRateLimits};
  const auto first = create({.form = valid_form(), .client_address = "10.0.0.1"});
  const auto second = create({.form = valid_form(), .client_address = "10.0.0.1"});
  ASSERT_TRUE(first);
  ASSERT_TRUE(second);
  EXPECT_NE(first->reference, second->reference);
  EXPECT_EQ(store.state.support_tickets.size(), 2U);
}

}  // namespace
}  // namespace artshop
