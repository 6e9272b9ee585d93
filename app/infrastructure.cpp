#include "infrastructure.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <optional>
#include <thread>

#include "artshop/crypto/hex.hpp"
#include "artshop/mail/outbox_mailer.hpp"
#include "artshop/mail/smtp_mailer.hpp"
#include "artshop/rates/ecb_feed.hpp"

namespace artshop::app {
namespace {

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

// This process among every server of the shop: host, pid and a random part (a pid is reused
// after a restart), so that a lease it held before it died is never taken for its own.
std::string server_name(RandomSource& random) {
  std::array<char, 256> host{};
  if (::gethostname(host.data(), host.size() - 1) != 0) host[0] = '\0';
  std::array<std::byte, 6> nonce{};
  random.fill(nonce);
  return fmt::format("{}:{}:{}", host.data(), ::getpid(), crypto::to_hex(nonce));
}

}  // namespace

concurrency::BoundedThreadPool::Priority computation_priority(const Config& config) {
  return config.idle_priority ? concurrency::BoundedThreadPool::Priority::Idle
                              : concurrency::BoundedThreadPool::Priority::Normal;
}

unsigned cores() {
  return std::max(1U, std::thread::hardware_concurrency());
}

Infrastructure::Infrastructure(Storage& storage_)
    : config(storage_.config),
      storage(storage_),
      random(storage_.random),
      mail_work("mail", config.mail_pool.threads, config.mail_pool.queue),
      // Each thread waiting on it waits for one task at a time: room for all of them.
      drawing_work("drawing", cores(),
                   cores() + config.render_pool.threads + config.generation_pool.threads,
                   computation_priority(config)),
      transactions(storage_.database->transactions(), [this] { mail_chore.nudge(); }),
      catalogue(storage_.database->catalogue()),
      mail_transport(make_transport(config)),
      chores(narrow<LeaseRepository>(transactions), clock, server_name(random)),
      deliver_mail(narrow<MailOutbox>(transactions), *mail_transport, clock, config.mail.delivery,
                   log_dead_letter),
      mail_chore(deliver_mail, chores, mail_work, mail_metrics),
      rate_source(make_rate_source(config, narrow<SettingRepository>(transactions), chores, clock)),
      shared_rates(dynamic_cast<SharedRateSource*>(rate_source.get())),
      generator(procedural, drawing_work),
      public_media(make_blob_store(config, BlobVisibility::Public)),
      originals(make_blob_store(config, BlobVisibility::Private)),
      public_url(config.public_url) {}

Infrastructure::~Infrastructure() {
  mail_work.stop();
  mail_work.join();
}

}  // namespace artshop::app
