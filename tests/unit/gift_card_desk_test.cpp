#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "artshop/core/backoffice/get_customer_for_staff.hpp"
#include "artshop/core/backoffice/manage_gift_cards.hpp"
#include "fakes/account_fakes.hpp"

namespace artshop {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::IsEmpty;
using ::testing::Not;
using ::testing::SizeIs;

std::vector<std::string> messages(const Error& error, std::string_view field) {
  return error.fields.messages(field);
}

class GiftCardDesk : public ::testing::Test, protected fakes::AccountFakes {
 protected:
  static StaffActor member(StaffRole role) {
    return {.id = UserId{900},
            .email = std::string(name_of(role)) + "@shop.test",
            .role = role,
            .session = "session",
            .expires_at = {}};
  }

  Result<IssuedGiftCard> issue_card(std::string amount, std::string email, std::string key,
                                    std::string message = "Sorry for the trouble",
                                    StaffRole role = StaffRole::Support) {
    return issue({.actor = member(role),
                  .idempotency_key = std::move(key),
                  .amount = std::move(amount),
                  .email = std::move(email),
                  .message = std::move(message),
                  .address = "203.0.113.9"});
  }

  Result<GiftCardListing> void_card(GiftCardId card, std::string reason = "Sent twice",
                                    StaffRole role = StaffRole::Support) {
    return void_gift_card(
        {.actor = member(role), .card = card, .reason = std::move(reason), .address = "x"});
  }

  Result<GiftCardList> list(std::string query, std::string state = {}) {
    return list_cards(
        member(StaffRole::Support),
        {.query = std::move(query), .state = std::move(state), .page = {}, .page_size = {}});
  }

  // A card bought in an order by `buyer`, as fulfilment stores it.
  GiftCardId bought_card(UserId buyer, std::string number) {
    GiftCard card{.number_digest = digests.digest(number),
                  .number = std::move(number),
                  .order = OrderId{1},
                  .buyer = buyer,
                  .value_micro_eur = 30'000'000,
                  .bought = Money(3000, Currency::EUR),
                  .issued_at = std::chrono::sys_seconds(std::chrono::seconds(1'700'000'000))};
    return *fakes::InMemoryGiftCards(store.state).insert(card);
  }

  std::vector<LedgerEntry> entries(std::string_view reference) {
    return fakes::InMemoryLedger(store.state).entries(reference);
  }

  ListGiftCards list_cards{store, digests};
  IssueGiftCard issue{store, clock, random, digests, text};
  VoidGiftCard void_gift_card{store, clock};
  GetCustomerForStaff get{store, clock};
};

TEST_F(GiftCardDesk, ARoleWithoutThePermission_IsRefusedAndNothingIsWritten) {
  const auto catalogue = member(StaffRole::Catalogue);
  const auto refused = [](const auto& result) {
    return !result && result.error().kind == ErrorKind::Forbidden &&
           result.error().fields.messages("") ==
               std::vector<std::string>{"Your role does not allow this."};
  };
  const auto ann = bought_card(UserId{1}, "AAAABBBBCCCCDDDD");
  EXPECT_TRUE(refused(list_cards(catalogue, {})));
  EXPECT_TRUE(
      refused(issue_card("25.00", "bob@example.com", "key-00001", "", StaffRole::Catalogue)));
  EXPECT_TRUE(refused(void_card(ann, "Sent twice", StaffRole::Catalogue)));
  EXPECT_THAT(store.state.gift_cards, SizeIs(1));
  EXPECT_FALSE(store.state.gift_cards[0].voided_at);
  EXPECT_THAT(store.state.audit_log, IsEmpty());
  EXPECT_THAT(fakes::queued_mails(store.state), IsEmpty());
}

TEST_F(GiftCardDesk, Issue_StoresAGoodwillCard_MailsItsWholeNumber_PostsAndAuditsWithoutIt) {
  const auto issued = issue_card("25.00", " Bob@Example.com ", "key-00001");
  ASSERT_TRUE(issued);
  const auto& card = issued->card.card;
  EXPECT_FALSE(issued->replayed);
  EXPECT_FALSE(card.order);
  EXPECT_FALSE(card.buyer);
  EXPECT_EQ(card.recipient_email, "bob@example.com");
  EXPECT_EQ(card.issued_by, UserId{900});
  EXPECT_EQ(card.value_micro_eur, 25'000'000);
  EXPECT_EQ(card.bought, Money(2500, Currency::EUR));
  EXPECT_EQ(card.number_digest, digests.digest(card.number));

  const auto mails = fakes::queued_mails(store.state);
  ASSERT_THAT(mails, SizeIs(1));
  EXPECT_EQ(mails[0].to, "bob@example.com");
  EXPECT_THAT(mails[0].text_body, HasSubstr(group_gift_card_number(card.number)));
  EXPECT_THAT(mails[0].text_body, HasSubstr("25.00 EUR"));
  EXPECT_THAT(mails[0].text_body, HasSubstr("Sorry for the trouble"));

  const auto posted = entries("gift-card-issued:1");
  ASSERT_THAT(posted, SizeIs(2));
  EXPECT_EQ(posted[0].account, LedgerAccount::adjustments());
  EXPECT_EQ(posted[0].side, Side::Debit);
  EXPECT_EQ(posted[1].account, LedgerAccount::gift_cards_outstanding());
  EXPECT_EQ(posted[1].side, Side::Credit);
  EXPECT_EQ(posted[1].amount_micro_eur, 25'000'000);

  ASSERT_THAT(store.state.audit_log, SizeIs(1));
  const auto& record = store.state.audit_log[0];
  EXPECT_EQ(record.action, "gift_card.issue");
  EXPECT_EQ(record.object, "gift_card:1");
  EXPECT_THAT(record.after, HasSubstr("25.00 EUR"));
  EXPECT_THAT(record.after, Not(HasSubstr(card.number.substr(0, 8))));
}

TEST_F(GiftCardDesk, Issue_TheSameKeyTwiceMakesOneCard_AndAnotherRequestUnderItIsRefused) {
  const auto first = issue_card("25.00", "bob@example.com", "key-00001");
  ASSERT_TRUE(first);
  const auto again = issue_card("25.00", "bob@example.com", "key-00001");
  ASSERT_TRUE(again);
  EXPECT_TRUE(again->replayed);
  EXPECT_EQ(again->card.card.id, first->card.card.id);
  const auto other = issue_card("30.00", "bob@example.com", "key-00001");
  ASSERT_FALSE(other);
  EXPECT_THAT(messages(other.error(), "Idempotency-Key"),
              ElementsAre("This key was used for another gift card."));
  EXPECT_THAT(store.state.gift_cards, SizeIs(1));
  EXPECT_THAT(fakes::queued_mails(store.state), SizeIs(1));
}

TEST_F(GiftCardDesk, Issue_RefusesBadFieldsByName_AndWritesNothing) {
  const auto bad = issue_card("4.99", "not-an-address", "short", std::string(501, 'x'));
  ASSERT_FALSE(bad);
  EXPECT_THAT(messages(bad.error(), "amount"),
              ElementsAre("A gift card is worth 5.00 EUR to 500.00 EUR."));
  EXPECT_THAT(messages(bad.error(), "email"), ElementsAre("Enter a valid e-mail address."));
  EXPECT_THAT(messages(bad.error(), "message"), ElementsAre("Keep the message to 500 characters."));
  EXPECT_THAT(messages(bad.error(), "Idempotency-Key"), SizeIs(1));
  const auto fractional = issue_card("10.005", "bob@example.com", "key-00001");
  ASSERT_FALSE(fractional);
  EXPECT_THAT(messages(fractional.error(), "amount"),
              ElementsAre("Use at most 2 decimals for EUR."));
  EXPECT_THAT(store.state.gift_cards, IsEmpty());
  EXPECT_THAT(store.state.audit_log, IsEmpty());
  EXPECT_THAT(fakes::queued_mails(store.state), IsEmpty());
}

TEST_F(GiftCardDesk, Void_StopsTheCard_ReversesItsValue_AndIsRefusedTwiceOrOnceRedeemed) {
  const auto card = bought_card(UserId{1}, "AAAABBBBCCCCDDDD");
  const auto no_reason = void_card(card, "  ");
  ASSERT_FALSE(no_reason);
  EXPECT_THAT(messages(no_reason.error(), "reason"), ElementsAre("Say why."));
  EXPECT_FALSE(store.state.gift_cards[0].voided_at);

  const auto voided = void_card(card);
  ASSERT_TRUE(voided);
  EXPECT_EQ(state_of(voided->card), GiftCardState::Voided);
  const auto posted = entries("gift-card-void:1");
  ASSERT_THAT(posted, SizeIs(2));
  EXPECT_EQ(posted[0].account, LedgerAccount::gift_cards_outstanding());
  EXPECT_EQ(posted[0].side, Side::Debit);
  EXPECT_EQ(posted[0].amount_micro_eur, 30'000'000);
  EXPECT_EQ(posted[1].account, LedgerAccount::adjustments());
  ASSERT_THAT(store.state.audit_log, SizeIs(1));
  EXPECT_EQ(store.state.audit_log[0].action, "gift_card.void");
  EXPECT_THAT(store.state.audit_log[0].after, HasSubstr("Sent twice"));

  const auto twice = void_card(card);
  ASSERT_FALSE(twice);
  EXPECT_THAT(messages(twice.error(), ""), ElementsAre("This gift card is void already."));

  const auto other = bought_card(UserId{1}, "EEEEFFFFGGGGHHHH");
  store.state.gift_cards[1].redeemed_by = UserId{2};
  store.state.gift_cards[1].redeemed_at = store.state.gift_cards[1].issued_at;
  const auto redeemed = void_card(other);
  ASSERT_FALSE(redeemed);
  EXPECT_THAT(messages(redeemed.error(), ""), ElementsAre("This gift card was redeemed already."));
  EXPECT_FALSE(store.state.gift_cards[1].voided_at);
  EXPECT_THAT(entries("gift-card-void:2"), IsEmpty());
  EXPECT_THAT(store.state.audit_log, SizeIs(1));

  const auto unknown = void_card(GiftCardId{77});
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().kind, ErrorKind::NotFound);
  EXPECT_THAT(messages(unknown.error(), ""), ElementsAre("No such gift card."));
}

TEST_F(GiftCardDesk, List_FindsAWholeNumberAsTyped_AnEmail_OrAnId_AndFiltersByState) {
  const auto first = bought_card(UserId{1}, "AAAABBBBCCCCDDDD");
  ASSERT_TRUE(issue_card("25.00", "bob@example.com", "key-00001"));
  const auto second = bought_card(UserId{1}, "EEEEFFFFGGGGHHHH");
  ASSERT_TRUE(void_card(second));

  const auto by_number = list(" aaaa-bbbb-cccc-dddd ");
  ASSERT_TRUE(by_number);
  ASSERT_THAT(by_number->items, SizeIs(1));
  EXPECT_EQ(by_number->items[0].card.id, first);
  // Four symbols are no number: the back office never searches part of one.
  const auto last_four = list("DDDD");
  ASSERT_TRUE(last_four);
  EXPECT_THAT(last_four->items, IsEmpty());

  const auto by_email = list("BOB@EXAMPLE");
  ASSERT_TRUE(by_email);
  ASSERT_THAT(by_email->items, SizeIs(1));
  EXPECT_EQ(by_email->items[0].card.recipient_email, "bob@example.com");

  const auto by_id = list("3");
  ASSERT_TRUE(by_id);
  ASSERT_THAT(by_id->items, SizeIs(1));
  EXPECT_EQ(by_id->items[0].card.id, second);

  const auto voided = list("", "voided");
  ASSERT_TRUE(voided);
  EXPECT_EQ(voided->total, 1);
  const auto active = list("", "active");
  ASSERT_TRUE(active);
  EXPECT_EQ(active->total, 2);

  const auto unpaid = list("", "unpaid");
  ASSERT_FALSE(unpaid);
  EXPECT_THAT(messages(unpaid.error(), "State"), ElementsAre("Choose active, redeemed or voided."));
}

TEST_F(GiftCardDesk, TheCustomersFile_ListsTheCardsTheyBoughtOrRedeemed) {
  RegisterCommand command;
  command.form.email = "ann@example.com";
  command.form.password = "correct horse battery";
  command.form.repeated_password = command.form.password;
  command.form.agreed_to_privacy_policy = true;
  const auto ann = register_account(std::move(command)).value().user;
  const auto bought = bought_card(ann, "AAAABBBBCCCCDDDD");
  bought_card(UserId{99}, "EEEEFFFFGGGGHHHH");
  const auto redeemed = bought_card(UserId{99}, "JJJJKKKKMMMMNNNN");
  store.state.gift_cards[2].redeemed_by = ann;
  store.state.gift_cards[2].redeemed_at = store.state.gift_cards[2].issued_at;

  const auto file = get(member(StaffRole::Support), ann);
  ASSERT_TRUE(file);
  ASSERT_THAT(file->gift_cards, SizeIs(2));
  EXPECT_EQ(file->gift_cards[0].card.id, redeemed);  // newest first
  EXPECT_EQ(file->gift_cards[1].card.id, bought);
  EXPECT_EQ(file->gift_cards[1].buyer_email, "ann@example.com");
}

TEST(GiftCardNumberMask, ShowsTheLastFourSymbolsOnly) {
  EXPECT_EQ(masked_gift_card_number("AAAABBBBCCCCDDDD"), "•••• •••• •••• DDDD");
}

}  // namespace
}  // namespace artshop
