#include "mail_delivery.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <exception>

namespace artshop::app {
namespace {

// Passes every call on, and notes whether the work queued a mail.
class WatchedOutbox final : public MailOutbox {
 public:
  explicit WatchedOutbox(MailOutbox& inner) noexcept : inner_(inner) {}

  void enqueue(const EmailMessage& message, std::chrono::sys_seconds now,
               std::string_view about) override {
    inner_.enqueue(message, now, about);
    queued = true;
  }
  std::vector<OutboxMail> claim_due(std::chrono::sys_seconds now,
                                    std::chrono::sys_seconds claimed_until, int limit) override {
    return inner_.claim_due(now, claimed_until, limit);
  }
  void mark_sent(OutboxMailId id) override { inner_.mark_sent(id); }
  void reschedule(OutboxMailId id, int attempts, std::chrono::sys_seconds next_attempt_at,
                  std::string_view error) override {
    inner_.reschedule(id, attempts, next_attempt_at, error);
  }
  void mark_dead(OutboxMailId id, int attempts, std::string_view error) override {
    inner_.mark_dead(id, attempts, error);
  }
  MailOutboxCounts counts() override { return inner_.counts(); }

  bool queued = false;

 private:
  MailOutbox& inner_;
};

}  // namespace

void MailMetrics::record(const DeliverMail::Report& report) noexcept {
  sent_ += static_cast<std::uint64_t>(report.sent);
  failed_ += static_cast<std::uint64_t>(report.failed);
  dead_letters_ += static_cast<std::uint64_t>(report.dead);
}

void MailMetrics::observe(const MailOutboxCounts& counts) noexcept {
  pending_ = counts.pending;
  dead_kept_ = counts.dead;
}

std::string MailMetrics::render() const {
  return fmt::format(
      "# HELP artshop_mail_sent_total Mails this server sent from the outbox.\n"
      "# TYPE artshop_mail_sent_total counter\n"
      "artshop_mail_sent_total {}\n"
      "# HELP artshop_mail_failures_total Deliveries that failed and wait for a retry.\n"
      "# TYPE artshop_mail_failures_total counter\n"
      "artshop_mail_failures_total {}\n"
      "# HELP artshop_mail_dead_letters_total Mails this server gave up after every retry.\n"
      "# TYPE artshop_mail_dead_letters_total counter\n"
      "artshop_mail_dead_letters_total {}\n"
      "# HELP artshop_mail_outbox_pending Mails waiting in the outbox, as last seen.\n"
      "# TYPE artshop_mail_outbox_pending gauge\n"
      "artshop_mail_outbox_pending {}\n"
      "# HELP artshop_mail_outbox_dead Dead letters kept in the outbox, as last seen.\n"
      "# TYPE artshop_mail_outbox_dead gauge\n"
      "artshop_mail_outbox_dead {}\n",
      sent_.load(), failed_.load(), dead_letters_.load(), pending_.load(), dead_kept_.load());
}

void MailChore::tick() noexcept {
  try {
    const auto now = std::chrono::steady_clock::now();
    if (!holding_ || now - renewed_at_ >= kTerm / 3) {
      holding_ = chores_.take(kChore, kTerm);
      if (holding_) renewed_at_ = now;
    }
  } catch (const std::exception& e) {
    holding_ = false;
    spdlog::error("the mail chore could not take its lease: {}", e.what());
  }
  if (holding_) schedule();
}

void MailChore::nudge() noexcept {
  if (holding_) schedule();
}

void MailChore::schedule() noexcept {
  if (scheduled_.exchange(true)) return;
  try {
    if (mail_work_.try_submit([this] {
          scheduled_ = false;
          deliver();
        })) {
      return;
    }
  } catch (const std::exception& e) {
    spdlog::error("the mail chore could not queue a delivery: {}", e.what());
  }
  scheduled_ = false;  // the executor is full or stopping: the next tick tries again
}

void MailChore::deliver() noexcept {
  try {
    const auto report = deliver_();
    if (!report) {
      spdlog::error("sending the mail outbox failed: {}", report.error().detail);
      return;
    }
    metrics_.record(*report);
    if (report->failed > 0) {
      spdlog::warn("{} mail(s) sent, {} wait for a retry: {}", report->sent, report->failed,
                   report->problem);
    }
    if (const auto counts = deliver_.counts()) metrics_.observe(*counts);
  } catch (const std::exception& e) {
    spdlog::error("sending the mail outbox failed: {}", e.what());
  }
}

void MailNudgingUnitOfWork::run(Mode mode, const std::function<bool(Repositories&)>& work) {
  bool queued = false;
  inner_.run(mode, [&](Repositories& repos) {
    WatchedOutbox outbox(repos.mail_outbox);
    Repositories watched{.accounts = repos.accounts,
                         .refresh_tokens = repos.refresh_tokens,
                         .reset_codes = repos.reset_codes,
                         .rate_limits = repos.rate_limits,
                         .offers = repos.offers,
                         .settings = repos.settings,
                         .payments = repos.payments,
                         .orders = repos.orders,
                         .ledger = repos.ledger,
                         .gift_cards = repos.gift_cards,
                         .artworks = repos.artworks,
                         .payment_events = repos.payment_events,
                         .idempotency = repos.idempotency,
                         .generated_images = repos.generated_images,
                         .support_tickets = repos.support_tickets,
                         .leases = repos.leases,
                         .mail_outbox = outbox,
                         .staff = repos.staff,
                         .audit_log = repos.audit_log,
                         .customer_records = repos.customer_records,
                         .refunds = repos.refunds,
                         .staff_orders = repos.staff_orders,
                         .sales_reports = repos.sales_reports,
                         .catalogue_records = repos.catalogue_records};
    // The attempt that commits decides: a backend that runs the work again starts afresh.
    const bool commit = work(watched);
    queued = commit && outbox.queued;
    return commit;
  });
  if (queued && on_mail_queued_) on_mail_queued_();
}

}  // namespace artshop::app
