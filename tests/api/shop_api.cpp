#include "shop_api.hpp"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

#include "artshop/payments/webhook_signature.hpp"
#include "support/catalogue_fixture.hpp"

namespace artshop::testing {
namespace {

std::chrono::sys_seconds now_seconds() {
  return std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
}

// A read-only connection to the shop's database, next to the running server.
class ReadOnlyDatabase {
 public:
  explicit ReadOnlyDatabase(const std::filesystem::path& file) {
    if (sqlite3_open_v2(file.c_str(), &db_, SQLITE_OPEN_READONLY, nullptr) != SQLITE_OK) {
      throw std::runtime_error("cannot open " + file.string());
    }
    sqlite3_busy_timeout(db_, 10'000);
  }
  ~ReadOnlyDatabase() { sqlite3_close(db_); }
  ReadOnlyDatabase(const ReadOnlyDatabase&) = delete;
  ReadOnlyDatabase& operator=(const ReadOnlyDatabase&) = delete;

  // Calls `row` for each row of `sql`.
  void each(std::string_view sql, const std::function<void(sqlite3_stmt*)>& row) const {
    sqlite3_stmt* statement = nullptr;
    if (sqlite3_prepare_v2(db_, sql.data(), static_cast<int>(sql.size()), &statement, nullptr) !=
        SQLITE_OK) {
      throw std::runtime_error(std::string("cannot prepare: ") + sqlite3_errmsg(db_));
    }
    int status = SQLITE_ROW;
    while ((status = sqlite3_step(statement)) == SQLITE_ROW) row(statement);
    sqlite3_finalize(statement);
    if (status != SQLITE_DONE) throw std::runtime_error("query failed: " + std::string(sql));
  }

 private:
  sqlite3* db_ = nullptr;
};

std::string read_text(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

ShopServer::ShopServer(bool seeded, std::vector<std::pair<std::string, std::string>> extra_env,
                       bool with_webhook_secret) {
  if (seeded) copy_seeded_catalogue(data_.path());
  std::vector<std::pair<std::string, std::string>> env{
      {"ARTSHOP_DATA_DIR", data_.path().string()},
      // Every test signs up from 127.0.0.1.
      {"ARTSHOP_LIMIT_REGISTRATIONS_PER_IP", "100000/1h"},
      {"ARTSHOP_WORKER_THREADS", "4"}};
  if (with_webhook_secret) {
    env.emplace_back("ARTSHOP_PAYMENTS_WEBHOOK_SECRET", std::string(kWebhookSecret));
  }
  env.insert(env.end(), extra_env.begin(), extra_env.end());
  server_ = std::make_unique<ServerProcess>(ServerProcessOptions{.env = std::move(env)});
  if (seeded) {
    // The catalogue is already seeded, so the server is ready at once.
    EXPECT_TRUE(eventually([&] { return testing::get(url("/readyz")).status == 200; }));
  }
}

Customer ShopServer::sign_up() {
  static std::atomic<int> counter{0};
  const auto email =
      "buyer" + std::to_string(++counter) + "-" + std::to_string(server_->port()) + "@example.com";
  const auto registered =
      post_json(url("/api/Accounts/register"),
                json::serialize(json::object{{"email", email},
                                             {"password", kTestPassword},
                                             {"repeatedPassword", kTestPassword},
                                             {"agreedToPrivacyPolicy", true}}));
  EXPECT_EQ(registered.status, 200) << registered.body;
  const auto login =
      post_json(url("/api/Accounts/login"),
                json::serialize(json::object{{"email", email}, {"password", kTestPassword}}));
  EXPECT_EQ(login.status, 200) << login.body;
  return {email, std::string(json::parse(login.body).at("accessToken").as_string())};
}

HttpResponse ShopServer::post(std::string_view path, const json::value& body,
                              const Customer& customer, RequestHeaders extra) {
  auto headers = customer.auth();
  headers.insert(headers.end(), extra.begin(), extra.end());
  return post_json(url(path), json::serialize(body), headers);
}

HttpResponse ShopServer::get(std::string_view path, const Customer& customer) {
  return testing::get(url(path), customer.auth());
}

std::vector<Sku> ShopServer::skus() {
  const auto response = testing::get(url("/api/offers?Currency=EUR&PageSize=96"));
  EXPECT_EQ(response.status, 200) << response.body;
  std::vector<Sku> found;
  const auto page = json::parse(response.body);
  for (const auto& item : page.at("items").as_array()) {
    const auto& offer = item.as_object();
    for (const auto& attribute : offer.at("attributes").as_array()) {
      found.push_back({.offer_id = offer.at("id").as_int64(),
                       .attribute_id = attribute.at("id").as_int64(),
                       .url_name = std::string(offer.at("urlName").as_string()),
                       .name = std::string(attribute.at("name").as_string()),
                       .licence = std::string(attribute.at("licence").as_string()),
                       .long_edge = static_cast<int>(attribute.at("longEdge").as_int64()),
                       .price_cents = attribute.at("price").at("minorUnits").as_int64()});
    }
  }
  return found;
}

Sku ShopServer::cheapest_regular() {
  auto all = skus();
  std::erase_if(all, [](const Sku& sku) { return sku.licence == "ExclusiveCommercial"; });
  EXPECT_FALSE(all.empty());
  return *std::ranges::min_element(all, {}, &Sku::price_cents);
}

std::vector<Sku> ShopServer::exclusives() {
  auto all = skus();
  std::erase_if(all, [](const Sku& sku) { return sku.licence != "ExclusiveCommercial"; });
  return all;
}

HttpResponse ShopServer::place_order(const Customer& customer, const std::vector<Sku>& cart,
                                     json::value gift_card_amount, bool by_balance,
                                     std::string currency, RequestHeaders extra) {
  return post("/api/orders",
              order_payload(cart, std::move(gift_card_amount), by_balance, std::move(currency)),
              customer, std::move(extra));
}

json::object ShopServer::fund(const Customer& customer, std::string_view amount) {
  const auto started =
      post("/api/balance/deposit", deposit_payload(json::string(amount)), customer);
  EXPECT_EQ(started.status, 200) << started.body;
  auto deposit = json::parse(started.body).at("deposit").as_object();
  const auto reference = std::string(deposit.at("reference").as_string());
  const auto minor = deposit.at("amount").at("minorUnits").as_int64();
  const auto delivered = deliver_paid_event("evt_fund_" + reference, reference, minor, "eur");
  EXPECT_EQ(delivered.status, 200) << delivered.body;
  return deposit;
}

void ShopServer::fund_cents(const Customer& customer, std::int64_t cents) {
  constexpr std::int64_t kMaxDeposit = 1000'00;
  while (cents > 0) {
    constexpr std::int64_t kMinDeposit = 5'00;
    const auto part = cents > kMaxDeposit ? std::min(kMaxDeposit, cents - kMinDeposit) : cents;
    fund(customer, decimal(part));
    cents -= part;
  }
}

HttpResponse ShopServer::deliver_paid_event(std::string_view event_id, std::string_view reference,
                                            std::int64_t amount_minor, std::string_view currency) {
  const json::object event{{"id", event_id},
                           {"object", "event"},
                           {"type", "checkout.session.completed"},
                           {"data",
                            {{"object",
                              {{"id", "cs_test_" + std::string(reference)},
                               {"object", "checkout.session"},
                               {"client_reference_id", reference},
                               {"payment_status", "paid"},
                               {"amount_total", amount_minor},
                               {"currency", currency}}}}}};
  const auto body = json::serialize(event);
  return deliver(body, payments::sign_webhook(kWebhookSecret, body, now_seconds()));
}

HttpResponse ShopServer::deliver(std::string_view body, std::string_view signature) {
  return request(
      "POST", url("/api/payments/webhook"), body,
      {{"Content-Type", "application/json"}, {"Stripe-Signature", std::string(signature)}});
}

std::int64_t ShopServer::balance(const Customer& customer, std::string_view currency) {
  const auto response = post("/api/balance", json::object{{"currency", currency}}, customer);
  EXPECT_EQ(response.status, 200) << response.body;
  if (response.status != 200) return -1;
  return json::parse(response.body).at("balance").at("minorUnits").as_int64();
}

json::object ShopServer::await_settled_order(const Customer& customer, std::int64_t order_id) {
  json::object order;
  const auto path = "/api/orders/" + std::to_string(order_id);
  eventually([&] {
    const auto response = get(path, customer);
    if (response.status != 200) return false;
    order = json::parse(response.body).as_object();
    return order.at("status").as_string() != "Pending";
  });
  return order;
}

ShopServer::LedgerTotals ShopServer::ledger_totals() const {
  const ReadOnlyDatabase db(data_.path() / "artshop.db");
  LedgerTotals totals;
  db.each(
      "SELECT coalesce(sum(CASE side WHEN 'Debit' THEN amount_micro_eur END), 0), "
      "coalesce(sum(CASE side WHEN 'Credit' THEN amount_micro_eur END), 0), count(*) "
      "FROM ledger_entries",
      [&](sqlite3_stmt* row) {
        totals.debits = sqlite3_column_int64(row, 0);
        totals.credits = sqlite3_column_int64(row, 1);
        totals.entries = sqlite3_column_int64(row, 2);
      });
  // A customer's balance after each of their entries, in the order they were written.
  std::map<std::int64_t, std::int64_t> running;
  db.each(
      "SELECT account_id, side, amount_micro_eur FROM ledger_entries "
      "WHERE account_kind = 'CustomerBalance' ORDER BY id",
      [&](sqlite3_stmt* row) {
        const auto account = sqlite3_column_int64(row, 0);
        const std::string side(reinterpret_cast<const char*>(sqlite3_column_text(row, 1)));
        const auto amount = sqlite3_column_int64(row, 2);
        auto& balance = running[account];
        balance += side == "Credit" ? amount : -amount;
        totals.lowest_customer_running_balance =
            std::min(totals.lowest_customer_running_balance, balance);
      });
  return totals;
}

std::int64_t ShopServer::count(std::string_view sql) const {
  const ReadOnlyDatabase db(data_.path() / "artshop.db");
  std::int64_t value = -1;
  db.each(sql, [&](sqlite3_stmt* row) { value = sqlite3_column_int64(row, 0); });
  return value;
}

std::string ShopServer::mail_to(const std::string& email, std::string_view text) const {
  std::string found;
  eventually([&] {
    const auto outbox = data_.path() / "outbox";
    if (!std::filesystem::exists(outbox)) return false;
    std::string newest_name;
    for (const auto& entry : std::filesystem::directory_iterator(outbox)) {
      if (entry.path().extension() != ".eml") continue;
      const auto content = read_text(entry.path());
      if (content.find("To: " + email) != std::string::npos &&
          content.find(text) != std::string::npos &&
          entry.path().filename().string() > newest_name) {
        newest_name = entry.path().filename().string();
        found = content;
      }
    }
    return !found.empty();
  });
  return found;
}

json::object deposit_payload(json::value amount, std::string currency) {
  return {{"firstName", "Ann"},
          {"lastName", "Example"},
          {"country", "DE"},
          {"state", ""},
          {"city", "Berlin"},
          {"address1", "Unter den Linden 1"},
          {"zipCode", "10117"},
          {"agreedToPP_TOS", true},
          {"depositAmount", std::move(amount)},
          {"currency", std::move(currency)},
          {"javascriptEnabled", true},
          {"acceptLanguage", "de-DE"},
          {"screenWidth", 1920},
          {"screenHeight", 1080},
          {"timeZoneOffset", -60},
          {"userAgent", "artshop api tests"}};
}

json::object order_payload(const std::vector<Sku>& cart, json::value gift_card_amount,
                           bool by_balance, std::string currency) {
  json::array items;
  for (const auto& sku : cart) {
    items.push_back({{"offerId", sku.offer_id}, {"offerAttributeId", sku.attribute_id}});
  }
  auto payload = deposit_payload(nullptr, std::move(currency));
  payload.erase("depositAmount");
  payload["cartItems"] = std::move(items);
  payload["giftCardAmount"] = std::move(gift_card_amount);
  payload["payByBalance"] = by_balance;
  return payload;
}

std::string decimal(std::int64_t cents) {
  const auto whole = std::to_string(cents / 100);
  const auto fraction = std::to_string(100 + cents % 100).substr(1);
  return whole + "." + fraction;
}

json::object parse_object(const HttpResponse& response) {
  return json::parse(response.body).as_object();
}

std::vector<std::string> field_errors(const HttpResponse& response, std::string_view field) {
  std::vector<std::string> messages;
  boost::system::error_code ec;
  const auto body = json::parse(response.body, ec);
  if (ec || !body.is_object()) return messages;
  const auto* errors = body.as_object().if_contains("errors");
  if (errors == nullptr || !errors->is_object()) return messages;
  if (const auto* list = errors->as_object().if_contains(field)) {
    for (const auto& message : list->as_array()) messages.emplace_back(message.as_string());
  }
  return messages;
}

std::optional<std::pair<int, int>> jpeg_size(std::string_view bytes) {
  const auto byte = [&](std::size_t at) { return static_cast<unsigned char>(bytes[at]); };
  if (bytes.size() < 4 || byte(0) != 0xFF || byte(1) != 0xD8) return std::nullopt;
  std::size_t at = 2;
  while (at + 4 <= bytes.size()) {
    if (byte(at) != 0xFF) return std::nullopt;
    const auto marker = byte(at + 1);
    if (marker == 0xFF) {  // fill byte
      ++at;
      continue;
    }
    const std::size_t length = (std::size_t{byte(at + 2)} << 8) | byte(at + 3);
    // SOF0..SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    const bool frame =
        marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    if (frame) {
      if (at + 9 > bytes.size()) return std::nullopt;
      const int height = (byte(at + 5) << 8) | byte(at + 6);
      const int width = (byte(at + 7) << 8) | byte(at + 8);
      return std::pair{width, height};
    }
    at += 2 + length;
  }
  return std::nullopt;
}

void in_parallel(int count, const std::function<void(int)>& work) {
  std::vector<std::thread> threads;
  threads.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) threads.emplace_back(work, i);
  for (auto& thread : threads) thread.join();
}

}  // namespace artshop::testing
