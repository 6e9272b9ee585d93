#pragma once

// Helpers of the order, balance and payment API tests: a shop on a seeded catalogue with a
// known webhook secret, customers, offers, payloads, signed webhooks, and read-only looks
// into the database and the outbox afterwards. The requests go through any front door (one
// server's port, or a load balancer before several servers), and the database looks work on
// SQLite and PostgreSQL alike.
#include <boost/json.hpp>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "artshop/sql/connection.hpp"
#include "support/eventually.hpp"
#include "support/http_client.hpp"
#include "support/server_process.hpp"
#include "support/temp_dir.hpp"

namespace artshop::testing {

namespace json = boost::json;

// What the tests sign the sandbox's webhooks with (ARTSHOP_PAYMENTS_WEBHOOK_SECRET).
inline constexpr std::string_view kWebhookSecret = "test-webhook-secret-0123456789-abcdefghij";
inline constexpr std::string_view kTestPassword = "purple otter lantern";

// A signed-in customer.
struct Customer {
  std::string email;
  std::string token;
  RequestHeaders auth() const { return {{"Authorization", "Bearer " + token}}; }
};

// One purchasable size of a catalogue offer, as GET /api/offers lists it (EUR prices).
struct Sku {
  std::int64_t offer_id = 0;
  std::int64_t attribute_id = 0;
  std::string url_name;
  std::string name;
  std::string licence;
  int long_edge = 0;
  std::int64_t price_cents = 0;
};

using Environment = std::vector<std::pair<std::string, std::string>>;

// A charge.refunded event of the payment `reference` as Stripe sends one (the sandbox too):
// `ours` is the refund's reference in its metadata, empty for a refund made in the provider's
// dashboard.
std::string charge_refunded_event(std::string_view event_id, std::string_view reference,
                                  std::int64_t amount_minor, std::string_view ours);
// The Stripe-Signature header of `body`, signed now with kWebhookSecret.
std::string webhook_signature(std::string_view body);

// What every test shop runs with: registrations unlimited (every test signs up from
// 127.0.0.1), four workers and, unless told otherwise, the test webhook secret.
Environment test_shop_environment(bool with_webhook_secret = true);

// SMTP without TLS to a sink on this machine (ARTSHOP_SMTP_*, tests/support/smtp_sink.hpp); a
// failed mail is tried again after a second.
Environment smtp_environment(unsigned short port);

// Opens a connection to the shop's database, for a look at what the requests left behind.
using DatabaseConnector = std::function<std::unique_ptr<sql::Connection>()>;
// The SQLite file a server keeps in its data folder.
DatabaseConnector sqlite_database(std::filesystem::path file);
// A PostgreSQL database that several servers share (postgresql://...).
DatabaseConnector postgres_database(std::string url);
// The database `server` runs on: its PostgreSQL database, or the SQLite file in its data folder.
DatabaseConnector database_of(const ServerProcess& server);

// A customer's view of the shop through one front door (`base_url`), and the tester's look into
// the database behind it.
class ShopClient {
 public:
  ShopClient(std::string base_url, DatabaseConnector database);

  std::string url(std::string_view path) const { return base_url_ + std::string(path); }

  // A fresh account, signed in.
  Customer sign_up();

  HttpResponse post(std::string_view path, const json::value& body, const Customer& customer,
                    RequestHeaders extra = {});
  HttpResponse get(std::string_view path, const Customer& customer);

  // Every size of every active offer; exclusives have licence "ExclusiveCommercial".
  std::vector<Sku> skus();
  // The cheapest regular (non-exclusive) size.
  Sku cheapest_regular();
  // The exclusive offers' single sizes.
  std::vector<Sku> exclusives();

  // POST /api/orders with a valid payload for the cart (gift card amount as given, in
  // major units of `currency`: a number, a string or null).
  HttpResponse place_order(const Customer& customer, const std::vector<Sku>& cart,
                           json::value gift_card_amount = nullptr, bool by_balance = false,
                           std::string currency = "EUR", RequestHeaders extra = {});

  // Credits `amount` ("25.00") EUR to the customer's balance: a deposit paid by a webhook
  // signed like the sandbox's. Answers the deposit's JSON.
  json::object fund(const Customer& customer, std::string_view amount);
  // Credits exactly `cents` EUR in deposits of at most 1000 EUR.
  void fund_cents(const Customer& customer, std::int64_t cents);

  // POSTs a signed checkout event for `reference` to the webhook; with a payment_intent, as
  // Stripe names the money it took.
  HttpResponse deliver_paid_event(std::string_view event_id, std::string_view reference,
                                  std::int64_t amount_minor, std::string_view currency,
                                  std::string_view payment_intent = {});
  HttpResponse deliver(std::string_view body, std::string_view signature);

  // The customer's balance as minor units of `currency`.
  std::int64_t balance(const Customer& customer, std::string_view currency = "EUR");

  // Polls GET /api/orders/{id} until its status is no longer Pending (or the deadline).
  json::object await_settled_order(const Customer& customer, std::int64_t order_id);

  // Sums over the whole ledger, read from the database (after the requests).
  struct LedgerTotals {
    std::int64_t debits = 0;
    std::int64_t credits = 0;
    std::int64_t lowest_customer_running_balance = 0;  // over every customer's entries in order
    std::int64_t entries = 0;
  };
  LedgerTotals ledger_totals() const;
  // The one integer `sql` answers, in the SQL both databases speak.
  std::int64_t count(std::string_view sql) const;
  // The one text `sql` answers ("" for no row).
  std::string text(std::string_view sql) const;

 private:
  std::string base_url_;
  DatabaseConnector database_;
};

namespace detail {
// The server of a ShopServer, started before the client half is made.
struct ShopProcess {
  ShopProcess(bool seeded, const Environment& extra_env, bool with_webhook_secret);
  TempDir data;
  std::unique_ptr<ServerProcess> server;
};
}  // namespace detail

// The artshop binary on a copy of the seeded test catalogue (or an empty shop) in SQLite, with
// the test webhook secret, generous registration limits and `extra_env`; the client talks to
// it directly.
class ShopServer : private detail::ShopProcess, public ShopClient {
 public:
  explicit ShopServer(bool seeded = true, const Environment& extra_env = {},
                      bool with_webhook_secret = true);

  ServerProcess& process() { return *server; }
  const std::filesystem::path& data_dir() const { return data.path(); }

  // The newest .eml in the outbox addressed to `email` that contains `text` ("" when none in
  // time).
  std::string mail_to(const std::string& email, std::string_view text) const;
};

// The payload of a deposit (SPEC.md section 3) of `amount` in `currency`.
json::object deposit_payload(json::value amount, std::string currency = "EUR");
// The payload of an order with a billing address, agreement and browser details.
json::object order_payload(const std::vector<Sku>& cart, json::value gift_card_amount,
                           bool by_balance, std::string currency);

// A series of the server's /metrics as a number, -1 when it has none.
double metric(const ServerProcess& server, std::string_view series);

// Euro cents as decimal text: 1250 -> "12.50".
std::string decimal(std::int64_t cents);

json::object parse_object(const HttpResponse& response);
std::vector<std::string> field_errors(const HttpResponse& response, std::string_view field);

// What one run of the artshop binary as a command printed and answered.
struct CommandRun {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};
// Runs `artshop ARGUMENTS` on the data folder `data_dir`, with `environment` put before the
// command as it stands ("NAME=value ").
CommandRun run_artshop(const std::filesystem::path& data_dir, const std::string& arguments,
                       const std::string& environment = "");

// The server's log after a start that was refused (ServerProcess's complaint), or "" when it
// started with `env`.
std::string refused_start(std::vector<std::pair<std::string, std::string>> env);

// The pixel size a JPEG declares in its start-of-frame segment; nullopt for anything else.
std::optional<std::pair<int, int>> jpeg_size(std::string_view bytes);

// Runs `work(i)` on `count` threads at once and waits for all of them; an exception a thread
// throws is a failure of the test.
void in_parallel(int count, const std::function<void(int)>& work);

}  // namespace artshop::testing
