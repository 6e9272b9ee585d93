#include "shop_api.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "artshop/payments/webhook_signature.hpp"
#include "artshop/postgres/connection.hpp"
#include "artshop/sqlite/connection.hpp"
#include "support/catalogue_fixture.hpp"

namespace artshop::testing {
namespace {

std::chrono::sys_seconds now_seconds() {
  return std::chrono::floor<std::chrono::seconds>(std::chrono::system_clock::now());
}

std::string read_text(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

CommandRun run_artshop(const std::filesystem::path& data_dir, const std::string& arguments,
                       const std::string& environment) {
  const auto command = environment + "ARTSHOP_DATA_DIR=" + data_dir.string() +
                       " ARTSHOP_LOG_LEVEL=warn " + ARTSHOP_BINARY + " " + arguments + " 2>&1";
  CommandRun run;
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  std::array<char, 512> buffer{};
  while (fgets(buffer.data(), buffer.size(), pipe.get()) != nullptr) run.output += buffer.data();
  const int status = pclose(pipe.release());
  run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return run;
}

Environment test_shop_environment(bool with_webhook_secret) {
  Environment env{{"ARTSHOP_LIMIT_REGISTRATIONS_PER_IP", "100000/1h"},
                  {"ARTSHOP_WORKER_THREADS", "4"}};
  if (with_webhook_secret) {
    env.emplace_back("ARTSHOP_PAYMENTS_WEBHOOK_SECRET", std::string(kWebhookSecret));
  }
  return env;
}

Environment smtp_environment(unsigned short port) {
  return {{"ARTSHOP_MAIL_TRANSPORT", "smtp"},          {"ARTSHOP_SMTP_HOST", "127.0.0.1"},
          {"ARTSHOP_SMTP_PORT", std::to_string(port)}, {"ARTSHOP_SMTP_TLS", "none"},
          {"ARTSHOP_SMTP_TIMEOUT_SECONDS", "5"},       {"ARTSHOP_MAIL_RETRY_SECONDS", "1"}};
}

DatabaseConnector sqlite_database(std::filesystem::path file) {
  return [file = std::move(file)] { return std::make_unique<sqlite::Connection>(file); };
}

DatabaseConnector postgres_database(std::string url) {
  return [url = std::move(url)] { return std::make_unique<postgres::Connection>(url); };
}

DatabaseConnector database_of(const ServerProcess& server) {
  if (!server.database_url().empty()) return postgres_database(server.database_url());
  return sqlite_database(server.data_dir() / "artshop.db");
}

ShopClient::ShopClient(std::string base_url, DatabaseConnector database)
    : base_url_(std::move(base_url)), database_(std::move(database)) {}

Customer ShopClient::sign_up() {
  static std::atomic<int> counter{0};
  const auto email = "buyer" + std::to_string(++counter) + "@example.com";
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

HttpResponse ShopClient::post(std::string_view path, const json::value& body,
                              const Customer& customer, RequestHeaders extra) {
  auto headers = customer.auth();
  headers.insert(headers.end(), extra.begin(), extra.end());
  return post_json(url(path), json::serialize(body), headers);
}

HttpResponse ShopClient::get(std::string_view path, const Customer& customer) {
  return testing::get(url(path), customer.auth());
}

std::vector<Sku> ShopClient::skus() {
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

Sku ShopClient::cheapest_regular() {
  auto all = skus();
  std::erase_if(all, [](const Sku& sku) { return sku.licence == "ExclusiveCommercial"; });
  EXPECT_FALSE(all.empty());
  return *std::ranges::min_element(all, {}, &Sku::price_cents);
}

std::vector<Sku> ShopClient::exclusives() {
  auto all = skus();
  std::erase_if(all, [](const Sku& sku) { return sku.licence != "ExclusiveCommercial"; });
  return all;
}

HttpResponse ShopClient::place_order(const Customer& customer, const std::vector<Sku>& cart,
                                     json::value gift_card_amount, bool by_balance,
                                     std::string currency, RequestHeaders extra) {
  return post("/api/orders",
              order_payload(cart, std::move(gift_card_amount), by_balance, std::move(currency)),
              customer, std::move(extra));
}

json::object ShopClient::fund(const Customer& customer, std::string_view amount) {
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

void ShopClient::fund_cents(const Customer& customer, std::int64_t cents) {
  constexpr std::int64_t kMaxDeposit = 1000'00;
  while (cents > 0) {
    constexpr std::int64_t kMinDeposit = 5'00;
    const auto part = cents > kMaxDeposit ? std::min(kMaxDeposit, cents - kMinDeposit) : cents;
    fund(customer, decimal(part));
    cents -= part;
  }
}

HttpResponse ShopClient::deliver_paid_event(std::string_view event_id, std::string_view reference,
                                            std::int64_t amount_minor, std::string_view currency,
                                            std::string_view payment_intent) {
  json::object event{{"id", event_id},
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
  if (!payment_intent.empty()) {
    event["data"].as_object()["object"].as_object()["payment_intent"] = payment_intent;
  }
  const auto body = json::serialize(event);
  return deliver(body, webhook_signature(body));
}

std::string charge_refunded_event(std::string_view event_id, std::string_view reference,
                                  std::int64_t amount_minor, std::string_view ours) {
  json::object metadata;
  if (!ours.empty()) metadata["reference"] = ours;
  const json::object refund{{"id", "re_" + std::string(event_id)},
                            {"object", "refund"},
                            {"amount", amount_minor},
                            {"currency", "eur"},
                            {"metadata", metadata}};
  const json::object event{
      {"id", event_id},
      {"object", "event"},
      {"type", "charge.refunded"},
      {"data",
       {{"object",
         {{"id", "ch_" + std::string(reference)},
          {"object", "charge"},
          {"amount_refunded", amount_minor},
          {"currency", "eur"},
          {"metadata", {{"reference", reference}}},
          {"refunds", {{"object", "list"}, {"data", json::array{refund}}}}}}}}};
  return json::serialize(event);
}

std::string webhook_signature(std::string_view body) {
  return payments::sign_webhook(kWebhookSecret, body, now_seconds());
}

HttpResponse ShopClient::deliver(std::string_view body, std::string_view signature) {
  return request(
      "POST", url("/api/payments/webhook"), body,
      {{"Content-Type", "application/json"}, {"Stripe-Signature", std::string(signature)}});
}

std::int64_t ShopClient::balance(const Customer& customer, std::string_view currency) {
  const auto response = post("/api/balance", json::object{{"currency", currency}}, customer);
  EXPECT_EQ(response.status, 200) << response.body;
  if (response.status != 200) return -1;
  return json::parse(response.body).at("balance").at("minorUnits").as_int64();
}

json::object ShopClient::await_settled_order(const Customer& customer, std::int64_t order_id) {
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

ShopClient::LedgerTotals ShopClient::ledger_totals() const {
  const auto db = database_();
  LedgerTotals totals;
  auto sums = db->prepare(
      "SELECT coalesce(sum(CASE side WHEN 'Debit' THEN amount_micro_eur END), 0), "
      "coalesce(sum(CASE side WHEN 'Credit' THEN amount_micro_eur END), 0), count(*) "
      "FROM ledger_entries");
  if (sums.step()) {
    totals.debits = sums.column_int(0);
    totals.credits = sums.column_int(1);
    totals.entries = sums.column_int(2);
  }
  // A customer's balance after each of their entries, in the order they were written (ids
  // are taken in that order: an entry that relied on another's credit came after it).
  std::map<std::int64_t, std::int64_t> running;
  auto entries = db->prepare(
      "SELECT account_id, side, amount_micro_eur FROM ledger_entries "
      "WHERE account_kind = 'CustomerBalance' ORDER BY id");
  while (entries.step()) {
    auto& balance = running[entries.column_int(0)];
    balance += entries.column_text(1) == "Credit" ? entries.column_int(2) : -entries.column_int(2);
    totals.lowest_customer_running_balance =
        std::min(totals.lowest_customer_running_balance, balance);
  }
  return totals;
}

std::int64_t ShopClient::count(std::string_view sql) const {
  const auto db = database_();
  auto row = db->prepare(sql);
  return row.step() ? row.column_int(0) : -1;
}

std::string ShopClient::text(std::string_view sql) const {
  const auto db = database_();
  auto row = db->prepare(sql);
  return row.step() ? row.column_text(0) : std::string();
}

detail::ShopProcess::ShopProcess(bool seeded, const Environment& extra_env,
                                 bool with_webhook_secret) {
  if (seeded) copy_seeded_catalogue(data.path());
  auto env = test_shop_environment(with_webhook_secret);
  env.emplace_back("ARTSHOP_DATA_DIR", data.path().string());
  env.insert(env.end(), extra_env.begin(), extra_env.end());
  server = std::make_unique<ServerProcess>(ServerProcessOptions{.env = std::move(env)});
}

ShopServer::ShopServer(bool seeded, const Environment& extra_env, bool with_webhook_secret)
    : ShopProcess(seeded, extra_env, with_webhook_secret),
      ShopClient(server->base_url(), database_of(*server)) {
  if (seeded) {
    // The catalogue is already seeded, so the server is ready at once.
    EXPECT_TRUE(eventually([&] { return testing::get(url("/readyz")).status == 200; }));
  }
}

std::string ShopServer::mail_to(const std::string& email, std::string_view text) const {
  std::string found;
  eventually([&] {
    const auto outbox = data.path() / "outbox";
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

double metric(const ServerProcess& server, std::string_view series) {
  const auto metrics = get(server.url("/metrics")).body;
  std::string line = "\n";
  line.append(series).append(" ");
  const auto at = metrics.find(line);
  return at == std::string::npos ? -1 : std::stod(metrics.substr(at + line.size()));
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

std::string refused_start(std::vector<std::pair<std::string, std::string>> env) {
  try {
    ServerProcess server({.env = std::move(env)});
  } catch (const std::runtime_error& error) {
    return error.what();
  }
  return "";
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
  for (int i = 0; i < count; ++i) {
    // A helper that throws (an answer without the expected field) fails the test. Uncaught on a
    // thread it would abort the process, leaving the helper servers it started running.
    threads.emplace_back([&work, i] {
      try {
        work(i);
      } catch (const std::exception& error) {
        ADD_FAILURE() << "thread " << i << " threw: " << error.what();
      }
    });
  }
  for (auto& thread : threads) thread.join();
}

}  // namespace artshop::testing
