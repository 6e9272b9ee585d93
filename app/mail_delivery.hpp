#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>

#include "artshop/core/chore_leases.hpp"
#include "artshop/core/mail/deliver_mail.hpp"
#include "artshop/core/ports/executor.hpp"
#include "artshop/sql/unit_of_work.hpp"

namespace artshop::app {

// What the mail chore did, for /metrics: counters since this process started, and the outbox's
// pending and dead mails as the last run of this server's chore found them.
class MailMetrics {
 public:
  void record(const DeliverMail::Report& report) noexcept;
  void observe(const MailOutboxCounts& counts) noexcept;
  // The Prometheus text format, appended to the server's own metrics.
  std::string render() const;

 private:
  std::atomic<std::uint64_t> sent_{0};
  std::atomic<std::uint64_t> failed_{0};
  std::atomic<std::uint64_t> dead_letters_{0};
  std::atomic<std::int64_t> pending_{0};
  std::atomic<std::int64_t> dead_kept_{0};
};

// Sends the mail outbox on the mail executor, on the one server of the shop that holds the
// "mail" lease: a tick about every second takes or renews the lease and sends what is due
// (retries included), and a nudge after a commit that queued mail sends it at once. A server
// without the lease does nothing; the holder's next tick sends its mails. No API worker ever
// waits for a mail server.
class MailChore {
 public:
  static constexpr std::string_view kChore = "mail";
  // The lease's term: another server takes over within it when the holder stops. Renewed
  // every third of it.
  static constexpr std::chrono::seconds kTerm{30};

  MailChore(DeliverMail& deliver, ChoreLeases& chores, Executor& mail_work, MailMetrics& metrics)
      : deliver_(deliver), chores_(chores), mail_work_(mail_work), metrics_(metrics) {}

  // Called every poll interval (mail.poll_milliseconds). Never throws.
  void tick() noexcept;
  // Called after a commit that queued mail, from any thread. Never throws, never waits.
  void nudge() noexcept;

 private:
  // Queues one delivery run unless one is queued already.
  void schedule() noexcept;
  void deliver() noexcept;  // on the mail executor

  DeliverMail& deliver_;
  ChoreLeases& chores_;
  Executor& mail_work_;
  MailMetrics& metrics_;
  std::atomic<bool> holding_{false};
  std::atomic<bool> scheduled_{false};
  std::chrono::steady_clock::time_point renewed_at_{};  // tick's thread only
};

// The unit of work the use cases run in, telling `on_mail_queued` after each commit whose work
// queued a mail in the outbox: that is when the mail chore is nudged.
class MailNudgingUnitOfWork final : public UnitOfWork {
 public:
  MailNudgingUnitOfWork(UnitOfWork& inner, std::function<void()> on_mail_queued)
      : inner_(inner), on_mail_queued_(std::move(on_mail_queued)) {}

  void run(Mode mode, const std::function<bool(Repositories&)>& work) override;

 private:
  UnitOfWork& inner_;
  std::function<void()> on_mail_queued_;
};

}  // namespace artshop::app
