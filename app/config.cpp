#include "config.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <optional>
#include <stdexcept>
#include <thread>
#include <tuple>

#include "artshop/core/backoffice/customer_desk.hpp"
#include "artshop/core/catalogue/seed_plan.hpp"
#include "artshop/payments/loopback.hpp"
#include "artshop/rates/table_rates.hpp"

namespace artshop::app {
namespace {

constexpr auto kKeys = std::to_array<std::string_view>({
    "host",
    "port",
    "data_dir",
    "database_url",
    "database.pool_size",
    "database.pool_wait_milliseconds",
    "static_dir",
    "log_level",
    "io_threads",
    "worker_threads",
    "worker_queue",
    "max_connections",
    "read_timeout_seconds",
    "passwords.threads",
    "passwords.queue",
    "rendering.threads",
    "rendering.queue",
    "generation.threads",
    "generation.queue",
    "search.threads",
    "search.queue",
    "generation.free_per_day",
    "generation.price_eur_cents",
    "generation.provider",
    "generation.base_url",
    "generation.api_key",
    "generation.model",
    "generation.timeout_seconds",
    "behind_tls",
    "idle_priority",
    "cors_origins",
    "public_url",
    "jwt_signing_key",
    "jwt_previous_keys",
    "auth.refresh_grace_seconds",
    "reset_code_key",
    "gift_card_key",
    "gift_card_previous_keys",
    "staff_session_idle",
    "staff_session_max",
    "staff_secret_key",
    "adjustment_limit_eur_cents",
    "refund_limit_eur_cents",
    "trusted_proxies",
    "rates_source",
    "ecb_url",
    "ecb_refresh_hours",
    "ecb_refresh_seconds",
    "seed_offers",
    "housekeeping_seconds",
    "seeding_lease_seconds",
    "payments.provider",
    "payments.webhook_secret",
    "payments.sandbox_public_acknowledged",
    "payments.sandbox_webhook_queue",
    "orders.max_cart_lines",
    "orders.max_pending_orders",
    "orders.max_pending_deposits",
    "orders.max_reserved_exclusives",
    "stripe.secret_key",
    "stripe.webhook_secret",
    "stripe.api_base",
    "blob_store.kind",
    "s3.endpoint",
    "s3.region",
    "s3.bucket",
    "s3.public_prefix",
    "s3.private_prefix",
    "s3.access_key_id",
    "s3.secret_access_key",
    "s3.session_token",
    "s3.timeout_seconds",
    "s3.max_attempts",
    "s3.retry_base_ms",
    "s3.retry_cap_ms",
    "s3.idle_connections",
    "s3.media_threads",
});
constexpr auto kPrefixes =
    std::to_array<std::string_view>({"rate.", "limit.", "smtp.", "mail.", "argon2."});

// How many leading bits of an IPv6 address the rate limits count as one client.
constexpr std::string_view kIpv6PrefixKey = "limit.ipv6_prefix_length";

// "10/15m": at most 10 events in 15 minutes. Units s, m, h, d.
std::optional<RateLimitPolicy> parse_rate_limit(std::string_view text) {
  const auto slash = text.find('/');
  if (slash == std::string_view::npos || text.size() < slash + 3) return std::nullopt;
  int limit = 0;
  long long amount = 0;
  const auto count = text.substr(0, slash);
  const auto window = text.substr(slash + 1, text.size() - slash - 2);
  if (std::from_chars(count.data(), count.data() + count.size(), limit).ptr !=
          count.data() + count.size() ||
      std::from_chars(window.data(), window.data() + window.size(), amount).ptr !=
          window.data() + window.size() ||
      limit < 1 || amount < 1) {
    return std::nullopt;
  }
  switch (text.back()) {
    case 's':
      return RateLimitPolicy{limit, std::chrono::seconds(amount)};
    case 'm':
      return RateLimitPolicy{limit, std::chrono::minutes(amount)};
    case 'h':
      return RateLimitPolicy{limit, std::chrono::hours(amount)};
    case 'd':
      return RateLimitPolicy{limit, std::chrono::days(amount)};
    default:
      return std::nullopt;
  }
}

std::expected<RateLimits, std::string> read_limits(const Settings& settings) {
  RateLimits limits = kDefaultRateLimits;
  using Named = std::pair<std::string_view, RateLimitPolicy RateLimits::*>;
  const std::array named{
      Named{"login_failures_per_email_and_ip", &RateLimits::login_failures_per_email_and_ip},
      Named{"login_failures_per_account", &RateLimits::login_failures_per_account},
      Named{"login_failures_per_ip", &RateLimits::login_failures_per_ip},
      Named{"forgot_password_per_email", &RateLimits::forgot_password_per_email},
      Named{"forgot_password_per_ip", &RateLimits::forgot_password_per_ip},
      Named{"reset_attempts_per_ip", &RateLimits::reset_attempts_per_ip},
      Named{"reset_attempts_per_account", &RateLimits::reset_attempts_per_account},
      Named{"change_password_per_account", &RateLimits::change_password_per_account},
      Named{"registrations_per_ip", &RateLimits::registrations_per_ip},
      Named{"support_tickets_per_ip", &RateLimits::support_tickets_per_ip},
      Named{"support_confirmations_per_recipient",
            &RateLimits::support_confirmations_per_recipient},
      Named{"gift_card_failures_per_user", &RateLimits::gift_card_failures_per_user},
  };
  for (const auto& [key, value] : settings.values()) {
    if (!key.starts_with("limit.") || key == kIpv6PrefixKey) continue;
    const auto name = std::string_view(key).substr(6);
    const auto entry =
        std::ranges::find_if(named, [name](const auto& known) { return known.first == name; });
    if (entry == named.end()) return std::unexpected(key + ": not a known rate limit");
    const auto policy = parse_rate_limit(value);
    if (!policy) {
      return std::unexpected(
          fmt::format("{}: expected a count and a window such as 10/15m, got '{}'", key, value));
    }
    limits.*(entry->second) = *policy;
  }
  return limits;
}

// "support@<domain>" for the sender "Artshop <no-reply@domain>", so a shop that sets only
// mail.from gets its ticket notices at its own domain.
std::string support_address_for(std::string_view from) {
  auto domain = from.substr(from.rfind('@') + 1);
  if (domain.ends_with('>')) domain.remove_suffix(1);
  return "support@" + std::string(domain);
}

std::expected<Config::Mail, std::string> read_mail(const Settings& settings) {
  Config::Mail mail;
  const auto transport = settings.get("mail.transport").value_or("outbox");
  if (transport == "smtp") {
    mail.transport = Config::Mail::Transport::Smtp;
  } else if (transport != "outbox") {
    return std::unexpected("mail.transport: expected outbox or smtp, got '" + transport + "'");
  }
  mail.from = settings.get("mail.from").value_or(mail.from);
  mail.support_address =
      settings.get("mail.support_address").value_or(support_address_for(mail.from));
  auto& smtp = mail.smtp;
  smtp.host = settings.get("smtp.host").value_or("");
  smtp.username = settings.get("smtp.username").value_or("");
  smtp.password = settings.get("smtp.password").value_or("");
  smtp.from_address = mail.from;
  const auto tls = settings.get("smtp.tls").value_or("starttls");
  if (tls == "starttls") {
    smtp.tls = mail::SmtpSettings::Tls::StartTls;
  } else if (tls == "implicit") {
    smtp.tls = mail::SmtpSettings::Tls::Implicit;
  } else if (tls == "none") {
    smtp.tls = mail::SmtpSettings::Tls::None;
  } else {
    return std::unexpected("smtp.tls: expected starttls, implicit or none, got '" + tls + "'");
  }
  const auto port = settings.integer("smtp.port", smtp.port, 1, 65535);
  if (!port) return std::unexpected(port.error());
  smtp.port = static_cast<unsigned short>(*port);
  const auto timeout = settings.integer("smtp.timeout_seconds", 30, 1, 600);
  if (!timeout) return std::unexpected(timeout.error());
  smtp.timeout = std::chrono::seconds(*timeout);
  const auto attempts = settings.integer("mail.max_attempts", mail.delivery.max_attempts, 1, 100);
  if (!attempts) return std::unexpected(attempts.error());
  mail.delivery.max_attempts = static_cast<int>(*attempts);
  const auto retry =
      settings.integer("mail.retry_seconds", mail.delivery.first_retry.count(), 1, 3600);
  if (!retry) return std::unexpected(retry.error());
  mail.delivery.first_retry = std::chrono::seconds(*retry);
  const auto claim = settings.integer("mail.claim_seconds", mail.delivery.claim.count(), 5, 3600);
  if (!claim) return std::unexpected(claim.error());
  mail.delivery.claim = std::chrono::seconds(*claim);
  const auto poll = settings.integer("mail.poll_milliseconds", mail.poll.count(), 50, 60'000);
  if (!poll) return std::unexpected(poll.error());
  mail.poll = std::chrono::milliseconds(*poll);
  if (mail.transport == Config::Mail::Transport::Smtp && smtp.host.empty()) {
    return std::unexpected("smtp.host: required when mail.transport is smtp");
  }
  return mail;
}

// The minimum length of the sandbox's webhook secret (an HMAC-SHA256 key).
constexpr std::size_t kMinWebhookSecretLength = 32;

std::expected<Config::Payments, std::string> read_payments(const Settings& settings) {
  Config::Payments payments;
  const auto provider = settings.get("payments.provider").value_or("sandbox");
  if (provider == "stripe") {
    payments.provider = Config::Payments::Provider::Stripe;
  } else if (provider != "sandbox") {
    return std::unexpected("payments.provider: expected sandbox or stripe, got '" + provider + "'");
  }
  payments.webhook_secret = settings.get("payments.webhook_secret").value_or("");
  payments.stripe_secret_key = settings.get("stripe.secret_key").value_or("");
  payments.stripe_webhook_secret = settings.get("stripe.webhook_secret").value_or("");
  payments.stripe_api_base = settings.get("stripe.api_base").value_or(payments.stripe_api_base);
  while (payments.stripe_api_base.ends_with('/')) payments.stripe_api_base.pop_back();
  if (!payments.webhook_secret.empty() &&
      payments.webhook_secret.size() < kMinWebhookSecretLength) {
    return std::unexpected("payments.webhook_secret: at least 32 characters");
  }
  if (payments.provider == Config::Payments::Provider::Stripe) {
    if (payments.stripe_secret_key.empty()) {
      return std::unexpected("stripe.secret_key: required when payments.provider is stripe");
    }
    if (payments.stripe_webhook_secret.empty()) {
      return std::unexpected("stripe.webhook_secret: required when payments.provider is stripe");
    }
    if (!payments.stripe_api_base.starts_with("https://") &&
        !payments.stripe_api_base.starts_with("http://")) {
      return std::unexpected("stripe.api_base: expected an http(s) URL, got '" +
                             payments.stripe_api_base + "'");
    }
  }
  auto acknowledged = settings.boolean("payments.sandbox_public_acknowledged", false);
  if (!acknowledged) return std::unexpected(acknowledged.error());
  payments.sandbox_public_acknowledged = *acknowledged;
  auto queue = settings.integer("payments.sandbox_webhook_queue",
                                static_cast<long long>(payments.sandbox_webhook_queue), 1, 100'000);
  if (!queue) return std::unexpected(queue.error());
  payments.sandbox_webhook_queue = static_cast<std::size_t>(*queue);
  return payments;
}

std::expected<Config::ImageGenerator, std::string> read_image_generator(const Settings& settings) {
  using Provider = Config::ImageGenerator::Provider;
  Config::ImageGenerator generator;
  const auto provider = settings.get("generation.provider").value_or("builtin");
  if (provider == "automatic1111") {
    generator.provider = Provider::Automatic1111;
  } else if (provider == "openai") {
    generator.provider = Provider::OpenAi;
  } else if (provider != "builtin") {
    return std::unexpected("generation.provider: expected builtin, automatic1111 or openai, got '" +
                           provider + "'");
  }
  generator.base_url = settings.get("generation.base_url").value_or("");
  while (generator.base_url.ends_with('/')) generator.base_url.pop_back();
  generator.api_key = settings.get("generation.api_key").value_or("");
  generator.model = settings.get("generation.model").value_or("");
  const auto timeout =
      settings.integer("generation.timeout_seconds", generator.timeout_seconds, 1, 3600);
  if (!timeout) return std::unexpected(timeout.error());
  generator.timeout_seconds = static_cast<int>(*timeout);
  if (generator.provider != Provider::Builtin && !generator.base_url.starts_with("https://") &&
      !generator.base_url.starts_with("http://")) {
    return std::unexpected("generation.base_url: expected an http(s) URL for " + provider +
                           ", got '" + generator.base_url + "'");
  }
  return generator;
}

// A prefix ends with '/', so that "media" names the folder-like "media/".
std::string as_prefix(std::string prefix) {
  if (!prefix.empty() && !prefix.ends_with('/')) prefix += '/';
  return prefix;
}

std::expected<Config::Blobs, std::string> read_blobs(const Settings& settings) {
  Config::Blobs blobs;
  const auto kind = settings.get("blob_store.kind").value_or("folder");
  if (kind == "s3") {
    blobs.kind = Config::Blobs::Kind::S3;
  } else if (kind != "folder") {
    return std::unexpected("blob_store.kind: expected folder or s3, got '" + kind + "'");
  }
  blobs.endpoint = settings.get("s3.endpoint").value_or("");
  while (blobs.endpoint.ends_with('/')) blobs.endpoint.pop_back();
  blobs.region = settings.get("s3.region").value_or(blobs.region);
  blobs.bucket = settings.get("s3.bucket").value_or("");
  blobs.public_prefix = as_prefix(settings.get("s3.public_prefix").value_or(blobs.public_prefix));
  blobs.private_prefix =
      as_prefix(settings.get("s3.private_prefix").value_or(blobs.private_prefix));
  blobs.access_key_id = settings.get("s3.access_key_id").value_or("");
  blobs.secret_access_key = settings.get("s3.secret_access_key").value_or("");
  const auto timeout = settings.integer("s3.timeout_seconds", blobs.timeout_seconds, 1, 600);
  if (!timeout) return std::unexpected(timeout.error());
  blobs.timeout_seconds = static_cast<int>(*timeout);
  blobs.session_token = settings.get("s3.session_token").value_or("");
  for (const auto& [key, target, low, high] :
       {std::tuple{"s3.max_attempts", &blobs.max_attempts, 1, 10},
        std::tuple{"s3.retry_base_ms", &blobs.retry_base_ms, 1, 60'000},
        std::tuple{"s3.retry_cap_ms", &blobs.retry_cap_ms, 1, 600'000},
        std::tuple{"s3.idle_connections", &blobs.idle_connections, 0, 1000},
        std::tuple{"s3.media_threads", &blobs.media_threads, 1, 1000}}) {
    const auto value = settings.integer(key, *target, low, high);
    if (!value) return std::unexpected(value.error());
    *target = static_cast<int>(*value);
  }
  if (blobs.kind == Config::Blobs::Kind::Folder) return blobs;

  if (!blobs.endpoint.starts_with("https://") && !blobs.endpoint.starts_with("http://")) {
    return std::unexpected(
        "s3.endpoint: expected an http(s) URL when blob_store.kind is s3, got '" + blobs.endpoint +
        "'");
  }
  for (const auto& [key, value] :
       {std::pair{"s3.bucket", &blobs.bucket}, std::pair{"s3.region", &blobs.region},
        std::pair{"s3.access_key_id", &blobs.access_key_id},
        std::pair{"s3.secret_access_key", &blobs.secret_access_key}}) {
    if (value->empty()) {
      return std::unexpected(std::string(key) + ": required when blob_store.kind is s3");
    }
  }
  // The private originals must never be reachable as public media, nor the other way round.
  if (blobs.public_prefix.empty() || blobs.private_prefix.empty() ||
      blobs.public_prefix.starts_with(blobs.private_prefix) ||
      blobs.private_prefix.starts_with(blobs.public_prefix)) {
    return std::unexpected(
        "s3.private_prefix: the public and private prefixes must both be set and neither may "
        "contain the other, got '" +
        blobs.public_prefix + "' and '" + blobs.private_prefix + "'");
  }
  return blobs;
}

// Where links in mails point. A backslash or user info makes browsers and this shop's own
// checks read different hosts ("http://evil.example\@127.0.0.1" goes to evil.example in a
// browser), and neither belongs in a shop's address: refused rather than guessed at.
std::expected<void, std::string> check_public_url(std::string_view url) {
  const auto scheme_end = url.find("://");
  const auto authority_start = scheme_end == std::string_view::npos ? 0 : scheme_end + 3;
  const auto authority =
      url.substr(authority_start, url.find_first_of("/?#", authority_start) - authority_start);
  if (url.find('\\') != std::string_view::npos) {
    return std::unexpected(fmt::format("public_url: a backslash is not allowed, got '{}'", url));
  }
  if (authority.find('@') != std::string_view::npos) {
    return std::unexpected(
        fmt::format("public_url: user info (a '@' before the host) is not allowed, got '{}'", url));
  }
  return {};
}

// The sandbox takes no money and anyone who reaches it may press Pay: it serves only this
// machine, unless it was chosen on purpose and the exposure acknowledged.
std::expected<void, std::string> check_sandbox_exposure(const Settings& settings, Config& config) {
  if (config.payments.provider != Config::Payments::Provider::Sandbox) return {};
  const bool local =
      payments::is_loopback_host(config.host) && payments::is_loopback_url(config.public_url);
  if (local) return {};
  if (!settings.get("payments.provider") || !config.payments.sandbox_public_acknowledged) {
    return std::unexpected(fmt::format(
        "payments.provider: the built-in sandbox takes no money and lets anyone pay with its "
        "Pay button, but the shop would be reachable from other machines (host {}, public_url "
        "{}). Use payments.provider = stripe for a real shop, serve on a loopback address "
        "(127.0.0.1, ::1, localhost), or, for a test shop open to others, set both "
        "payments.provider = sandbox and payments.sandbox_public_acknowledged = true",
        config.host, config.public_url));
  }
  config.payments.sandbox_exposed = true;
  return {};
}

}  // namespace

std::expected<Config, std::string> load_config(const std::filesystem::path& file,
                                               char** environment) {
  Settings settings;
  if (!file.empty()) {
    auto loaded = Settings::from_file(file);
    if (!loaded) return std::unexpected(loaded.error());
    settings = std::move(*loaded);
  }
  settings.apply_environment(kKeys, kPrefixes, environment);

  Config config;
  const auto cores = std::max(1U, std::thread::hardware_concurrency());
  // Reads each entry into the config, stopping at the first bad one.
  std::string error;
  const auto take = [&error](auto&& result, auto& target) {
    if (!error.empty()) return;
    if (result) {
      target = static_cast<std::remove_reference_t<decltype(target)>>(*result);
    } else {
      error = result.error();
    }
  };
  take(settings.text("host", config.host), config.host);
  take(settings.integer("port", config.port, 0, 65535), config.port);
  std::string data_dir;
  std::string static_dir;
  take(settings.text("data_dir", config.data_dir.string()), data_dir);
  take(settings.text("static_dir", config.static_dir.string()), static_dir);
  take(settings.text("database_url", ""), config.database_url);
  if (error.empty() && !config.database_url.empty() &&
      !config.database_url.starts_with("postgresql://") &&
      !config.database_url.starts_with("postgres://")) {
    error = "database_url must be empty (SQLite in data_dir) or start with postgresql://";
  }
  take(settings.integer("database.pool_size", config.database_pool.size, 0, 1'000),
       config.database_pool.size);
  long long pool_wait = config.database_pool.wait.count();
  take(settings.integer("database.pool_wait_milliseconds", pool_wait, 1, 600'000), pool_wait);
  config.database_pool.wait = std::chrono::milliseconds(pool_wait);
  take(settings.text("log_level", config.log_level), config.log_level);
  take(settings.integer("io_threads", 0, 0, 256), config.io_threads);
  if (config.io_threads == 0) config.io_threads = cores;  // 0: one per core
  take(settings.integer("worker_threads", config.worker_threads, 1, 256), config.worker_threads);
  take(settings.integer("worker_queue", static_cast<long long>(config.worker_queue), 0, 100'000),
       config.worker_queue);
  take(settings.integer("max_connections", static_cast<long long>(config.max_connections), 0,
                        1'000'000),
       config.max_connections);
  take(settings.integer("read_timeout_seconds", config.read_timeout_seconds, 1, 600),
       config.read_timeout_seconds);
  const auto take_pool = [&](std::string_view name, Config::Pool& pool) {
    take(settings.integer(fmt::format("{}.threads", name), pool.threads, 1, 64), pool.threads);
    take(settings.integer(fmt::format("{}.queue", name), static_cast<long long>(pool.queue), 0,
                          10'000),
         pool.queue);
  };
  take_pool("passwords", config.password_pool);
  take_pool("rendering", config.render_pool);
  take_pool("generation", config.generation_pool);
  take_pool("mail", config.mail_pool);
  take_pool("search", config.search_pool);
  take(settings.integer("generation.free_per_day", config.generation.free_per_day, 0, 1'000),
       config.generation.free_per_day);
  take(
      settings.integer("generation.price_eur_cents", config.generation.price_eur_cents, 1, 100'000),
      config.generation.price_eur_cents);
  take(settings.boolean("behind_tls", config.behind_tls), config.behind_tls);
  take(settings.boolean("idle_priority", config.idle_priority), config.idle_priority);
  take(settings.list("cors_origins"), config.cors_origins);
  take(settings.text("public_url", ""), config.public_url);
  take(settings.text("jwt_signing_key", ""), config.jwt_signing_key);
  take(settings.text("ecb_url", config.ecb_url), config.ecb_url);
  take(settings.integer("ecb_refresh_hours", config.ecb_refresh_hours, 1, 24LL * 7),
       config.ecb_refresh_hours);
  take(settings.integer("ecb_refresh_seconds", config.ecb_refresh_seconds, 0, 3600),
       config.ecb_refresh_seconds);
  take(settings.integer("seed_offers", config.seed_offers, 0, kMaxSeedOffers), config.seed_offers);
  take(settings.integer("housekeeping_seconds", config.housekeeping_seconds, 1, 3600),
       config.housekeeping_seconds);
  take(settings.integer("seeding_lease_seconds", config.seeding_lease_seconds, 3, 3600),
       config.seeding_lease_seconds);
  take(settings.list("jwt_previous_keys"), config.jwt_previous_keys);
  take(settings.integer("auth.refresh_grace_seconds", config.refresh_grace_seconds, 0, 60),
       config.refresh_grace_seconds);
  take(settings.text("reset_code_key", ""), config.reset_code_key);
  take(settings.text("gift_card_key", ""), config.gift_card_key);
  take(settings.list("gift_card_previous_keys"), config.gift_card_previous_keys);
  take(settings.integer("staff_session_idle", config.staff_session_idle, 1, 24LL * 3600),
       config.staff_session_idle);
  take(settings.integer("staff_session_max", config.staff_session_max, 60, 7LL * 24 * 3600),
       config.staff_session_max);
  take(settings.text("staff_secret_key", ""), config.staff_secret_key);
  take(settings.integer("adjustment_limit_eur_cents", config.adjustment_limit_eur_cents, 0,
                        kMaxStaffAmountMinor),
       config.adjustment_limit_eur_cents);
  take(settings.integer("refund_limit_eur_cents", config.refund_limit_eur_cents, 0,
                        kMaxStaffAmountMinor),
       config.refund_limit_eur_cents);
  std::vector<std::string> proxies;
  take(settings.list("trusted_proxies"), proxies);
  take(settings.integer(kIpv6PrefixKey, config.client_addresses.ipv6_prefix, 1, 128),
       config.client_addresses.ipv6_prefix);
  auto& orders = config.orders;
  const auto take_count = [&](std::string_view key, std::size_t& target, long long max) {
    take(settings.integer(key, static_cast<long long>(target), 1, max), target);
  };
  take_count("orders.max_cart_lines", orders.max_cart_lines, 1'000);
  // Up to a million, so that a load test of one customer can set them out of its way.
  take_count("orders.max_pending_orders", orders.max_pending_orders, 1'000'000);
  take_count("orders.max_pending_deposits", orders.max_pending_deposits, 1'000'000);
  take_count("orders.max_reserved_exclusives", orders.max_reserved_exclusives, 1'000'000);
  take(settings.integer("argon2.memory_kib", config.argon2.memory_kib, 8, 4LL * 1024 * 1024),
       config.argon2.memory_kib);
  take(settings.integer("argon2.iterations", config.argon2.iterations, 1, 100),
       config.argon2.iterations);
  take(settings.integer("argon2.parallelism", config.argon2.parallelism, 1, 64),
       config.argon2.parallelism);
  if (!error.empty()) return std::unexpected(error);
  config.data_dir = data_dir;
  config.static_dir = static_dir;
  config.public_url_configured = !config.public_url.empty();
  if (config.public_url.empty()) {
    config.public_url = "http://" + config.host + ":" + std::to_string(config.port);
  }
  while (config.public_url.ends_with('/')) config.public_url.pop_back();

  try {
    config.client_addresses.proxies = http::TrustedProxies::parse(proxies);
  } catch (const std::invalid_argument& e) {
    return std::unexpected(std::string("trusted_proxies: ") + e.what());
  }

  auto limits = read_limits(settings);
  if (!limits) return std::unexpected(limits.error());
  config.limits = *limits;
  auto mail = read_mail(settings);
  if (!mail) return std::unexpected(mail.error());
  config.mail = std::move(*mail);
  auto payments = read_payments(settings);
  if (!payments) return std::unexpected(payments.error());
  config.payments = std::move(*payments);
  if (auto exposure = check_sandbox_exposure(settings, config); !exposure) {
    return std::unexpected(exposure.error());
  }
  if (auto url = check_public_url(config.public_url); !url) return std::unexpected(url.error());
  auto blobs = read_blobs(settings);
  if (!blobs) return std::unexpected(blobs.error());
  config.blobs = std::move(*blobs);
  auto image_generator = read_image_generator(settings);
  if (!image_generator) return std::unexpected(image_generator.error());
  config.image_generator = std::move(*image_generator);

  const auto source = settings.get("rates_source").value_or("table");
  if (source == "ecb") {
    config.rates_source = Config::RatesSource::Ecb;
  } else if (source != "table") {
    return std::unexpected("rates_source: expected table or ecb, got '" + source + "'");
  }
  auto rates = rates::rates_from_settings(settings.values());
  if (!rates) return std::unexpected(rates.error());
  config.rates = *rates;
  config.settings = std::move(settings);
  return config;
}

}  // namespace artshop::app
