// The payment provider's way in, over HTTP: the built-in sandbox's checkout page and buttons,
// its signed webhooks, what they settle, and the download of what was bought.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <atomic>
#include <filesystem>
#include <regex>
#include <set>

#include "artshop/payments/webhook_signature.hpp"
#include "money_races.hpp"
#include "shop_api.hpp"

namespace artshop::testing {
namespace {

std::string session_of(std::string_view link) {
  const auto at = link.find("session=");
  return at == std::string_view::npos ? std::string() : std::string(link.substr(at + 8));
}

// Presses a button of the sandbox's checkout page.
HttpResponse press(ShopServer& shop, std::string_view link, std::string_view action) {
  return request("POST", shop.url("/payments/sandbox/checkout"),
                 "session=" + session_of(link) + "&action=" + std::string(action),
                 {{"Content-Type", "application/x-www-form-urlencoded"}});
}

// The files of the private blob store, by key.
std::set<std::string> private_files(const ShopServer& shop) {
  std::set<std::string> keys;
  const auto root = shop.data_dir() / "originals";
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (entry.is_regular_file()) {
      keys.insert(entry.path().lexically_relative(root).generic_string());
    }
  }
  return keys;
}

class PaymentsApi : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { shop = new ShopServer(); }
  static void TearDownTestSuite() {
    delete shop;
    shop = nullptr;
  }
  static inline ShopServer* shop = nullptr;
};

TEST_F(PaymentsApi, SandboxFlow_PayOnThePageThenTheWebhookFulfilsAndTheDownloadIsTheBoughtSize) {
  const auto ann = shop->sign_up();
  auto skus = shop->skus();
  std::erase_if(skus, [](const Sku& sku) { return sku.name != "HD"; });
  ASSERT_FALSE(skus.empty());
  const auto sku = skus.front();

  // Place the order: Pending, with a link to the sandbox's page.
  const auto placed = shop->place_order(ann, {sku}, "15.00");
  ASSERT_EQ(placed.status, 200) << placed.body;
  const auto body = parse_object(placed);
  const auto id = body.at("order").at("id").as_int64();
  const auto link = std::string(body.at("paymentLink").as_string());

  // The page shows the amount and the three buttons.
  const auto page = get(link);
  ASSERT_EQ(page.status, 200) << page.body;
  EXPECT_TRUE(page.header("Content-Type").starts_with("text/html")) << page.header("Content-Type");
  EXPECT_NE(page.body.find(decimal(sku.price_cents + 15'00)), std::string::npos) << page.body;
  for (const auto* action : {"pay", "decline", "cancel"}) {
    EXPECT_NE(page.body.find(std::string("value=\"") + action + "\""), std::string::npos) << action;
  }

  // Pay: back to the shop's order page; the webhook follows on its own.
  const auto paid = press(*shop, link, "pay");
  ASSERT_EQ(paid.status, 303) << paid.body;
  EXPECT_EQ(paid.header("Location"),
            shop->process().base_url() + "/order-history?order=" + std::to_string(id));
  const auto order = shop->await_settled_order(ann, id);
  ASSERT_EQ(order.at("status").as_string(), "Paid") << json::serialize(order);
  const auto number = std::string(order.at("giftCards").at(0).at("number").as_string());
  EXPECT_TRUE(std::regex_match(number, std::regex("[0-9A-Z]{4}(-[0-9A-Z]{4}){3}"))) << number;

  // The gift card's number is in the history and in the buyer's mail.
  const auto history = json::parse(shop->get("/api/orders", ann).body).at("items").as_array();
  ASSERT_EQ(history.size(), 1U);
  EXPECT_EQ(history[0].at("giftCards").at(0).at("number").as_string(), number);
  const auto mail = shop->mail_to(ann.email, number);
  EXPECT_NE(mail, "") << "the outbox has a mail with the number";
  EXPECT_NE(mail.find("Subject: Your Artshop gift card"), std::string::npos) << mail;

  // The artwork is listed and downloads at exactly the bought long edge.
  const auto artworks = json::parse(shop->get("/api/artworks", ann).body).as_array();
  ASSERT_EQ(artworks.size(), 1U);
  const auto& artwork = artworks[0].as_object();
  EXPECT_EQ(artwork.at("orderId").as_int64(), id);
  EXPECT_EQ(artwork.at("sizeName").as_string(), "HD");
  const auto download =
      get(shop->url(std::string(artwork.at("downloadUrl").as_string())), ann.auth());
  ASSERT_EQ(download.status, 200) << download.body.substr(0, 300);
  EXPECT_EQ(download.header("Content-Type"), "image/jpeg");
  EXPECT_EQ(download.header("Content-Disposition"),
            "attachment; filename=\"" + sku.url_name + "-HD.jpg\"");
  const auto size = jpeg_size(download.body);
  ASSERT_TRUE(size.has_value()) << "the download is a JPEG";
  EXPECT_EQ(std::max(size->first, size->second), sku.long_edge);
  EXPECT_EQ(size->first, artwork.at("width").as_int64());
  EXPECT_EQ(size->second, artwork.at("height").as_int64());

  // The size was rendered once: it is kept in the private store, and downloading it again, or
  // asking whether it changed, reads that file.
  const auto rendered = private_files(*shop);
  const auto etag = download.header("ETag");
  ASSERT_FALSE(etag.empty());
  const auto again = get(shop->url(std::string(artwork.at("downloadUrl").as_string())), ann.auth());
  ASSERT_EQ(again.status, 200);
  EXPECT_EQ(again.body, download.body);
  EXPECT_EQ(again.header("ETag"), etag);
  auto conditional = ann.auth();
  conditional.emplace_back("If-None-Match", etag);
  const auto unchanged =
      get(shop->url(std::string(artwork.at("downloadUrl").as_string())), conditional);
  EXPECT_EQ(unchanged.status, 304);
  EXPECT_EQ(unchanged.body, "");
  EXPECT_EQ(unchanged.header("ETag"), etag);
  const auto head = request("HEAD", shop->url(std::string(artwork.at("downloadUrl").as_string())),
                            {}, ann.auth());
  EXPECT_EQ(head.status, 200);
  EXPECT_EQ(head.header("ETag"), etag);
  EXPECT_EQ(private_files(*shop), rendered) << "nothing was rendered or stored again";
  EXPECT_EQ(rendered.count(etag.substr(1, etag.size() - 2)), 1U) << "the file the ETag names";

  // Nobody else gets it.
  const auto bob = shop->sign_up();
  const auto foreign =
      get(shop->url(std::string(artwork.at("downloadUrl").as_string())), bob.auth());
  EXPECT_EQ(foreign.status, 404);
  EXPECT_EQ(get(shop->url("/api/artworks/999999/download"), ann.auth()).status, 404);
}

TEST_F(PaymentsApi, SandboxFlow_DeclineFailsTheOrderAndCancelLeavesItPending) {
  const auto ann = shop->sign_up();
  const auto sku = shop->cheapest_regular();
  const auto declined = shop->place_order(ann, {sku});
  ASSERT_EQ(declined.status, 200);
  const auto declined_link = std::string(parse_object(declined).at("paymentLink").as_string());
  EXPECT_EQ(press(*shop, declined_link, "decline").status, 303);
  const auto failed =
      shop->await_settled_order(ann, parse_object(declined).at("order").at("id").as_int64());
  EXPECT_EQ(failed.at("status").as_string(), "Failed");

  const auto cancelled = shop->place_order(ann, {sku});
  ASSERT_EQ(cancelled.status, 200);
  const auto cancelled_id = parse_object(cancelled).at("order").at("id").as_int64();
  const auto back =
      press(*shop, std::string(parse_object(cancelled).at("paymentLink").as_string()), "cancel");
  EXPECT_EQ(back.status, 303);
  EXPECT_EQ(back.header("Location"), shop->process().base_url() + "/order-history?order=" +
                                         std::to_string(cancelled_id) + "&cancelled=1");
  const auto still = shop->get("/api/orders/" + std::to_string(cancelled_id), ann);
  EXPECT_EQ(parse_object(still).at("status").as_string(), "Pending");
}

TEST_F(PaymentsApi, SandboxFlow_ADepositPaidOnThePage_CreditsTheBalance) {
  const auto ann = shop->sign_up();
  const auto started = shop->post("/api/balance/deposit", deposit_payload("40"), ann);
  ASSERT_EQ(started.status, 200) << started.body;
  const auto link = std::string(parse_object(started).at("paymentLink").as_string());
  const auto id = parse_object(started).at("deposit").at("id").as_int64();
  const auto paid = press(*shop, link, "pay");
  EXPECT_EQ(paid.status, 303);
  EXPECT_EQ(paid.header("Location"),
            shop->process().base_url() + "/balance?deposit=" + std::to_string(id));
  EXPECT_TRUE(eventually([&] { return shop->balance(ann) == 40'00; }));
}

TEST_F(PaymentsApi, SandboxPage_WithATamperedSession_IsRefused) {
  EXPECT_EQ(get(shop->url("/payments/sandbox/checkout?session=forged")).status, 400);
  const auto pressed =
      request("POST", shop->url("/payments/sandbox/checkout"), "session=forged&action=pay",
              {{"Content-Type", "application/x-www-form-urlencoded"}});
  EXPECT_EQ(pressed.status, 400);
}

TEST_F(PaymentsApi, Webhook_WithABadSignatureOrUnreadable_Is400) {
  const std::string body =
      R"({"id":"evt_x","type":"checkout.session.completed","data":{"object":{}}})";
  const auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
  EXPECT_EQ(shop->deliver(body, "").status, 400);
  EXPECT_EQ(
      shop->deliver(body, payments::sign_webhook("another secret of 32 characters!!", body, now))
          .status,
      400);
  EXPECT_EQ(
      shop->deliver(body, payments::sign_webhook(kWebhookSecret, body, now - std::chrono::hours(1)))
          .status,
      400)
      << "outside the tolerance";
  const auto unreadable =
      shop->deliver("not json", payments::sign_webhook(kWebhookSecret, "not json", now));
  EXPECT_EQ(unreadable.status, 400);
  EXPECT_FALSE(field_errors(unreadable, "").empty()) << unreadable.body;
}

TEST_F(PaymentsApi, Webhook_IgnoredTypesAndUnknownReferences_Answer200) {
  const auto now = std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
  const std::string ignored = R"({"id":"evt_ignored","type":"customer.created","data":{}})";
  const auto answer = shop->deliver(ignored, payments::sign_webhook(kWebhookSecret, ignored, now));
  EXPECT_EQ(answer.status, 200) << answer.body;
  EXPECT_EQ(parse_object(answer), json::parse(R"({"received":true})"));
  const auto unknown = shop->deliver_paid_event("evt_unknown", "ord_nobody", 1000, "eur");
  EXPECT_EQ(unknown.status, 200) << unknown.body;
  EXPECT_TRUE(shop->process().wait_for_log("ord_nobody", std::chrono::seconds(5)));
}

TEST_F(PaymentsApi, Webhook_DeliveredTenTimesInParallel_CreditsOnce) {
  races::one_webhook_delivered_ten_times(*shop);
}

TEST_F(PaymentsApi, Webhook_ReportingAnotherAmount_IsNotActedOn) {
  const auto ann = shop->sign_up();
  const auto started = shop->post("/api/balance/deposit", deposit_payload("60"), ann);
  const auto reference =
      std::string(parse_object(started).at("deposit").at("reference").as_string());
  const auto answer = shop->deliver_paid_event("evt_other_amount", reference, 6'00, "eur");
  EXPECT_EQ(answer.status, 409) << answer.body;
  EXPECT_EQ(shop->balance(ann), 0);
}

// Without a configured secret the sandbox generates one into the data folder, owner-only,
// and its own webhooks (signed with it) still get through.
TEST(PaymentsSecret, WithoutAConfiguredSecret_OneIsGeneratedIntoTheDataFolder) {
  ShopServer shop(false, {}, /*with_webhook_secret=*/false);
  const auto key = shop.data_dir() / "payments-webhook.key";
  ASSERT_TRUE(std::filesystem::exists(key));
  struct stat status {};
  ASSERT_EQ(::stat(key.c_str(), &status), 0);
  EXPECT_EQ(status.st_mode & 0777, 0600U);

  const auto ann = shop.sign_up();
  const auto started = shop.post("/api/balance/deposit", deposit_payload("20"), ann);
  ASSERT_EQ(started.status, 200) << started.body;
  EXPECT_EQ(
      press(shop, std::string(parse_object(started).at("paymentLink").as_string()), "pay").status,
      303);
  EXPECT_TRUE(eventually([&] { return shop.balance(ann) == 20'00; }));
  // Our test secret is not it.
  EXPECT_EQ(shop.deliver_paid_event("evt_forged", "dep_x", 100, "eur").status, 400);
}

// The sandbox takes no money, so it serves only this machine unless told otherwise on purpose.

TEST(PaymentsSandboxExposure, OnEveryInterfaceWithoutTheAcknowledgment_TheServerRefusesToStart) {
  for (const auto& env : std::vector<std::vector<std::pair<std::string, std::string>>>{
           {{"ARTSHOP_HOST", "0.0.0.0"}},
           {{"ARTSHOP_HOST", "0.0.0.0"}, {"ARTSHOP_PAYMENTS_PROVIDER", "sandbox"}},
           {{"ARTSHOP_HOST", "0.0.0.0"},
            {"ARTSHOP_PAYMENTS_SANDBOX_PUBLIC_ACKNOWLEDGED", "true"}},  // the default provider
           {{"ARTSHOP_PUBLIC_URL", "http://127.0.0.1.nip.io:8080"}},
           {{"ARTSHOP_PUBLIC_URL", "http://user@127.0.0.1@shop.example"}}}) {
    const auto refused = refused_start(env);
    EXPECT_NE(refused.find("exited with 2"), std::string::npos) << env.back().second << refused;
    EXPECT_NE(refused.find("payments.sandbox_public_acknowledged = true"), std::string::npos)
        << refused;
  }
}

TEST(PaymentsSandboxExposure, OnAPublicAddressWithTheAcknowledgment_StartsWarnsAndShowsABanner) {
  ServerProcess server({.env = {{"ARTSHOP_PUBLIC_URL", "https://shop.example"},
                                {"ARTSHOP_PAYMENTS_PROVIDER", "sandbox"},
                                {"ARTSHOP_PAYMENTS_SANDBOX_PUBLIC_ACKNOWLEDGED", "true"}}});
  EXPECT_TRUE(server.wait_for_log("Test payments: no money moves", std::chrono::seconds{10}));
  EXPECT_NE(server.log_text().find("warn"), std::string::npos) << server.log_text();

  const auto page = get(server.url("/payments/sandbox/checkout?session=unknown"));
  EXPECT_EQ(page.status, 400);
  EXPECT_NE(page.body.find("Test payments: no money moves"), std::string::npos) << page.body;
}

}  // namespace
}  // namespace artshop::testing
