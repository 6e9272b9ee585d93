#include "shop.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <thread>

#include "artshop/core/accounts/shipped_common_passwords.hpp"
#include "artshop/crypto/hex.hpp"
#include "artshop/crypto/signing_key_file.hpp"
#include "artshop/mail/background_mailer.hpp"
#include "artshop/mail/outbox_mailer.hpp"
#include "artshop/mail/smtp_mailer.hpp"
#include "artshop/payments/stripe_gateway.hpp"
#include "artshop/rates/ecb_feed.hpp"
#include "artshop/sqlite/migrations.hpp"

namespace artshop::app {
namespace {

// Whether a URL names this machine: a loopback address or localhost.
bool is_local_url(std::string_view url) {
  for (const std::string_view prefix : {"http://127.", "https://127.", "http://localhost",
                                        "https://localhost", "http://[::1]", "https://[::1]"}) {
    if (url.starts_with(prefix)) return true;
  }
  return false;
}

crypto::JwtKey configured_key(std::string_view hex) {
  auto secret = crypto::from_hex(hex);
  if (!secret || secret->size() < crypto::JwtKeyring::kMinSecretBytes) {
    throw std::runtime_error("jwt signing keys must be the hex of at least 32 random bytes");
  }
  return {.kid = crypto::derive_key_id(*secret), .secret = std::move(*secret)};
}

crypto::JwtKeyring signing_keys(const Config& config, RandomSource& random) {
  auto signing = config.jwt_signing_key.empty()
                     ? crypto::load_or_create_signing_key(config.data_dir, random)
                     : configured_key(config.jwt_signing_key);
  std::vector<crypto::JwtKey> previous;
  for (const auto& hex : config.jwt_previous_keys) previous.push_back(configured_key(hex));
  return crypto::JwtKeyring(std::move(signing), std::move(previous));
}

std::unique_ptr<ExchangeRateSource> make_rate_source(const Config& config) {
  if (config.rates_source == Config::RatesSource::Ecb) {
    return std::make_unique<rates::EcbRateSource>(config.ecb_url, config.rates,
                                                  std::chrono::hours(config.ecb_refresh_hours));
  }
  return std::make_unique<rates::TableRateSource>(config.rates);
}

std::unique_ptr<Mailer> make_mailer(const Config& config) {
  std::unique_ptr<Mailer> transport;
  if (config.mail.transport == Config::Mail::Transport::Smtp) {
    transport = std::make_unique<mail::SmtpMailer>(config.mail.smtp);
    spdlog::info("mail goes through SMTP at {}:{}", config.mail.smtp.host, config.mail.smtp.port);
  } else {
    transport = std::make_unique<mail::OutboxMailer>(config.data_dir / "outbox", config.mail.from);
    spdlog::info("mail goes to the outbox folder {}", (config.data_dir / "outbox").string());
  }
  return std::make_unique<mail::BackgroundMailer>(std::move(transport));
}

// The sandbox's signing secret: configured, or generated once into the data folder.
std::string sandbox_secret(const Config& config, RandomSource& random) {
  if (!config.payments.webhook_secret.empty()) return config.payments.webhook_secret;
  return crypto::to_hex(
      crypto::load_or_create_secret_file(config.payments_webhook_key_file(), random));
}

// Renders run two at a time at most on a small machine: each takes up to ~250 MB.
int parallel_renders() {
  return static_cast<int>(std::clamp(std::thread::hardware_concurrency() / 2, 1U, 4U));
}

// The data folder exists before anything opens a file in it.
const Config& with_data_dir(const Config& config) {
  std::filesystem::create_directories(config.data_dir);
  return config;
}

}  // namespace

Shop::Shop(const Config& configuration)
    : config(with_data_dir(configuration)),
      password_work("passwords", config.password_pool.threads, config.password_pool.queue),
      render_work("rendering", config.render_pool.threads, config.render_pool.queue),
      // One connection per thread that may query, plus one so a readiness probe never waits.
      pool(config.database_file(),
           config.worker_threads + config.password_pool.threads + config.render_pool.threads + 1),
      transactions(pool),
      hasher(random, config.argon2),
      tokens(signing_keys(config, random), crypto::JwtSettings{}),
      mailer(make_mailer(config)),
      common_passwords(CommonPasswords::parse(shipped_common_passwords_text())),
      rate_source(make_rate_source(config)),
      public_media(config.media_dir()),
      originals(config.originals_dir()),
      public_url(config.public_url),
      issuer(tokens, digests, random),
      register_account(transactions, hasher, common_passwords, clock, config.limits),
      log_in(transactions, hasher, issuer, clock, config.limits),
      refresh_session(transactions, digests, issuer, clock),
      request_password_reset(transactions, password_services(), config.limits),
      reset_password(transactions, password_services()),
      change_password(transactions, password_services()),
      get_profile(transactions),
      update_profile(transactions),
      update_billing(transactions),
      authenticate(tokens, clock),
      browse_offers(transactions, *rate_source),
      latest_offers(transactions, *rate_source),
      get_offer(transactions, *rate_source),
      list_categories(transactions),
      seed_catalogue(transactions, generator, processor, public_media, clock),
      import_picture(transactions, processor, public_media, originals, clock),
      place_order(transactions, *rate_source, payments, random, digests, *mailer, clock),
      list_orders(transactions),
      get_order(transactions),
      get_balance(transactions, *rate_source),
      start_deposit(transactions, *rate_source, payments, random, clock),
      get_deposit(transactions),
      redeem_gift_card(transactions, digests, clock, config.limits),
      list_artworks(transactions),
      download_artwork(transactions, generator, processor, originals, parallel_renders()),
      handle_payment_event(transactions, random, digests, *mailer, clock),
      expire_unpaid_orders(transactions, clock),
      idempotency_keys(transactions, digests, clock) {
  if (config.payments.provider == Config::Payments::Provider::Stripe) {
    payments.install(std::make_unique<artshop::payments::StripeGateway>(
        artshop::payments::StripeOptions{.secret_key = config.payments.stripe_secret_key,
                                         .webhook_secret = config.payments.stripe_webhook_secret,
                                         .api_base = config.payments.stripe_api_base},
        clock));
    spdlog::info("payments go through Stripe at {}", config.payments.stripe_api_base);
  }
}

void Shop::listening_on(unsigned short port) {
  if (!config.public_url_configured) public_url = own_url(config.host, port);
  if (payments.installed()) return;
  const auto webhook_url = own_url(config.host, port) + "/api/payments/webhook";
  payments.install(std::make_unique<artshop::payments::SandboxGateway>(
      artshop::payments::SandboxOptions{.public_url = public_url,
                                        .webhook_url = webhook_url,
                                        .secret = sandbox_secret(config, random)},
      random, clock));
  spdlog::info("payments go through the built-in sandbox; its webhooks go to {}", webhook_url);
  if (config.public_url_configured && !is_local_url(public_url)) {
    spdlog::warn(
        "the sandbox payment provider lets anyone pay with its Pay button, and {} is not "
        "a local address: set payments.provider = stripe for a public shop",
        public_url);
  }
}

void Shop::housekeeping() {
  try {
    if (const auto expired = expire_unpaid_orders(); !expired) {
      spdlog::error("expiring unpaid orders failed: {}", expired.error().detail);
    } else if (expired->orders > 0 || expired->deposits > 0) {
      spdlog::info("{} unpaid order(s) and {} deposit(s) expired", expired->orders,
                   expired->deposits);
    }
    if (const auto pruned = idempotency_keys.prune(); !pruned) {
      spdlog::error("pruning idempotency keys failed: {}", pruned.error().detail);
    }
  } catch (const std::exception& e) {
    spdlog::error("housekeeping failed: {}", e.what());
  }
}

int Shop::migrate() {
  auto connection = pool.acquire();
  const auto report = sqlite::migrate(*connection, sqlite::artshop_schema());
  spdlog::info("database {} at schema version {} ({} migration(s) applied)",
               config.database_file().string(), report.to_version, report.applied.size());
  return report.to_version;
}

PasswordServices Shop::password_services() {
  return {.hasher = hasher,
          .digests = digests,
          .random = random,
          .mailer = *mailer,
          .common_passwords = common_passwords,
          .clock = clock,
          .shop_url = public_url};
}

http::Api Shop::api() {
  return {.rates = *rate_source,
          .accounts = {.register_account = register_account,
                       .log_in = log_in,
                       .refresh_session = refresh_session,
                       .request_password_reset = request_password_reset,
                       .reset_password = reset_password,
                       .change_password = change_password,
                       .get_profile = get_profile,
                       .update_profile = update_profile,
                       .update_billing = update_billing,
                       .authenticate = authenticate,
                       .password_work = password_work},
          .catalogue = {.browse_offers = browse_offers,
                        .latest_offers = latest_offers,
                        .get_offer = get_offer,
                        .list_categories = list_categories},
          .orders = {.authenticate = authenticate,
                     .place_order = place_order,
                     .list_orders = list_orders,
                     .get_order = get_order,
                     .get_balance = get_balance,
                     .start_deposit = start_deposit,
                     .get_deposit = get_deposit,
                     .redeem_gift_card = redeem_gift_card,
                     .list_artworks = list_artworks,
                     .download_artwork = download_artwork,
                     .render_work = render_work,
                     .handle_payment_event = handle_payment_event,
                     .idempotency_keys = idempotency_keys,
                     .payments = payments,
                     .clock = clock,
                     .public_url = public_url}};
}

}  // namespace artshop::app
