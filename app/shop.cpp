#include "shop.hpp"

#include <spdlog/spdlog.h>

#include "artshop/core/accounts/shipped_common_passwords.hpp"
#include "artshop/crypto/hex.hpp"
#include "artshop/crypto/signing_key_file.hpp"
#include "artshop/mail/background_mailer.hpp"
#include "artshop/mail/outbox_mailer.hpp"
#include "artshop/mail/smtp_mailer.hpp"
#include "artshop/rates/ecb_feed.hpp"
#include "artshop/sqlite/migrations.hpp"

namespace artshop::app {
namespace {

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

// The data folder exists before anything opens a file in it.
const Config& with_data_dir(const Config& config) {
  std::filesystem::create_directories(config.data_dir);
  return config;
}

}  // namespace

Shop::Shop(const Config& configuration)
    : config(with_data_dir(configuration)),
      // One connection per worker, plus one so a readiness probe never waits behind them.
      pool(config.database_file(), config.worker_threads + 1),
      transactions(pool),
      hasher(random, config.argon2),
      tokens(signing_keys(config, random), crypto::JwtSettings{}),
      mailer(make_mailer(config)),
      common_passwords(CommonPasswords::parse(shipped_common_passwords_text())),
      rate_source(make_rate_source(config)),
      public_media(config.media_dir()),
      originals(config.originals_dir()),
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
      import_picture(transactions, processor, public_media, originals, clock) {}

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
          .shop_url = config.public_url};
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
                       .authenticate = authenticate},
          .catalogue = {.browse_offers = browse_offers,
                        .latest_offers = latest_offers,
                        .get_offer = get_offer,
                        .list_categories = list_categories}};
}

}  // namespace artshop::app
