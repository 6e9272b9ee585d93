// The back office's orders and refunds on the real server (the back office API contract,
// "Orders" and "Refunds"; docs/back-office.md): who may call what, the search, the order page,
// refunds of balance and card orders with their effects, every refusal with nothing written,
// the limit, the Idempotency-Key and two refunds of one order at once.
#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <string>
#include <vector>

#include "adapter/payments_test_support.hpp"
#include "backstage.hpp"
#include "support/eventually.hpp"
#include "support/smtp_sink.hpp"
#include "support/temp_dir.hpp"

namespace artshop::testing {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::SizeIs;

class AdminOrders : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { set_up_shop({}); }
  // The seeded shop on `env`, mailing into a real SMTP server, with its owner, a support member
  // and a catalogue member.
  static void set_up_shop(const Environment& env) {
    mail_folder = new TempDir();
    smtp = new SmtpSink(mail_folder->path());
    auto settings = smtp_environment(smtp->port());
    settings.insert(settings.end(), env.begin(), env.end());
    backstage = new Backstage(settings, true);
    owner = new Member(backstage->first_owner());
    backstage->owner_token = owner->token;
    support = new Member(backstage->invited_by(*owner, "sue@example.com", "support"));
    catalogue = new Member(backstage->invited_by(*owner, "cat@example.com", "catalogue"));
  }
  static void TearDownTestSuite() {
    delete catalogue;
    delete support;
    delete owner;
    delete backstage;
    delete smtp;
    delete mail_folder;
  }

  static ShopServer& shop() { return backstage->shop; }

  // A paid order of `customer`'s: from the balance (funded first), or by card through the
  // provider's webhook. Its id.
  static std::int64_t paid_order(const Customer& customer, const std::vector<Sku>& cart,
                                 bool by_balance, json::value gift_card = nullptr) {
    if (by_balance) shop().fund_cents(customer, 2000'00);
    const auto placed = shop().place_order(customer, cart, std::move(gift_card), by_balance);
    EXPECT_EQ(placed.status, 200) << placed.body;
    const auto order = parse_object(placed).at("order").as_object();
    if (!by_balance) {
      const std::string reference(order.at("reference").as_string());
      const auto delivered = shop().deliver_paid_event(
          "evt_" + reference, reference, order.at("total").at("minorUnits").as_int64(), "eur",
          payment_intent_of(reference));
      EXPECT_EQ(delivered.status, 200) << delivered.body;
    }
    return order.at("id").as_int64();
  }

  // The id Stripe gives the money of the payment `reference` in its checkout.session.completed.
  static std::string payment_intent_of(const std::string& reference) { return "pi_" + reference; }

  static HttpResponse refund(const Member& member, std::int64_t order, const json::object& body,
                             const std::string& key) {
    RequestHeaders headers{{"Authorization", "Bearer " + member.token},
                           {"Content-Type", "application/json"}};
    if (!key.empty()) headers.emplace_back("Idempotency-Key", key);
    return request("POST", shop().url(fmt::format("/api/admin/orders/{}/refunds", order)),
                   json::serialize(body), headers);
  }

  static json::object order_page(std::int64_t order) {
    const auto page =
        backstage->call("GET", fmt::format("/api/admin/orders/{}", order), support->token);
    EXPECT_EQ(page.status, 200) << page.body;
    return parse_object(page);
  }

  // The customer's own view of the order in GET /api/orders.
  static json::object customers_order(const Customer& customer, std::int64_t order) {
    const auto listed = parse_object(shop().get("/api/orders?PageSize=100", customer));
    for (const auto& item : listed.at("items").as_array()) {
      if (item.at("id").as_int64() == order) return item.as_object();
    }
    ADD_FAILURE() << "order " << order << " not listed";
    return {};
  }

  static std::string next_key() {
    static std::atomic<int> keys{0};
    return fmt::format("refund-key-{:04}", ++keys);
  }

  static std::int64_t refunds() { return shop().count("SELECT count(*) FROM refunds"); }

  // The refund's status as the order page shows it, once it is no longer pending.
  static std::string settled_refund_status(std::int64_t order, std::int64_t refund) {
    std::string status = "pending";
    eventually([&] {
      const auto page = order_page(order);
      for (const auto& item : page.at("refunds").as_array()) {
        if (item.at("id").as_int64() == refund) status = item.at("status").as_string();
      }
      return status != "pending";
    });
    return status;
  }

  // A signed charge.refunded event of the payment `reference`, delivered to the shop.
  static HttpResponse deliver_refund(const std::string& event_id, const std::string& reference,
                                     std::int64_t amount, const std::string& ours) {
    const auto body = charge_refunded_event(event_id, reference, amount, ours);
    return shop().deliver(body, webhook_signature(body));
  }

  // The newest mail the SMTP server received for `email` alone whose message holds `text`.
  static ReceivedMail mail_to(const std::string& email, std::string_view text) {
    ReceivedMail found;
    EXPECT_TRUE(eventually([&] {
      for (const auto& mail : smtp->received()) {
        if (mail.rcpt_to == std::vector{email} && mail.data.find(text) != std::string::npos) {
          found = mail;
        }
      }
      return !found.data.empty();
    })) << "no mail to "
        << email << " with " << text;
    return found;
  }

  static inline TempDir* mail_folder = nullptr;
  static inline SmtpSink* smtp = nullptr;
  static inline Backstage* backstage = nullptr;
  static inline Member* owner = nullptr;
  static inline Member* support = nullptr;
  static inline Member* catalogue = nullptr;
};

TEST_F(AdminOrders,
       WithoutAStaffSessionOrWithTheCatalogueRole_EveryRouteIsRefusedAndNothingWritten) {
  const auto ann = shop().sign_up();
  const auto order = paid_order(ann, {shop().cheapest_regular()}, true);
  const json::object body{{"lines", json::array{1}}, {"reason", "Damaged"}};
  const std::vector<std::pair<std::string, std::string>> routes{
      {"GET", "/api/admin/orders"},
      {"GET", fmt::format("/api/admin/orders/{}", order)},
      {"POST", fmt::format("/api/admin/orders/{}/refunds", order)}};
  const auto before = refunds();
  for (const auto& [method, path] : routes) {
    for (const auto& token : {std::string(), ann.token, catalogue->token}) {
      RequestHeaders headers{{"Content-Type", "application/json"}, {"Idempotency-Key", next_key()}};
      if (!token.empty()) headers.emplace_back("Authorization", "Bearer " + token);
      const auto answer =
          request(method, shop().url(path), method == "POST" ? json::serialize(body) : "", headers);
      EXPECT_EQ(answer.status, 403) << method << " " << path;
      EXPECT_EQ(general_error(answer), token == catalogue->token ? kRoleForbids : kSignIn)
          << method << " " << path;
    }
  }
  EXPECT_EQ(refunds(), before);
}

TEST_F(AdminOrders, Search_FiltersAndPagesOnTheServer) {
  const auto bob = shop().sign_up();
  const auto cheap = shop().cheapest_regular();
  const auto first = paid_order(bob, {cheap}, true);
  const auto second = paid_order(bob, {cheap}, false, "30.00");
  const auto pending = shop().place_order(bob, {cheap});
  ASSERT_EQ(pending.status, 200);

  const auto search = [&](const std::string& query) {
    const auto answer = backstage->call("GET", "/api/admin/orders?" + query, support->token);
    EXPECT_EQ(answer.status, 200) << answer.body;
    std::vector<std::int64_t> ids;
    const auto page = parse_object(answer);
    for (const auto& item : page.at("items").as_array()) {
      ids.push_back(item.at("id").as_int64());
    }
    return std::pair(ids, page.at("total").as_int64());
  };
  const auto email = "Email=" + bob.email;
  EXPECT_EQ(search(email + "&Status=Paid").first, (std::vector{second, first}));
  EXPECT_EQ(search(email + "&Status=Paid&Sort=createdAt").first, (std::vector{first, second}));
  EXPECT_EQ(search(email + "&Status=Paid&MinAmount=" + decimal(cheap.price_cents + 1)).first,
            std::vector{second});
  const auto [page, total] = search(email + "&PageSize=1&Page=2");
  EXPECT_EQ(total, 3);
  EXPECT_EQ(page, std::vector{second});

  const auto row = parse_object(
      backstage->call("GET", "/api/admin/orders?Id=" + std::to_string(first), support->token));
  const auto& item = row.at("items").at(0).as_object();
  EXPECT_EQ(item.at("customer").at("email").as_string(), bob.email);
  EXPECT_EQ(item.at("provider").as_string(), "balance");
  EXPECT_EQ(item.at("refundStatus").as_string(), "None");
  EXPECT_EQ(item.at("refunded").at("minorUnits").as_int64(), 0);

  const auto bad = backstage->call(
      "GET", "/api/admin/orders?PageSize=0&Status=Lost&From=yesterday&Sort=price", support->token);
  ASSERT_EQ(bad.status, 400) << bad.body;
  for (const auto* field : {"PageSize", "Status", "From", "Sort"}) {
    EXPECT_FALSE(field_errors(bad, field).empty()) << field;
  }
  const auto missing = backstage->call("GET", "/api/admin/orders/999999", support->token);
  ASSERT_EQ(missing.status, 404);
  EXPECT_EQ(general_error(missing), "No such order.");
}

TEST_F(AdminOrders, APartialRefundOfABalanceOrder_IsBackInTheBalanceAndShownEverywhere) {
  const auto ann = shop().sign_up();
  const auto cheap = shop().cheapest_regular();
  const auto order = paid_order(ann, {cheap}, true, "25.00");
  const auto before = shop().balance(ann);
  const auto made =
      refund(*support, order, {{"amount", "12.50"}, {"reason", "A goodwill gesture"}}, next_key());
  ASSERT_EQ(made.status, 201) << made.body;
  const auto answer = parse_object(made).at("refund").as_object();
  EXPECT_EQ(answer.at("status").as_string(), "succeeded");
  EXPECT_EQ(answer.at("source").as_string(), "staff");
  EXPECT_EQ(answer.at("amount").at("amount").as_string(), "12.50");
  EXPECT_EQ(answer.at("staff").at("email").as_string(), "sue@example.com");
  EXPECT_EQ(shop().balance(ann), before + 12'50);

  const auto mine = customers_order(ann, order);
  EXPECT_EQ(mine.at("refundStatus").as_string(), "PartlyRefunded");
  EXPECT_EQ(mine.at("refunded").at("amount").as_string(), "12.50");

  const auto page = order_page(order);
  EXPECT_EQ(page.at("refundStatus").as_string(), "PartlyRefunded");
  ASSERT_THAT(page.at("refunds").as_array(), SizeIs(1));
  const auto& ledger = page.at("ledger").as_array();
  ASSERT_THAT(ledger, SizeIs(2));
  EXPECT_EQ(ledger.at(1).at("reference").as_string(),
            fmt::format("refund:{}", answer.at("id").as_int64()));
  const auto& credit = ledger.at(1).at("entries").at(1);
  EXPECT_EQ(credit.at("side").as_string(), "Credit");
  EXPECT_THAT(std::string(credit.at("account").as_string()), HasSubstr("CustomerBalance:"));
  EXPECT_EQ(shop().ledger_totals().debits, shop().ledger_totals().credits);
  const auto mail = mail_to(ann.email, "We have refunded 12.50 EUR");
  EXPECT_THAT(mail.data,
              HasSubstr(fmt::format("Subject: Your refund for Artshop order {}", order)));
  EXPECT_THAT(mail.data, HasSubstr("Reason: A goodwill gesture"));
  EXPECT_EQ(shop().count(fmt::format(
                "SELECT count(*) FROM audit_log WHERE action = 'order.refund' AND object = "
                "'order:{}'",
                order)),
            1);
}

TEST_F(AdminOrders, ARefundedLine_StopsDownloadingAndItsOrderShowsRefunded) {
  const auto ann = shop().sign_up();
  const auto order = paid_order(ann, {shop().cheapest_regular()}, true);
  const auto artworks = json::parse(shop().get("/api/artworks", ann).body).as_array();
  ASSERT_THAT(artworks, SizeIs(1));
  const auto artwork = artworks.at(0).at("id").as_int64();
  const auto download = fmt::format("/api/artworks/{}/download", artwork);
  ASSERT_EQ(shop().get(download, ann).status, 200);

  const auto made =
      refund(*support, order, {{"lines", json::array{1}}, {"reason", "Wrong size"}}, next_key());
  ASSERT_EQ(made.status, 201) << made.body;
  EXPECT_THAT(json::parse(shop().get("/api/artworks", ann).body).as_array(), SizeIs(0));
  EXPECT_EQ(shop().get(download, ann).status, 404);
  EXPECT_EQ(customers_order(ann, order).at("refundStatus").as_string(), "Refunded");
  const auto page = order_page(order);
  EXPECT_TRUE(page.at("lines").at(0).at("refunded").as_bool());
  EXPECT_FALSE(page.at("artworks").at(0).at("downloadable").as_bool());
  EXPECT_EQ(page.at("artworks").at(0).at("lineNumber").as_int64(), 1);
}

TEST_F(AdminOrders, TheOrderPage_ShowsThePaymentsHistoryItsWebhookEventsAndItsMails) {
  const auto ann = shop().sign_up();
  const auto order = paid_order(ann, {shop().cheapest_regular()}, false, "10.00");
  const auto page = order_page(order);
  const auto reference = std::string(page.at("reference").as_string());
  std::vector<std::string> history;
  for (const auto& change : page.at("payment").at("history").as_array()) {
    const auto& from = change.at("from");
    history.push_back(fmt::format("{}>{} ({})", from.is_null() ? "-" : from.as_string().c_str(),
                                  change.at("to").as_string().c_str(),
                                  change.at("source").as_string().c_str()));
  }
  EXPECT_THAT(history, ElementsAre("->Pending (placed)", "Pending>Paid (webhook)"));
  const auto events = page.at("webhookEvents").as_array();
  ASSERT_THAT(events, SizeIs(1));
  EXPECT_EQ(events.at(0).at("eventId").as_string(), "evt_" + reference);
  EXPECT_EQ(events.at(0).at("kind").as_string(), "checkout.session.completed");
  // The gift card's number mailed to the buyer, listed as queued or sent (never its text).
  const auto mails = page.at("mails").as_array();
  ASSERT_THAT(mails, SizeIs(1));
  EXPECT_EQ(mails.at(0).at("to").as_string(), ann.email);
  EXPECT_THAT(std::string(mails.at(0).at("subject").as_string()), HasSubstr("gift card"));
  mail_to(ann.email, "gift card");
  eventually(
      [&] { return order_page(order).at("mails").at(0).at("status").as_string() == "sent"; });
}

TEST_F(AdminOrders, AFullRefundOfASandboxCardOrder_SucceedsWhenTheRefundWebhookArrives) {
  const auto ann = shop().sign_up();
  const auto order = paid_order(ann, {shop().cheapest_regular()}, false);
  const auto page = order_page(order);
  EXPECT_EQ(page.at("provider").as_string(), "sandbox");
  const auto artwork = json::parse(shop().get("/api/artworks", ann).body).at(0).at("id").as_int64();

  const auto made =
      refund(*support, order, {{"lines", json::array{1}}, {"reason", "Never arrived"}}, next_key());
  ASSERT_EQ(made.status, 201) << made.body;
  const auto id = parse_object(made).at("refund").at("id").as_int64();
  // The sandbox records the refund and sends a signed charge.refunded, as Stripe would.
  EXPECT_EQ(settled_refund_status(order, id), "succeeded");
  const auto settled = order_page(order);
  std::vector<std::string> kinds;
  for (const auto& event : settled.at("webhookEvents").as_array()) {
    kinds.emplace_back(event.at("kind").as_string());
  }
  EXPECT_THAT(kinds, ElementsAre("checkout.session.completed", "charge.refunded"));
  EXPECT_EQ(customers_order(ann, order).at("refundStatus").as_string(), "Refunded");
  EXPECT_EQ(shop().get(fmt::format("/api/artworks/{}/download", artwork), ann).status, 404);
  EXPECT_THAT(mail_to(ann.email, "back to the card you paid with").data,
              HasSubstr("Never arrived"));
  const auto reversal = order_page(order).at("ledger").at(1).at("entries").as_array();
  EXPECT_EQ(reversal.back().at("account").as_string(), "ProviderCash");
  EXPECT_EQ(reversal.back().at("side").as_string(), "Credit");
  EXPECT_EQ(shop().count(fmt::format("SELECT count(*) FROM audit_log WHERE action = "
                                     "'order.refund_confirmed' AND object = 'order:{}'",
                                     order)),
            1);
}

TEST_F(AdminOrders, ARefundWebhookDeliveredTwice_RefundsOnce_AndOneMadeAtTheProviderIsCapped) {
  const auto ann = shop().sign_up();
  const auto cheap = shop().cheapest_regular();
  const auto order = paid_order(ann, {cheap}, false, "10.00");
  const std::string reference(order_page(order).at("reference").as_string());
  // Made in the provider's dashboard: no reference of ours, more than the order's total.
  const auto event = "evt_dashboard_" + std::to_string(order);
  ASSERT_EQ(deliver_refund(event, reference, cheap.price_cents + 10'00 + 5'00, "").status, 200);
  ASSERT_EQ(deliver_refund(event, reference, cheap.price_cents + 10'00 + 5'00, "").status, 200);
  const auto page = order_page(order);
  ASSERT_THAT(page.at("refunds").as_array(), SizeIs(1));
  const auto& learnt = page.at("refunds").at(0);
  EXPECT_EQ(learnt.at("source").as_string(), "provider");
  EXPECT_EQ(learnt.at("status").as_string(), "succeeded");
  EXPECT_TRUE(learnt.at("staff").is_null());
  EXPECT_EQ(learnt.at("amount").at("minorUnits").as_int64(), cheap.price_cents + 10'00);
  EXPECT_EQ(page.at("refundStatus").as_string(), "Refunded");
  EXPECT_EQ(shop().ledger_totals().debits, shop().ledger_totals().credits);
}

TEST_F(AdminOrders, BadInput_IsA400OnItsFieldAndWritesNothing) {
  const auto ann = shop().sign_up();
  const auto cheap = shop().cheapest_regular();
  const auto order = paid_order(ann, {cheap}, true);
  const auto unpaid =
      parse_object(shop().place_order(ann, {cheap})).at("order").at("id").as_int64();
  const auto before = refunds();
  const auto refused = [&](std::int64_t id, const json::object& body, std::string_view field,
                           const std::string& key = next_key()) {
    const auto answer = refund(*owner, id, body, key);
    EXPECT_EQ(answer.status, 400) << answer.body;
    const auto messages = field_errors(answer, field);
    return messages.empty() ? std::string("(none) ") + answer.body : messages.front();
  };
  const auto over = decimal(cheap.price_cents + 1);
  EXPECT_EQ(refused(order, {{"amount", over}, {"reason", "x"}}, "amount"),
            fmt::format("Only {} EUR is left to refund.", decimal(cheap.price_cents)));
  EXPECT_EQ(refused(order, {{"amount", "-1"}, {"reason", "x"}}, "amount"),
            "Must be more than zero.");
  EXPECT_EQ(refused(order, {{"amount", "1.005"}, {"reason", "x"}}, "amount"),
            "Use at most 2 decimals for EUR.");
  EXPECT_EQ(refused(order, {{"lines", json::array{4}}, {"reason", "x"}}, "lines"),
            "Line 4 is not in this order.");
  EXPECT_EQ(refused(order, {{"lines", json::array{1, 1}}, {"reason", "x"}}, "lines"),
            "Line 1 is chosen twice.");
  EXPECT_EQ(refused(order, {{"lines", json::array{1}}}, "reason"), "Say why.");
  EXPECT_EQ(refused(unpaid, {{"lines", json::array{1}}, {"reason", "x"}}, ""),
            "Only a paid order can be refunded.");
  EXPECT_EQ(refused(order, {{"lines", json::array{1}}, {"reason", "x"}}, "Idempotency-Key", ""),
            "Send an Idempotency-Key of 8 to 64 characters.");
  EXPECT_EQ(refused(order, {{"lines", "1"}, {"reason", "x"}}, "lines"),
            "Must be a list of numbers such as [1, 3].");
  EXPECT_EQ(refunds(), before);
  EXPECT_EQ(customers_order(ann, order).at("refundStatus").as_string(), "None");
}

TEST_F(AdminOrders, SupportAboveTheLimit_IsRefusedWithTheLimitWhileTheOwnerMay) {
  const auto ann = shop().sign_up();
  const auto order = paid_order(ann, {shop().cheapest_regular()}, true, "150.00");
  const auto before = refunds();
  const auto refused = refund(*support, order, {{"amount", "100.01"}, {"reason", "x"}}, next_key());
  ASSERT_EQ(refused.status, 403) << refused.body;
  EXPECT_EQ(general_error(refused), "Only an owner may refund more than 100.00 EUR.");
  EXPECT_EQ(refunds(), before);
  EXPECT_EQ(refund(*support, order, {{"amount", "100.00"}, {"reason", "x"}}, next_key()).status,
            201);
  EXPECT_EQ(refund(*owner, order, {{"amount", "50.00"}, {"reason", "x"}}, next_key()).status, 201);
}

TEST_F(AdminOrders, TheSameIdempotencyKeyTwice_MakesOneRefund) {
  const auto ann = shop().sign_up();
  const auto order = paid_order(ann, {shop().cheapest_regular()}, true);
  const auto key = next_key();
  const json::object body{{"amount", "1.00"}, {"reason", "Sorry"}};
  const auto first = refund(*support, order, body, key);
  ASSERT_EQ(first.status, 201) << first.body;
  const auto again = refund(*support, order, body, key);
  ASSERT_EQ(again.status, 200) << again.body;
  EXPECT_EQ(parse_object(again).at("refund"), parse_object(first).at("refund"));
  const auto other = refund(*support, order, {{"amount", "2.00"}, {"reason", "Sorry"}}, key);
  ASSERT_EQ(other.status, 400);
  EXPECT_THAT(field_errors(other, "Idempotency-Key"),
              ElementsAre("This key was used for another refund."));
  EXPECT_EQ(shop().count(fmt::format("SELECT count(*) FROM refunds WHERE order_id = {}", order)),
            1);
}

TEST_F(AdminOrders, TwoRefundsOfOneLineAtOnce_RefundItOnce) {
  const auto ann = shop().sign_up();
  const auto order = paid_order(ann, {shop().cheapest_regular()}, true);
  std::vector<HttpResponse> answers(2);
  in_parallel(2, [&](int i) {
    answers[static_cast<std::size_t>(i)] =
        refund(i == 0 ? *support : *owner, order, {{"lines", json::array{1}}, {"reason", "Twice"}},
               next_key());
  });
  std::vector<long> statuses{answers[0].status, answers[1].status};
  std::ranges::sort(statuses);
  EXPECT_EQ(statuses, (std::vector<long>{201, 400}));
  const auto& loser = answers[0].status == 400 ? answers[0] : answers[1];
  EXPECT_THAT(field_errors(loser, "lines"), ElementsAre("Line 1 was refunded already."));
  EXPECT_EQ(shop().count(
                fmt::format("SELECT count(*) FROM ledger_entries WHERE posting LIKE 'refund:%' AND "
                            "posting IN (SELECT 'refund:' || id FROM refunds WHERE order_id = {})",
                            order)),
            2);
}

// The same back office on a Stripe shop: the server talks to a Stripe double on loopback (its
// Checkout Sessions and Refunds), and Stripe's webhooks are signed with the endpoint's secret
// as the tests sign them.
class AdminOrdersByStripe : public AdminOrders {
 protected:
  static void SetUpTestSuite() {
    stripe = new payments::test_support::StripeDouble();
    set_up_shop({{"ARTSHOP_PAYMENTS_PROVIDER", "stripe"},
                 {"ARTSHOP_STRIPE_SECRET_KEY", "sk_test_fake_key_for_artshop_tests"},
                 {"ARTSHOP_STRIPE_WEBHOOK_SECRET", std::string(kWebhookSecret)},
                 {"ARTSHOP_STRIPE_API_BASE", stripe->api_base()}});
  }
  static void TearDownTestSuite() {
    AdminOrders::TearDownTestSuite();
    delete stripe;
  }
  void TearDown() override { stripe->refuse_refunds({}); }

  // The refunds Stripe was asked for under `key` (our refund's reference).
  static std::vector<std::map<std::string, std::string>> refund_forms(const std::string& key) {
    std::vector<std::map<std::string, std::string>> forms;
    for (const auto& asked : stripe->received_at("/v1/refunds")) {
      if (asked.header("Idempotency-Key") == key) {
        forms.push_back(payments::test_support::decode_form(asked.body));
      }
    }
    return forms;
  }

  // The provider's reason an order's failed refund was undone for, from its audit record.
  static std::string failure_reason(std::int64_t order) {
    return shop().text(
        fmt::format("SELECT before_values FROM audit_log WHERE action = 'order.refund_failed' AND "
                    "object = 'order:{}'",
                    order));
  }

  static inline payments::test_support::StripeDouble* stripe = nullptr;
};

TEST_F(AdminOrdersByStripe, ACardRefund_IsAskedOfStripeAndSucceedsWhenChargeRefundedArrives) {
  const auto ann = shop().sign_up();
  const auto order = paid_order(ann, {shop().cheapest_regular()}, false, "10.00");
  const auto page = order_page(order);
  ASSERT_EQ(page.at("provider").as_string(), "stripe");
  const std::string reference(page.at("reference").as_string());
  const auto total = page.at("total").at("minorUnits").as_int64();

  const auto made = refund(*owner, order,
                           {{"lines", json::array{1}},
                            {"giftCards", json::array{page.at("giftCards").at(0).at("id")}},
                            {"reason", "Never arrived"}},
                           next_key());
  ASSERT_EQ(made.status, 201) << made.body;
  const auto answer = parse_object(made).at("refund").as_object();
  EXPECT_EQ(answer.at("status").as_string(), "pending");  // until Stripe's webhook says so
  const auto id = answer.at("id").as_int64();
  const auto ours = fmt::format("rfd_{}", id);
  const auto forms = refund_forms(ours);
  ASSERT_THAT(forms, SizeIs(1));
  EXPECT_EQ(forms[0].at("payment_intent"), payment_intent_of(reference));
  EXPECT_EQ(forms[0].at("amount"), std::to_string(total));
  EXPECT_EQ(forms[0].at("metadata[reference]"), ours);
  EXPECT_EQ(order_page(order).at("refunds").at(0).at("status").as_string(), "pending");

  ASSERT_EQ(deliver_refund("evt_refunded_" + ours, reference, total, ours).status, 200);
  EXPECT_EQ(settled_refund_status(order, id), "succeeded");
  EXPECT_EQ(order_page(order).at("refundStatus").as_string(), "Refunded");
  EXPECT_EQ(customers_order(ann, order).at("refundStatus").as_string(), "Refunded");
  EXPECT_EQ(stripe->refunds_made(), 1U);
}

TEST_F(AdminOrdersByStripe, StripesRefusal_FailsTheRefundWithItsMessageAndMakesItsGiftCardActive) {
  const auto ann = shop().sign_up();
  const auto order = paid_order(ann, {}, false, "30.00");
  const auto card = order_page(order).at("giftCards").at(0).at("id").as_int64();
  stripe->refuse_refunds("Charge ch_3Q2w has been disputed.");

  const auto made =
      refund(*support, order, {{"giftCards", json::array{card}}, {"reason", "Bought by mistake"}},
             next_key());

  ASSERT_EQ(made.status, 201) << made.body;
  EXPECT_EQ(parse_object(made).at("refund").at("status").as_string(), "failed");
  const auto page = order_page(order);
  EXPECT_EQ(page.at("giftCards").at(0).at("state").as_string(), "active");
  EXPECT_EQ(page.at("refundStatus").as_string(), "None");
  EXPECT_THAT(failure_reason(order), HasSubstr("Charge ch_3Q2w has been disputed."));
  EXPECT_EQ(shop().ledger_totals().debits, shop().ledger_totals().credits);
}

TEST_F(AdminOrdersByStripe, APaymentStripeNamedNoPaymentIntentFor_IsRefusedWithoutAskingStripe) {
  const auto ann = shop().sign_up();
  // Paid before the shop kept Stripe's payment_intent: the event names none.
  const auto placed = shop().place_order(ann, {shop().cheapest_regular()});
  ASSERT_EQ(placed.status, 200) << placed.body;
  const auto placed_order = parse_object(placed).at("order").as_object();
  const std::string reference(placed_order.at("reference").as_string());
  ASSERT_EQ(shop()
                .deliver_paid_event("evt_" + reference, reference,
                                    placed_order.at("total").at("minorUnits").as_int64(), "eur")
                .status,
            200);
  const auto order = placed_order.at("id").as_int64();
  const auto asked_before = stripe->received_at("/v1/refunds").size();

  const auto made =
      refund(*support, order, {{"lines", json::array{1}}, {"reason", "Wrong size"}}, next_key());

  ASSERT_EQ(made.status, 201) << made.body;
  EXPECT_EQ(parse_object(made).at("refund").at("status").as_string(), "failed");
  EXPECT_THAT(failure_reason(order), HasSubstr("payment_intent"));
  EXPECT_EQ(stripe->received_at("/v1/refunds").size(), asked_before);
  EXPECT_EQ(customers_order(ann, order).at("refundStatus").as_string(), "None");
}

}  // namespace
}  // namespace artshop::testing
