#include "config.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <optional>
#include <thread>

#include "artshop/rates/table_rates.hpp"

namespace artshop::app {
namespace {

const std::vector<std::string_view> kKeys{
    "host",
    "port",
    "data_dir",
    "static_dir",
    "log_level",
    "io_threads",
    "worker_threads",
    "worker_queue",
    "max_connections",
    "passwords.threads",
    "passwords.queue",
    "rendering.threads",
    "rendering.queue",
    "behind_tls",
    "cors_origins",
    "public_url",
    "jwt_signing_key",
    "jwt_previous_keys",
    "rates_source",
    "ecb_url",
    "ecb_refresh_hours",
    "seed_offers",
    "payments.provider",
    "payments.webhook_secret",
    "stripe.secret_key",
    "stripe.webhook_secret",
    "stripe.api_base",
};
const std::vector<std::string_view> kPrefixes{"rate.", "limit.", "smtp.", "mail.", "argon2."};

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
  const std::pair<std::string_view, RateLimitPolicy RateLimits::*> named[] = {
      {"login_failures_per_email_and_ip", &RateLimits::login_failures_per_email_and_ip},
      {"login_failures_per_account", &RateLimits::login_failures_per_account},
      {"forgot_password_per_email", &RateLimits::forgot_password_per_email},
      {"registrations_per_ip", &RateLimits::registrations_per_ip},
      {"support_tickets_per_ip", &RateLimits::support_tickets_per_ip},
      {"gift_card_failures_per_user", &RateLimits::gift_card_failures_per_user},
  };
  for (const auto& [key, value] : settings.values()) {
    if (!key.starts_with("limit.")) continue;
    const auto name = std::string_view(key).substr(6);
    const auto* entry =
        std::ranges::find_if(named, [name](const auto& known) { return known.first == name; });
    if (entry == std::end(named)) return std::unexpected(key + ": not a known rate limit");
    const auto policy = parse_rate_limit(value);
    if (!policy) {
      return std::unexpected(key + ": expected a count and a window such as 10/15m, got '" + value +
                             "'");
    }
    limits.*(entry->second) = *policy;
  }
  return limits;
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
  mail.support_address = settings.get("mail.support_address").value_or(mail.support_address);
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
  return payments;
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
  take(settings.text("log_level", config.log_level), config.log_level);
  take(settings.integer("io_threads", 0, 0, 256), config.io_threads);
  if (config.io_threads == 0) config.io_threads = cores;  // 0: one per core
  take(settings.integer("worker_threads", config.worker_threads, 1, 256), config.worker_threads);
  take(settings.integer("worker_queue", static_cast<long long>(config.worker_queue), 0, 100'000),
       config.worker_queue);
  take(settings.integer("max_connections", static_cast<long long>(config.max_connections), 0,
                        1'000'000),
       config.max_connections);
  const auto take_pool = [&](std::string_view name, Config::Pool& pool) {
    take(settings.integer(fmt::format("{}.threads", name), pool.threads, 1, 64), pool.threads);
    take(settings.integer(fmt::format("{}.queue", name), static_cast<long long>(pool.queue), 0,
                          10'000),
         pool.queue);
  };
  take_pool("passwords", config.password_pool);
  take_pool("rendering", config.render_pool);
  take(settings.boolean("behind_tls", config.behind_tls), config.behind_tls);
  take(settings.list("cors_origins"), config.cors_origins);
  take(settings.text("public_url", ""), config.public_url);
  take(settings.text("jwt_signing_key", ""), config.jwt_signing_key);
  take(settings.text("ecb_url", config.ecb_url), config.ecb_url);
  take(settings.integer("ecb_refresh_hours", config.ecb_refresh_hours, 1, 24 * 7),
       config.ecb_refresh_hours);
  take(settings.integer("seed_offers", config.seed_offers, 0, 10'000), config.seed_offers);
  take(settings.list("jwt_previous_keys"), config.jwt_previous_keys);
  take(settings.integer("argon2.memory_kib", config.argon2.memory_kib, 8, 4 * 1024 * 1024),
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

  auto limits = read_limits(settings);
  if (!limits) return std::unexpected(limits.error());
  config.limits = *limits;
  auto mail = read_mail(settings);
  if (!mail) return std::unexpected(mail.error());
  config.mail = std::move(*mail);
  auto payments = read_payments(settings);
  if (!payments) return std::unexpected(payments.error());
  config.payments = std::move(*payments);

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
