#pragma once

#include <cstddef>
#include <expected>
#include <filesystem>
#include <string>
#include <vector>

#include "artshop/core/accounts/rate_limits.hpp"
#include "artshop/core/exchange_rates.hpp"
#include "artshop/crypto/argon2_password_hasher.hpp"
#include "artshop/mail/smtp_mailer.hpp"
#include "settings.hpp"

namespace artshop::app {

// Everything the executable is told, checked once at start. See artshop.example.conf.
struct Config {
  std::string host = "127.0.0.1";
  unsigned short port = 8080;
  std::filesystem::path data_dir = "data";
  std::filesystem::path static_dir = "frontend/dist";
  std::string log_level = "info";
  unsigned io_threads = 0;  // 0: one per core
  unsigned worker_threads = 4;
  std::size_t worker_queue = 256;  // API calls waiting for a worker; more are answered 503
  std::size_t max_connections = 10000;
  // A bounded pool for one kind of expensive work, so it never queues in front of cheap calls.
  struct Pool {
    unsigned threads = 1;
    std::size_t queue = 16;  // tasks waiting for a thread; more are answered 503
  };
  Pool password_pool{.threads = 1, .queue = 64};  // Argon2id: log in, sign up, reset, change
  Pool render_pool{.threads = 1, .queue = 8};     // artworks rendered at the bought size
  bool behind_tls = false;
  std::vector<std::string> cors_origins;
  ExchangeRates rates = ExchangeRates::defaults();
  // "table" (the rates above) or "ecb" (the ECB daily feed, the table for what it lacks).
  enum class RatesSource { Table, Ecb } rates_source = RatesSource::Table;
  std::string ecb_url = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-daily.xml";
  int ecb_refresh_hours = 6;
  // Offers the first start seeds into an empty catalogue; 0 seeds nothing.
  int seed_offers = 132;
  // Where customers reach the shop, for links in mails and the payment provider's return
  // pages. Default: http://host:port (with the port the OS picked when port is 0).
  std::string public_url;
  bool public_url_configured = false;
  RateLimits limits = kDefaultRateLimits;
  crypto::Argon2Parameters argon2;
  // Hex of 32 or more random bytes. Empty: a key generated into the data folder.
  std::string jwt_signing_key;
  // Earlier signing keys still accepted for verification while their tokens live.
  std::vector<std::string> jwt_previous_keys;
  struct Mail {
    enum class Transport { Outbox, Smtp } transport = Transport::Outbox;
    std::string from = "Artshop <no-reply@artshop.local>";
    std::string support_address = "support@artshop.local";
    mail::SmtpSettings smtp;
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
  } payments;
  Settings settings;  // the raw entries, for features that read their own keys

  std::filesystem::path database_file() const { return data_dir / "artshop.db"; }
  // Public pictures (thumbnails, previews), served under /media/.
  std::filesystem::path media_dir() const { return data_dir / "media"; }
  // Private originals of imported pictures: never served.
  std::filesystem::path originals_dir() const { return data_dir / "originals"; }
  // The sandbox payment provider's generated webhook secret.
  std::filesystem::path payments_webhook_key_file() const {
    return data_dir / "payments-webhook.key";
  }
};

// Reads the file (if given) and the environment. An error names the bad entry.
std::expected<Config, std::string> load_config(const std::filesystem::path& file,
                                               char** environment);

}  // namespace artshop::app
