#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>

#include "artshop/core/accounts/email.hpp"
#include "artshop/core/support/create_support_ticket.hpp"
#include "artshop/core/support/queue_unsent_support_mail.hpp"
#include "artshop/core/support/support_mailing.hpp"
#include "artshop/core/support/ticket.hpp"
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

constexpr std::string_view kSupportAddress = "support@shop.test";
const std::string kShopUrl = "https://shop.test";

std::vector<std::string> recipients(const std::vector<EmailMessage>& mails) {
  std::vector<std::string> to;
  for (const auto& mail : mails) to.push_back(mail.to);
  return to;
}

class SupportTickets : public ::testing::Test {
 protected:
  Result<CreatedSupportTicket> create(std::optional<UserId> caller = std::nullopt,
                                      std::string client_address = "10.0.0.1",
                                      SupportTicketForm form = valid_form()) {
    return create_ticket(
        {.form = std::move(form), .caller = caller, .client_address = std::move(client_address)});
  }
  const SupportTicket& stored(std::size_t index = 0) const {
    return store.state.support_tickets.at(index);
  }
  std::vector<EmailMessage> queued() const { return fakes::queued_mails(store.state); }

  fakes::InMemoryUnitOfWork store;
  fakes::FixedClock clock;
  fakes::CountingRandom random;
  SupportMailing mailing{.support_address = std::string(kSupportAddress), .shop_url = kShopUrl};
  CreateSupportTicket create_ticket{store, random, mailing, clock, kDefaultRateLimits};
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

TEST_F(SupportTickets, WithAnInvalidForm_StoresNothingAndQueuesNothing) {
  const auto created = create_ticket({.form = {.email = "x"}, .client_address = "10.0.0.1"});
  ASSERT_FALSE(created);
  EXPECT_EQ(created.error().kind, ErrorKind::Validation);
  EXPECT_THAT(store.state.support_tickets, IsEmpty());
  EXPECT_THAT(queued(), IsEmpty());
}

TEST_F(SupportTickets, OnceStored_QueuesTheNoticeToSupportAndAConfirmationToTheCustomer) {
  const auto created = create();
  ASSERT_TRUE(created);
  EXPECT_TRUE(created->confirmation_queued);
  const auto mails = queued();
  EXPECT_THAT(recipients(mails), ElementsAre(kSupportAddress, "ann@example.com"));
  const auto& notice = mails[0];
  EXPECT_THAT(notice.subject, HasSubstr(created->reference));
  EXPECT_THAT(notice.text_body, HasSubstr("From: Ann Example <ann@example.com>"));
  EXPECT_THAT(notice.text_body, HasSubstr("a visitor"));
  EXPECT_THAT(notice.text_body, HasSubstr("My download link does not work."));
  const auto& confirmation = mails[1];
  EXPECT_THAT(confirmation.subject, HasSubstr(created->reference));
  EXPECT_THAT(confirmation.text_body, HasSubstr("Reference: " + created->reference));
  EXPECT_THAT(confirmation.text_body, HasSubstr("Topic: Order"));
}

// Anyone may type any address into the form: what reaches it must be the shop's words only,
// or the shop mails a visitor's text and links "From: Artshop" to whomever they choose.
TEST_F(SupportTickets, TheConfirmation_QuotesNothingTheSenderWrote) {
  auto form = valid_form();
  form.email = "victim@example.com";
  form.name = "Claim your prize at http://evil.example";
  form.description = "Your account is locked. Log in at http://evil.example/login now.";
  const auto created = create(std::nullopt, "10.0.0.1", form);
  ASSERT_TRUE(created);
  const auto mails = queued();
  ASSERT_THAT(recipients(mails), ElementsAre(kSupportAddress, "victim@example.com"));
  const auto& confirmation = mails[1];
  EXPECT_THAT(confirmation.subject + confirmation.text_body,
              ::testing::Not(HasSubstr("evil.example")));
  EXPECT_THAT(confirmation.text_body, HasSubstr("Reference: " + created->reference));
  EXPECT_THAT(confirmation.text_body, HasSubstr("Topic: Order"));
  EXPECT_THAT(confirmation.text_body, HasSubstr("Received: 2"));  // the date, in UTC
  EXPECT_THAT(confirmation.text_body, HasSubstr(kShopUrl));
  // The ticket's text reaches the support address only.
  EXPECT_THAT(mails[0].text_body, HasSubstr("http://evil.example/login"));
}

TEST_F(SupportTickets, TheFourthConfirmationToOneAddressInADay_IsNotQueuedButTheTicketIs) {
  // From four client addresses: the cap counts the recipient, not where the form came from.
  for (int i = 1; i <= 3; ++i) {
    const auto created = create(std::nullopt, "10.0.0." + std::to_string(i));
    ASSERT_TRUE(created);
    EXPECT_TRUE(created->confirmation_queued);
  }
  const auto fourth = create(std::nullopt, "10.0.0.4");
  ASSERT_TRUE(fourth) << "the ticket is stored and answered as usual";
  EXPECT_FALSE(fourth->confirmation_queued);
  EXPECT_EQ(store.state.support_tickets.size(), 4U);
  const auto mails = queued();
  EXPECT_EQ(std::ranges::count(recipients(mails), "ann@example.com"), 3);
  EXPECT_EQ(std::ranges::count(recipients(mails), std::string(kSupportAddress)), 4);
  EXPECT_THAT(mails.back().to, kSupportAddress);
  EXPECT_THAT(mails.back().text_body, HasSubstr("No confirmation was sent"));

  clock.advance(std::chrono::days(1));
  const auto next_day = create(std::nullopt, "10.0.0.5");
  ASSERT_TRUE(next_day);
  EXPECT_TRUE(next_day->confirmation_queued);
}

TEST_F(SupportTickets, TheSixthTicketInAnHourFromOneAddress_IsLimitedAndNotStored) {
  for (int i = 0; i < 5; ++i) ASSERT_TRUE(create());
  clock.advance(std::chrono::minutes(10));
  const auto sixth = create();
  ASSERT_FALSE(sixth);
  EXPECT_EQ(sixth.error().kind, ErrorKind::TooManyRequests);
  EXPECT_EQ(sixth.error().retry_after, std::chrono::minutes(50));
  EXPECT_EQ(store.state.support_tickets.size(), 5U);
  EXPECT_EQ(queued().size(), 5U + 3U) << "five notices, three confirmations, nothing more";
  // Another address is not affected.
  EXPECT_TRUE(create(std::nullopt, "10.0.0.2"));
}

TEST(SupportTicketReferences, WhenADrawClashesWithAStoredTicket_DrawsAnother) {
  fakes::InMemoryUnitOfWork store;
  fakes::FixedClock clock;
  RepeatingRandom random(2);  // the second ticket's first draw repeats the first ticket's
  CreateSupportTicket create{
      store,
      random,
      {.support_address = std::string(kSupportAddress), .shop_url = kShopUrl},
      clock,
      kDefaultRateLimits};
  const auto first = create({.form = valid_form(), .client_address = "10.0.0.1"});
  const auto second = create({.form = valid_form(), .client_address = "10.0.0.1"});
  ASSERT_TRUE(first);
  ASSERT_TRUE(second);
  EXPECT_NE(first->reference, second->reference);
  EXPECT_EQ(store.state.support_tickets.size(), 2U);
  EXPECT_EQ(fakes::queued_mails(store.state).size(), 4U);
}

// --- Tickets stored before the mail outbox -----------------------------------------------

class UnsentSupportMail : public SupportTickets {
 protected:
  // A ticket as the shop stored it before the outbox, its mails not sent (or some sent).
  void stored_before(std::string reference, std::optional<std::chrono::sys_seconds> confirmed,
                     std::optional<std::chrono::sys_seconds> noticed) {
    store.state.support_tickets.push_back(
        {.id = SupportTicketId{std::ssize(store.state.support_tickets) + 1},
         .reference = std::move(reference),
         .email = "ann@example.com",
         .name = "Ann Example",
         .type = SupportTicketType::Order,
         .description = "My download link does not work.",
         .client_address = "10.0.0.1",
         .created_at = std::chrono::floor<std::chrono::seconds>(clock.now()),
         .confirmation_sent_at = confirmed,
         .notice_sent_at = noticed});
  }

  QueueUnsentSupportMail queue_unsent{store, mailing, clock};
};

TEST_F(UnsentSupportMail, AreQueuedOnceEachAndNothingThatWentOutBefore) {
  const auto earlier = std::chrono::floor<std::chrono::seconds>(clock.now());
  stored_before("AS-AAAA-AAAA", std::nullopt, std::nullopt);
  stored_before("AS-BBBB-BBBB", earlier, std::nullopt);
  stored_before("AS-CCCC-CCCC", earlier, earlier);
  clock.advance(std::chrono::hours(1));

  EXPECT_EQ(queue_unsent(), 3);
  EXPECT_THAT(recipients(queued()),
              ElementsAre(kSupportAddress, "ann@example.com", kSupportAddress));
  EXPECT_THAT(queued()[2].subject, HasSubstr("AS-BBBB-BBBB"));
  EXPECT_EQ(queue_unsent(), 0) << "the next start finds nothing left";
  EXPECT_EQ(queued().size(), 3U);
}

TEST_F(UnsentSupportMail, OlderThanTheWindow_AreNotQueued) {
  stored_before("AS-AAAA-AAAA", std::nullopt, std::nullopt);
  clock.advance(QueueUnsentSupportMail::kWindow + std::chrono::seconds(1));
  EXPECT_EQ(queue_unsent(), 0);
  EXPECT_THAT(queued(), IsEmpty());
}

}  // namespace
}  // namespace artshop
