// The back office's gift cards on the real server (docs/back-office.md, "Gift cards"): a
// goodwill card's number reaches its recipient by mail and redeems in the shop, a void card
// redeems no more, the list finds a card by its whole number, an e-mail or its id and never
// shows a number whole, and who may call what.
#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <boost/json.hpp>
#include <regex>
#include <string>
#include <vector>

#include "backstage.hpp"
#include "support/eventually.hpp"
#include "support/smtp_sink.hpp"
#include "support/temp_dir.hpp"

namespace artshop::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::SizeIs;

constexpr std::string_view kNotValid = "This gift card number is not valid.";

// The back office with an owner, a support member and a catalogue editor, whose shop mails
// into a sink.
class AdminGiftCards : public StaffedBackOffice {
 protected:
  HttpResponse issue(const std::string& token, std::string key, json::value body) {
    RequestHeaders headers;
    if (!key.empty()) headers.emplace_back("Idempotency-Key", std::move(key));
    return backstage.call("POST", "/api/admin/gift-cards", token, body, headers);
  }
  static json::object goodwill(std::string amount, std::string email,
                               std::string message = "Sorry for the trouble") {
    return {{"amount", std::move(amount)},
            {"email", std::move(email)},
            {"message", std::move(message)}};
  }
  HttpResponse void_card(const std::string& token, std::int64_t id,
                         std::string reason = "Sent by mistake") {
    return backstage.call("POST", fmt::format("/api/admin/gift-cards/{}/void", id), token,
                          json::object{{"reason", std::move(reason)}});
  }
  HttpResponse redeem(const Customer& customer, const std::string& number) {
    return shop().post("/api/balance/gift-card", json::object{{"giftCardNumber", number}},
                       customer);
  }

  // The whole number mailed to `email`, once the mail arrived.
  std::string mailed_number(const std::string& email) {
    static const std::regex kNumber("[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}");
    std::string number;
    EXPECT_TRUE(eventually([&] {
      for (const auto& mail : sink.received()) {
        std::smatch found;
        if (mail.rcpt_to == std::vector<std::string>{email} &&
            std::regex_search(mail.data, found, kNumber)) {
          number = found.str();
          return true;
        }
      }
      return false;
    }));
    return number;
  }

  // The rows an issue or a void writes.
  // What a refused request must not have written. The mail outbox is left out: a sent mail's
  // row goes from it at a moment of the mailer's choosing; every card issued is mailed in the
  // same transaction as its row in gift_cards, so a card not written is a mail not queued.
  std::int64_t written_rows() {
    return backstage.rows("gift_cards") + backstage.rows("ledger_entries") +
           backstage.rows("audit_log") + backstage.rows("goodwill_gift_card_keys");
  }
};

TEST_F(AdminGiftCards, NoStaffSessionACustomerOrTheCatalogueRole_AreRefusedAndNothingIsWritten) {
  const auto ann = shop().sign_up();
  const auto before = written_rows();
  const auto body = goodwill("25.00", "bob@example.com");
  for (const auto& token : {std::string(), ann.token}) {
    EXPECT_EQ(general_error(backstage.call("GET", "/api/admin/gift-cards", token)), kSignIn);
    EXPECT_EQ(general_error(issue(token, "key-00001", body)), kSignIn);
    EXPECT_EQ(general_error(void_card(token, 1)), kSignIn);
  }
  const auto listed = backstage.call("GET", "/api/admin/gift-cards", catalogue.token);
  EXPECT_EQ(listed.status, 403);
  EXPECT_EQ(general_error(listed), kRoleForbids);
  const auto issued = issue(catalogue.token, "key-00001", body);
  EXPECT_EQ(issued.status, 403);
  EXPECT_EQ(general_error(issued), kRoleForbids);
  EXPECT_EQ(general_error(void_card(catalogue.token, 1)), kRoleForbids);
  EXPECT_EQ(written_rows(), before);
}

TEST_F(AdminGiftCards, AGoodwillCard_IsMailedWhole_ShownMasked_AndRedeemsInTheShop) {
  const auto issued = issue(support.token, "key-00001", goodwill("25.00", "Bob@Example.com"));
  ASSERT_EQ(issued.status, 201) << issued.body;
  const auto card = parse_object(issued);
  EXPECT_EQ(card.at("value").at("amount").as_string(), "25.00");
  EXPECT_EQ(card.at("state").as_string(), "active");
  EXPECT_EQ(card.at("recipient").as_string(), "bob@example.com");
  EXPECT_TRUE(card.at("orderId").is_null());
  EXPECT_EQ(card.at("issuedBy").at("email").as_string(), "support@example.com");

  const auto number = mailed_number("bob@example.com");
  ASSERT_THAT(number, SizeIs(19));
  EXPECT_EQ(card.at("number").as_string(), "•••• •••• •••• " + number.substr(15));
  EXPECT_EQ(issued.body.find(number.substr(0, 4) + number.substr(5, 4)), std::string::npos);
  EXPECT_EQ(issued.body.find(number.substr(0, 9)), std::string::npos);

  // Found by its whole number as typed, by the recipient's address, or by its id.
  const auto id = card.at("id").as_int64();
  for (const auto& query : {number, std::string("EXAMPLE.COM"), std::to_string(id)}) {
    const auto found = backstage.call("GET", "/api/admin/gift-cards?Query=" + query, support.token);
    ASSERT_EQ(found.status, 200) << found.body;
    const auto items = parse_object(found).at("items").as_array();
    ASSERT_THAT(items, SizeIs(1)) << query;
    EXPECT_EQ(items[0].at("id").as_int64(), id);
  }

  const auto bob = shop().sign_up();
  const auto redeemed = redeem(bob, number);
  ASSERT_EQ(redeemed.status, 200) << redeemed.body;
  EXPECT_EQ(parse_object(redeemed).at("balance").at("minorUnits").as_int64(), 25'00);
  EXPECT_EQ(shop().count("SELECT count(*) FROM ledger_entries WHERE posting = 'gift-card-issued:" +
                         std::to_string(id) + "'"),
            2);
  // The file of the customer who redeemed it lists it.
  const auto customers =
      parse_object(backstage.call("GET", "/api/admin/customers?Query=" + bob.email, support.token));
  const auto bob_id = customers.at("items").as_array().at(0).at("id").as_int64();
  const auto file = parse_object(
      backstage.call("GET", fmt::format("/api/admin/customers/{}", bob_id), support.token));
  const auto cards = file.at("giftCards").as_array();
  ASSERT_THAT(cards, SizeIs(1));
  EXPECT_EQ(cards[0].at("id").as_int64(), id);
  EXPECT_EQ(cards[0].at("state").as_string(), "redeemed");
  const auto audit = backstage.actions_of("support@example.com");
  EXPECT_EQ(std::count(audit.begin(), audit.end(), "gift_card.issue"), 1);
}

TEST_F(AdminGiftCards, TheSameKeyTwice_IssuesOneCardAndMailsOnce) {
  const auto first = issue(support.token, "key-00001", goodwill("25.00", "bob@example.com"));
  ASSERT_EQ(first.status, 201) << first.body;
  const auto again = issue(support.token, "key-00001", goodwill("25.00", "bob@example.com"));
  ASSERT_EQ(again.status, 200) << again.body;
  EXPECT_EQ(parse_object(again).at("id"), parse_object(first).at("id"));
  const auto other = issue(support.token, "key-00001", goodwill("30.00", "bob@example.com"));
  EXPECT_EQ(other.status, 400);
  EXPECT_THAT(field_errors(other, "Idempotency-Key"),
              ElementsAre("This key was used for another gift card."));
  EXPECT_EQ(backstage.rows("gift_cards"), 1);
  mailed_number("bob@example.com");
  EXPECT_EQ(sink.received().size(), 1U);
}

TEST_F(AdminGiftCards, BadAmountEmailMessageOrReason_AnswerTheFieldsAndWriteNothing) {
  const auto before = written_rows();
  const auto bad =
      issue(support.token, "key-00001", goodwill("4.999", "not-an-address", std::string(501, 'x')));
  EXPECT_EQ(bad.status, 400);
  EXPECT_THAT(field_errors(bad, "amount"), ElementsAre("Use at most 2 decimals for EUR."));
  EXPECT_THAT(field_errors(bad, "email"), ElementsAre("Enter a valid e-mail address."));
  EXPECT_THAT(field_errors(bad, "message"), ElementsAre("Keep the message to 500 characters."));
  const auto too_much = issue(support.token, "key-00002", goodwill("500.01", "bob@example.com"));
  EXPECT_THAT(field_errors(too_much, "amount"),
              ElementsAre("A gift card is worth 5.00 EUR to 500.00 EUR."));
  const auto no_key = issue(support.token, "", goodwill("25.00", "bob@example.com"));
  EXPECT_THAT(field_errors(no_key, "Idempotency-Key"), SizeIs(1));
  EXPECT_EQ(written_rows(), before);

  const auto issued = issue(support.token, "key-00003", goodwill("25.00", "bob@example.com"));
  ASSERT_EQ(issued.status, 201);
  const auto id = parse_object(issued).at("id").as_int64();
  const auto after_issue = written_rows();
  const auto no_reason = void_card(support.token, id, " ");
  EXPECT_EQ(no_reason.status, 400);
  EXPECT_THAT(field_errors(no_reason, "reason"), ElementsAre("Say why."));
  EXPECT_EQ(written_rows(), after_issue);
  EXPECT_EQ(general_error(void_card(support.token, id + 100)), "No such gift card.");
}

TEST_F(AdminGiftCards, AVoidCard_RedeemsNoMore_AndARedeemedCardIsNotVoided) {
  const auto bob = shop().sign_up();
  const auto first = issue(support.token, "key-00001", goodwill("25.00", "one@example.com"));
  const auto second = issue(support.token, "key-00002", goodwill("10.00", "two@example.com"));
  ASSERT_EQ(first.status, 201);
  ASSERT_EQ(second.status, 201);
  const auto voided_id = parse_object(first).at("id").as_int64();
  const auto redeemed_id = parse_object(second).at("id").as_int64();

  const auto voided = void_card(support.token, voided_id);
  ASSERT_EQ(voided.status, 200) << voided.body;
  EXPECT_EQ(parse_object(voided).at("state").as_string(), "voided");
  const auto refused = redeem(bob, mailed_number("one@example.com"));
  EXPECT_EQ(refused.status, 400);
  EXPECT_THAT(field_errors(refused, "giftCardNumber"), ElementsAre(std::string(kNotValid)));
  EXPECT_EQ(general_error(void_card(support.token, voided_id)), "This gift card is void already.");

  ASSERT_EQ(redeem(bob, mailed_number("two@example.com")).status, 200);
  const auto too_late = void_card(support.token, redeemed_id);
  EXPECT_EQ(too_late.status, 400);
  EXPECT_EQ(general_error(too_late), "This gift card was redeemed already.");
  EXPECT_EQ(
      shop().count("SELECT count(*) FROM ledger_entries WHERE posting LIKE 'gift-card-void:%'"), 2);

  const auto listed = backstage.call("GET", "/api/admin/gift-cards?State=redeemed", support.token);
  const auto items = parse_object(listed).at("items").as_array();
  ASSERT_THAT(items, SizeIs(1));
  EXPECT_EQ(items[0].at("id").as_int64(), redeemed_id);
  // A card exists once its order is paid: there is no unpaid card to filter on.
  EXPECT_THAT(
      field_errors(backstage.call("GET", "/api/admin/gift-cards?State=unpaid", support.token),
                   "State"),
      ElementsAre("Choose active, redeemed or voided."));
}

}  // namespace
}  // namespace artshop::testing
