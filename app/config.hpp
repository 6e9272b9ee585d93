#pragma once

#include <chrono>
#include <cstddef>
#include <expected>
#include <filesystem>
#include <string>
#include <vector>

#include "artshop/core/accounts/rate_limits.hpp"
#include "artshop/core/accounts/token_policy.hpp"
#include "artshop/core/exchange_rates.hpp"
#include "artshop/core/generation/generation_rules.hpp"
#include "artshop/core/mail/deliver_mail.hpp"
#include "artshop/core/orders/order_limits.hpp"
#include "artshop/crypto/argon2_password_hasher.hpp"
#include "artshop/http/client_address.hpp"
#include "artshop/mail/smtp_mailer.hpp"
#include "settings.hpp"

namespace artshop::app {

// Everything the executable is told, checked once at start. See artshop.example.conf.
struct Config {
  std::string host = "127.0.0.1";
  unsigned short port = 8080;
  std::filesystem::path data_dir = "data";
  // Empty: SQLite, the file artshop.db in data_dir. postgresql://user@host:port/database: a
  // PostgreSQL server several shop servers can share (docs/scale-out.md).
  std::string database_url;
  // The database's connections (database.* settings; docs/scale-out.md, "Pool sizing").
  struct DatabasePool {
    unsigned size = 0;  // 0: one per thread that may query, plus one for the readiness check
    // How long a call waits for a connection when all are lent; then it answers 503.
    std::chrono::milliseconds wait{5'000};
  } database_pool;
  std::filesystem::path static_dir = "frontend/dist";
  std::string log_level = "info";
  unsigned io_threads = 0;  // 0: one per core
  unsigned worker_threads = 4;
  std::size_t worker_queue = 256;  // API calls waiting for a worker; more are answered 503
  std::size_t max_connections = 10000;
  // A request must arrive whole within this time (slow clients cannot hold connections).
  int read_timeout_seconds = 30;
  // A bounded pool for one kind of expensive work, so it never queues in front of cheap calls.
  struct Pool {
    unsigned threads = 1;
    std::size_t queue = 16;  // tasks waiting for a thread; more are answered 503
  };
  // Argon2id: log in, sign up, reset, change. Two threads: one hash is about 30 ms of a core.
  // Argon2 and picture drawing run at the idle CPU priority (SCHED_IDLE): only on CPU time
  // that reads and ordinary calls leave (docs/architecture.md). false: as any other thread.
  bool idle_priority = true;
  Pool password_pool{.threads = 2, .queue = 64};
  Pool render_pool{.threads = 1, .queue = 8};      // artworks rendered at a bought size
  Pool generation_pool{.threads = 1, .queue = 4};  // images drawn on request
  Pool mail_pool{.threads = 1, .queue = 1000};     // mails: reset codes, notices, support
  // Listings and searches not answered before: a core each on a 2-core machine leaves the
  // I/O threads theirs; the queue holds what 32 busy connections send at once, and more.
  Pool search_pool{.threads = 2, .queue = 64};
  // Free images per UTC day and the price of each one past them (generation.* settings).
  GenerationRules generation;
  // Who draws the images (generation.provider and the settings of a remote service;
  // docs/generation.md).
  struct ImageGenerator {
    // "builtin" (the procedural generator, the default), "automatic1111" (a Stable Diffusion
    // WebUI started with --api) or "openai" (a server speaking OpenAI's image API).
    enum class Provider { Builtin, Automatic1111, OpenAi } provider = Provider::Builtin;
    std::string base_url;  // the service's address, without the API's path
    std::string api_key;   // sent as a bearer token when set
    std::string model;     // OpenAI's model name
    int timeout_seconds = 30;
  } image_generator;
  bool behind_tls = false;
  std::vector<std::string> cors_origins;
  ExchangeRates rates = ExchangeRates::defaults();
  // "table" (the rates above) or "ecb" (the ECB daily feed, the table for what it lacks).
  enum class RatesSource { Table, Ecb } rates_source = RatesSource::Table;
  std::string ecb_url = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml";
  int ecb_refresh_hours = 6;
  // When above 0, the refresh interval in seconds in place of ecb_refresh_hours (a feed that
  // changes more often than hourly, or a test's).
  int ecb_refresh_seconds = 0;
  std::chrono::seconds ecb_refresh() const {
    if (ecb_refresh_seconds > 0) return std::chrono::seconds(ecb_refresh_seconds);
    return std::chrono::hours(ecb_refresh_hours);
  }
  // Offers the first start seeds into an empty catalogue; 0 seeds nothing.
  int seed_offers = 132;
  // Seconds between runs of the periodic chores (expiring unpaid orders, retrying support mail).
  int housekeeping_seconds = 60;
  // The term of the seeding lease, renewed every third of it while a server seeds: when that
  // server dies, or its seeding fails, another of the shop's servers seeds within it.
  int seeding_lease_seconds = 60;
  // Where customers reach the shop, for links in mails and the payment provider's return
  // pages. Default: http://host:port (with the port the OS picked when port is 0).
  std::string public_url;
  bool public_url_configured = false;
  RateLimits limits = kDefaultRateLimits;
  // What one customer may have open at once: cart lines, unpaid orders and deposits, exclusive
  // pictures held (orders.* settings; docs/limits.md).
  OrderLimits orders;
  crypto::Argon2Parameters argon2;
  // Hex of 32 or more random bytes. Empty: a key generated into the data folder.
  std::string jwt_signing_key;
  // Earlier signing keys still accepted for verification while their tokens live.
  std::vector<std::string> jwt_previous_keys;
  // Seconds a rotated refresh token is still answered its successor (two tabs refreshing at
  // once); 0 turns the grace off, so that any second use revokes the login.
  int refresh_grace_seconds = static_cast<int>(kDefaultRefreshGrace.count());
  // The HMAC key reset codes are stored under: hex of 32 or more random bytes. Empty: a key
  // generated into <data_dir>/reset-codes.key.
  std::string reset_code_key;
  // The secret gift-card numbers are sealed and looked up with: hex of 32 or more random
  // bytes. Empty: generated into <data_dir>/gift-cards.key. Earlier ones still open the
  // numbers they sealed until the next start re-seals them.
  std::string gift_card_key;
  std::vector<std::string> gift_card_previous_keys;
  // The back office's sessions end after staff_session_idle seconds without a call, and
  // staff_session_max seconds after sign-in (docs/back-office.md).
  int staff_session_idle = 30 * 60;
  int staff_session_max = 12 * 60 * 60;
  // The key the staff's TOTP secrets are sealed under: hex of 32 or more random bytes. Empty:
  // generated into <data_dir>/staff-secrets.key.
  std::string staff_secret_key;
  // A balance adjustment worth more than this many euro cents needs an owner
  // (adjust_beyond_limit; docs/back-office.md, "Balance adjustments").
  std::int64_t adjustment_limit_eur_cents = 5000;
  // A refund worth more than this many euro cents (at the order's rate) needs an owner
  // (refund_beyond_limit; docs/back-office.md, "Configuration").
  std::int64_t refund_limit_eur_cents = 10'000;
  // Reverse proxies whose X-Forwarded-For is believed for the client address (empty: the TCP
  // peer is the client), and the IPv6 prefix length that is one client to the rate limits.
  http::ClientAddresses client_addresses;
  struct Mail {
    enum class Transport { Outbox, Smtp } transport = Transport::Outbox;
    std::string from = "Artshop <no-reply@artshop.local>";
    // Where notices of new support tickets go. Default: support@ the domain of `from`.
    std::string support_address = "support@artshop.local";
    mail::SmtpSettings smtp;
    // Retries and dead letters of the outbox (mail.max_attempts, mail.retry_seconds: the first
    // wait, doubled after each failure; mail.claim_seconds: how long a sender holds what it
    // took, so how soon the mails of a server that died are sent by another).
    MailDeliveryPolicy delivery;
    // How often the server holding the mail chore looks for due mails (mail.poll_milliseconds).
    std::chrono::milliseconds poll{1000};
  } mail;
  struct Payments {
    // "sandbox" (built in, the default) or "stripe" (Stripe Checkout Sessions).
    enum class Provider { Sandbox, Stripe } provider = Provider::Sandbox;
    // The sandbox's signing secret (32 or more characters). Empty: 32 random bytes generated
    // into <data_dir>/payments-webhook.key.
    std::string webhook_secret;
    std::string stripe_secret_key;      // sk_live_... / sk_test_...
    std::string stripe_webhook_secret;  // whsec_...
    std::string stripe_api_base = "https://api.stripe.com";
    // The sandbox's Pay button is free to anyone who reaches it: on an address other than this
    // machine's loopback the shop starts only with payments.provider = sandbox set explicitly
    // and this acknowledgment.
    bool sandbox_public_acknowledged = false;
    // Set when the sandbox serves an address others can reach (acknowledged): logged loudly.
    bool sandbox_exposed = false;
    // Sandbox webhooks waiting to be delivered at most; Pay and Decline past it are refused.
    std::size_t sandbox_webhook_queue = 1000;
  } payments;
  // Where pictures are kept (blob_store.* and s3.* settings; docs/scale-out.md): folders of
  // the data folder, or two prefixes of one bucket of an S3-compatible service that several
  // app servers share.
  struct Blobs {
    enum class Kind { Folder, S3 } kind = Kind::Folder;
    std::string endpoint;  // http(s)://host[:port], no path
    std::string region = "us-east-1";
    std::string bucket;
    std::string public_prefix = "media/";       // served under /media/
    std::string private_prefix = "originals/";  // never served
    std::string access_key_id;
    std::string secret_access_key;
    std::string session_token;  // temporary credentials only
    int timeout_seconds = 30;
    int max_attempts = 4;       // per request, the first included; retried on 5xx, 429, no answer
    int retry_base_ms = 100;    // the first retry's longest wait; doubles per retry
    int retry_cap_ms = 2000;    // the longest wait before any retry
    int idle_connections = 16;  // kept open between requests, per store
    int media_threads = 16;     // /media/ answers streamed from the bucket at once
  } blobs;
  Settings settings;  // the raw entries, for features that read their own keys

  std::filesystem::path database_file() const { return data_dir / "artshop.db"; }
  // Public pictures (thumbnails, previews), served under /media/.
  std::filesystem::path media_dir() const { return data_dir / "media"; }
  // Private originals of imported pictures: never served.
  std::filesystem::path originals_dir() const { return data_dir / "originals"; }
  std::filesystem::path reset_code_key_file() const { return data_dir / "reset-codes.key"; }
  std::filesystem::path gift_card_key_file() const { return data_dir / "gift-cards.key"; }
  std::filesystem::path staff_secret_key_file() const { return data_dir / "staff-secrets.key"; }
  // The sandbox payment provider's generated webhook secret.
  std::filesystem::path payments_webhook_key_file() const {
    return data_dir / "payments-webhook.key";
  }
};

// Reads the file (if given) and the environment. An error names the bad entry.
std::expected<Config, std::string> load_config(const std::filesystem::path& file,
                                               char** environment);

}  // namespace artshop::app
