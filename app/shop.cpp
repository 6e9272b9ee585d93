#include "shop.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <thread>

#include "artshop/core/accounts/shipped_common_passwords.hpp"
#include "artshop/crypto/hex.hpp"
#include "artshop/crypto/signing_key_file.hpp"
#include "artshop/mail/outbox_mailer.hpp"
#include "artshop/mail/smtp_mailer.hpp"
#include "artshop/payments/stripe_gateway.hpp"
#include "artshop/rates/ecb_feed.hpp"

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
  previous.reserve(config.jwt_previous_keys.size());
  for (const auto& hex : config.jwt_previous_keys) previous.push_back(configured_key(hex));
  return crypto::JwtKeyring(std::move(signing), std::move(previous));
}

// An installation secret given as hex in the configuration entry `name`.
std::vector<std::byte> configured_secret(std::string_view hex, std::string_view name) {
  auto secret = crypto::from_hex(hex);
  if (!secret || secret->size() < crypto::JwtKeyring::kMinSecretBytes) {
    throw std::runtime_error(std::string(name) + " must be the hex of at least 32 random bytes");
  }
  return std::move(*secret);
}

// Configured, or generated once into `file` (owner-only) and read back on later starts.
std::vector<std::byte> installation_secret(std::string_view hex, std::string_view name,
                                           const std::filesystem::path& file,
                                           RandomSource& random) {
  return hex.empty() ? crypto::load_or_create_secret_file(file, random)
                     : configured_secret(hex, name);
}

crypto::AesGcmGiftCardNumberCipher make_gift_card_cipher(const Config& config,
                                                         const crypto::GiftCardKeys& current,
                                                         RandomSource& random) {
  std::vector<crypto::CipherKey> previous;
  previous.reserve(config.gift_card_previous_keys.size());
  for (const auto& hex : config.gift_card_previous_keys) {
    previous.push_back(
        crypto::derive_gift_card_keys(configured_secret(hex, "gift_card_previous_keys")).cipher);
  }
  return {current.cipher, std::move(previous), random};
}

// The configured table, or the ECB's rates fetched by one server and shared through the
// database (SharedRateSource).
std::unique_ptr<ExchangeRateSource> make_rate_source(const Config& config,
                                                     SharedRateSource::Ports transactions,
                                                     ChoreLeases& chores, const Clock& clock) {
  if (config.rates_source == Config::RatesSource::Ecb) {
    return std::make_unique<SharedRateSource>(
        std::move(transactions), chores, clock,
        [url = config.ecb_url, table = config.rates]() -> std::optional<ExchangeRates> {
          const auto fetched =
              rates::fetch_ecb_rates(url, table, rates::EcbRateSource::fetch_with_curl);
          if (!fetched) return std::nullopt;
          return fetched->rates;
        },
        config.rates, config.ecb_refresh());
  }
  return std::make_unique<rates::TableRateSource>(config.rates);
}

std::unique_ptr<Mailer> make_transport(const Config& config) {
  if (config.mail.transport == Config::Mail::Transport::Smtp) {
    spdlog::info("mail goes through SMTP at {}:{}", config.mail.smtp.host, config.mail.smtp.port);
    return std::make_unique<mail::SmtpMailer>(config.mail.smtp);
  }
  spdlog::info("mail goes to the outbox folder {}", (config.data_dir / "outbox").string());
  return std::make_unique<mail::OutboxMailer>(config.data_dir / "outbox", config.mail.from);
}

// A dead letter is an error the operator must see: the log says who did not get what.
void log_dead_letter(const OutboxMail& mail, const std::string& error) {
  spdlog::error("mail to {} given up after {} tries (a dead letter): {}: {}", mail.message.to,
                mail.attempts + 1, mail.message.subject, error);
}

// The sandbox's signing secret: configured, or generated once into the data folder.
std::string sandbox_secret(const Config& config, RandomSource& random) {
  if (!config.payments.webhook_secret.empty()) return config.payments.webhook_secret;
  return crypto::to_hex(
      crypto::load_or_create_secret_file(config.payments_webhook_key_file(), random));
}

// This process among every server of the shop: host, pid and a random part (a pid is reused
// after a restart), so that a lease it held before it died is never taken for its own.
std::string server_name(RandomSource& random) {
  std::array<char, 256> host{};
  if (::gethostname(host.data(), host.size() - 1) != 0) host[0] = '\0';
  std::array<std::byte, 6> nonce{};
  random.fill(nonce);
  return fmt::format("{}:{}:{}", host.data(), ::getpid(), crypto::to_hex(nonce));
}

// The data folder exists before anything opens a file in it.
const Config& with_data_dir(const Config& config) {
  std::filesystem::create_directories(config.data_dir);
  return config;
}

concurrency::BoundedThreadPool::Priority computation_priority(const Config& config) {
  return config.idle_priority ? concurrency::BoundedThreadPool::Priority::Idle
                              : concurrency::BoundedThreadPool::Priority::Normal;
}

// database.pool_size, or by default one connection per thread that may query, plus one so a
// readiness probe never waits.
std::size_t database_pool_size(const Config& config) {
  if (config.database_pool.size > 0) return config.database_pool.size;
  return config.worker_threads + config.password_pool.threads + config.render_pool.threads +
         config.generation_pool.threads + config.mail_pool.threads + 1;
}

unsigned cores() {
  return std::max(1U, std::thread::hardware_concurrency());
}

}  // namespace

Shop::Shop(const Config& configuration)
    : config(with_data_dir(configuration)),
      password_work("passwords", config.password_pool.threads, config.password_pool.queue),
      render_work("rendering", config.render_pool.threads, config.render_pool.queue),
      generation_work("generation", config.generation_pool.threads, config.generation_pool.queue),
      mail_work("mail", config.mail_pool.threads, config.mail_pool.queue),
      seeding_work("seeding", cores(), static_cast<std::size_t>(kDefaultSeedOffers)),
      // Each thread waiting on these waits for one task at a time: room for all of them.
      hashing_work("hashing", config.password_pool.threads, config.password_pool.threads,
                   computation_priority(config)),
      drawing_work("drawing", cores(),
                   cores() + config.render_pool.threads + config.generation_pool.threads,
                   computation_priority(config)),
      successor_sealer(random),
      reset_code_digests(installation_secret(config.reset_code_key, "reset_code_key",
                                             config.reset_code_key_file(), random)),
      gift_card_keys(crypto::derive_gift_card_keys(installation_secret(
          config.gift_card_key, "gift_card_key", config.gift_card_key_file(), random))),
      gift_card_cipher(make_gift_card_cipher(config, gift_card_keys, random)),
      gift_card_digests(gift_card_keys.lookup),
      database(open_database(config, database_pool_size(config), gift_card_cipher)),
      transactions(database->transactions(), [this] { mail_chore.nudge(); }),
      catalogue(database->catalogue()),
      argon2(random, config.argon2),
      hasher(argon2, hashing_work),
      credentials(hasher, text),
      tokens(signing_keys(config, random), crypto::JwtSettings{}),
      mail_transport(make_transport(config)),
      common_passwords(CommonPasswords::parse(shipped_common_passwords_text())),
      rate_source(make_rate_source(config, narrow<SettingRepository>(transactions), chores, clock)),
      shared_rates(dynamic_cast<SharedRateSource*>(rate_source.get())),
      generator(procedural, drawing_work),
      shopper_service(make_image_generator(config.image_generator, processor)),
      shopper_generator(*shopper_service, drawing_work),
      public_media(make_blob_store(config, BlobVisibility::Public)),
      originals(make_blob_store(config, BlobVisibility::Private)),
      public_url(config.public_url),
      chores(narrow<LeaseRepository>(transactions), clock, server_name(random)),
      deliver_mail(narrow<MailOutbox>(transactions), *mail_transport, clock, config.mail.delivery,
                   log_dead_letter),
      mail_chore(deliver_mail, chores, mail_work, mail_metrics),
      issuer(tokens, digests, random),
      register_account(narrow<AccountRepository, RateLimitRepository>(transactions), credentials,
                       common_passwords, clock, config.limits),
      log_in(narrow<AccountRepository, RefreshTokenRepository, RateLimitRepository>(transactions),
             credentials, issuer, clock, config.limits),
      refresh_session(narrow<RefreshTokenRepository>(transactions), digests, successor_sealer,
                      issuer, clock, std::chrono::seconds(config.refresh_grace_seconds)),
      log_out(narrow<RefreshTokenRepository>(transactions), digests, clock),
      request_password_reset(
          narrow<AccountRepository, ResetCodeRepository, RateLimitRepository, MailOutbox>(
              transactions),
          password_services(), config.limits),
      reset_password(narrow<AccountRepository, ResetCodeRepository, RefreshTokenRepository,
                            RateLimitRepository, MailOutbox>(transactions),
                     password_services(), config.limits),
      change_password(
          narrow<AccountRepository, RefreshTokenRepository, RateLimitRepository, MailOutbox>(
              transactions),
          password_services(), config.limits),
      get_profile(narrow<AccountRepository>(transactions)),
      update_profile(narrow<AccountRepository>(transactions)),
      update_billing(narrow<AccountRepository>(transactions)),
      authenticate(tokens, clock, narrow<RefreshTokenRepository>(transactions)),
      browse_offers(catalogue, *rate_source),
      latest_offers(catalogue, *rate_source),
      get_offer(catalogue, *rate_source),
      list_categories(narrow<OfferRepository>(transactions)),
      seed_catalogue(narrow<OfferRepository, SettingRepository>(transactions), generator, processor,
                     *public_media, clock, seeding_work),
      import_picture(narrow<OfferRepository>(transactions), processor, *public_media, *originals,
                     clock),
      place_order(
          narrow<AccountRepository, OfferRepository, PaymentRepository, OrderRepository, Ledger,
                 ArtworkRepository, GiftCardRepository, IdempotencyRepository, MailOutbox>(
              transactions),
          *rate_source, payments, random, gift_card_digests, clock, config.orders),
      list_orders(narrow<OrderRepository, GiftCardRepository>(transactions)),
      get_order(narrow<OrderRepository, GiftCardRepository>(transactions)),
      get_balance(narrow<Ledger>(transactions), *rate_source),
      start_deposit(
          narrow<AccountRepository, PaymentRepository, IdempotencyRepository>(transactions),
          *rate_source, payments, random, clock, config.orders),
      get_deposit(narrow<PaymentRepository>(transactions)),
      redeem_gift_card(
          narrow<GiftCardRepository, Ledger, RateLimitRepository, IdempotencyRepository>(
              transactions),
          gift_card_digests, clock, config.limits),
      list_artworks(narrow<ArtworkRepository, OfferRepository>(transactions)),
      download_artwork(narrow<ArtworkRepository, OfferRepository>(transactions), generator,
                       processor, *originals),
      handle_payment_event(
          narrow<PaymentEventRepository, PaymentRepository, OrderRepository, AccountRepository,
                 ArtworkRepository, OfferRepository, GiftCardRepository, Ledger, MailOutbox>(
              transactions),
          random, gift_card_digests, clock),
      receive_payment_webhook(payments, handle_payment_event, clock),
      expire_unpaid_orders(narrow<PaymentRepository, OrderRepository>(transactions), clock),
      idempotency_keys(narrow<IdempotencyRepository>(transactions), digests, clock),
      generate_images(narrow<GeneratedImageRepository, Ledger>(transactions), shopper_generator,
                      processor, *originals, random, clock, config.generation),
      list_generated_images(narrow<GeneratedImageRepository>(transactions)),
      get_generation_allowance(narrow<GeneratedImageRepository>(transactions), clock,
                               config.generation),
      download_generated_image(narrow<GeneratedImageRepository>(transactions), *originals),
      create_support_ticket(
          narrow<SupportTicketRepository, RateLimitRepository, MailOutbox>(transactions), random,
          support_mailing(), clock, config.limits),
      queue_unsent_mail(narrow<SupportTicketRepository, MailOutbox>(transactions),
                        support_mailing(), clock) {
  if (config.payments.provider == Config::Payments::Provider::Stripe) {
    payments.install(std::make_unique<artshop::payments::StripeGateway>(
        artshop::payments::StripeOptions{.secret_key = config.payments.stripe_secret_key,
                                         .webhook_secret = config.payments.stripe_webhook_secret,
                                         .api_base = config.payments.stripe_api_base},
        clock));
    spdlog::info("payments go through Stripe at {}", config.payments.stripe_api_base);
  }
}

Shop::~Shop() {
  mail_work.stop();
  mail_work.join();
}

void Shop::listening_on(unsigned short port) {
  if (!config.public_url_configured) public_url = own_url(config.host, port);
  if (payments.installed()) return;
  const auto webhook_url = own_url(config.host, port) + "/api/payments/webhook";
  payments.install(std::make_unique<artshop::payments::SandboxGateway>(
      artshop::payments::SandboxOptions{
          .public_url = public_url,
          .webhook_url = webhook_url,
          .secret = sandbox_secret(config, random),
          .max_queued_webhooks = config.payments.sandbox_webhook_queue},
      random, clock));
  spdlog::info("payments go through the built-in sandbox; its webhooks go to {}", webhook_url);
  if (config.payments.sandbox_exposed) {
    spdlog::warn(
        "Test payments: no money moves. The built-in sandbox is reachable from other machines "
        "(listening on {}, public_url {}) and anyone there may press its Pay button, as "
        "payments.sandbox_public_acknowledged = true allows. Use payments.provider = stripe to "
        "take real payments",
        config.host, public_url);
  }
}

void Shop::housekeeping() {
  try {
    // One server of the shop does it; the others skip. The term is one period, so the holder
    // renews it each time, and another takes over within a period of its stopping.
    if (!chores.take("housekeeping", std::chrono::seconds(config.housekeeping_seconds))) return;
    if (const auto expired = expire_unpaid_orders(); !expired) {
      spdlog::error("expiring unpaid orders failed: {}", expired.error().detail);
    } else if (expired->orders > 0 || expired->deposits > 0) {
      spdlog::info("{} unpaid order(s) and {} deposit(s) expired", expired->orders,
                   expired->deposits);
    }
    if (const auto pruned = idempotency_keys.prune(); !pruned) {
      spdlog::error("pruning idempotency keys failed: {}", pruned.error().detail);
    }
    if (const auto forgotten = refresh_session.forget_spent_successors(); !forgotten) {
      spdlog::error("forgetting refresh successors failed: {}", forgotten.error().detail);
    }
  } catch (const std::exception& e) {
    spdlog::error("housekeeping failed: {}", e.what());
  }
}

void Shop::queue_unsent_support_mail() {
  try {
    if (const auto queued = queue_unsent_mail(); !queued) {
      spdlog::error("queueing the unsent support mails failed: {}", queued.error().detail);
    } else if (*queued > 0) {
      spdlog::info("{} support mail(s) stored before the mail outbox queued in it", *queued);
    }
  } catch (const std::exception& e) {
    spdlog::error("queueing the unsent support mails failed: {}", e.what());
  }
}

int Shop::migrate() {
  return database->migrate(gift_card_cipher, gift_card_digests, text);
}

PasswordServices Shop::password_services() {
  return {.credentials = credentials,
          .reset_code_digests = reset_code_digests,
          .random = random,
          .common_passwords = common_passwords,
          .clock = clock,
          .shop_url = public_url};
}

SupportMailing Shop::support_mailing() {
  return {.support_address = config.mail.support_address, .shop_url = public_url};
}

http::Api Shop::api() {
  return {.rates = *rate_source,
          .client_addresses = config.client_addresses,
          .accounts = {.register_account = register_account,
                       .log_in = log_in,
                       .refresh_session = refresh_session,
                       .log_out = log_out,
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
                        .list_categories = list_categories,
                        .executor = &catalogue_work},
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
                     .receive_payment_webhook = receive_payment_webhook,
                     .idempotency_keys = idempotency_keys,
                     .public_url = public_url},
          .support = {.authenticate = authenticate, .create_ticket = create_support_ticket},
          .generation = {.authenticate = authenticate,
                         .generate_images = generate_images,
                         .list_generated_images = list_generated_images,
                         .get_generation_allowance = get_generation_allowance,
                         .download_generated_image = download_generated_image,
                         .executor = generation_work,
                         .generator = config.image_generator.provider ==
                                              Config::ImageGenerator::Provider::Builtin
                                          ? "built-in"
                                          : "remote"}};
}

}  // namespace artshop::app
