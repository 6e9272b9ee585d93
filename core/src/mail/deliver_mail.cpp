#include "artshop/core/mail/deliver_mail.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>

#include <algorithm>
#include <exception>
#include <optional>

namespace artshop {
namespace {

std::chrono::sys_seconds seconds_of(std::chrono::system_clock::time_point time) {
  return std::chrono::floor<std::chrono::seconds>(time);
}

// The key a transport makes a repeated delivery of one mail land once by: when it was queued
// and its outbox id, so that keys sort in queueing order and a database made afresh, which
// numbers its mails from 1 again, does not repeat them.
std::string delivery_key(const OutboxMail& mail) {
  return fmt::format("{:%Y%m%dT%H%M%S}Z-{:08}", mail.created_at, mail.id.value);
}

}  // namespace

std::chrono::seconds retry_delay(const MailDeliveryPolicy& policy, int failures) {
  auto delay = policy.first_retry;
  for (int doubled = 1; doubled < failures && delay < policy.max_retry; ++doubled) delay *= 2;
  return std::min(delay, policy.max_retry);
}

Result<DeliverMail::Report> DeliverMail::operator()() {
  Report report;
  for (;;) {
    const auto now = seconds_of(clock_.now());
    auto claimed = transactions_.write([&](Ports::Scope& tx) -> Result<std::vector<OutboxMail>> {
      return tx.get<MailOutbox>().claim_due(now, now + policy_.claim, policy_.batch);
    });
    if (!claimed) return std::unexpected(claimed.error());
    if (claimed->empty()) return report;
    const bool full_batch = std::ssize(*claimed) == policy_.batch;
    if (!send_batch(std::move(*claimed), report) || !full_batch) return report;
  }
}

bool DeliverMail::send_batch(std::vector<OutboxMail> batch, Report& report) {
  // Recorded mail by mail: a crash after a delivery repeats that one mail at most, and the
  // transport's delivery key makes even that land once where it can.
  const auto record = [this](const std::function<void(MailOutbox&)>& change) {
    transactions_.write([&](Ports::Scope& tx) -> Result<void> {
      change(tx.get<MailOutbox>());
      return {};
    });
  };
  std::optional<std::chrono::sys_seconds> server_failing_until;
  for (auto& mail : batch) {
    if (server_failing_until) {
      record([&](MailOutbox& outbox) {
        outbox.reschedule(mail.id, mail.attempts, *server_failing_until, report.problem);
      });
      continue;
    }
    mail.message.delivery_key = delivery_key(mail);
    std::string error;
    try {
      transport_.send(mail.message);
    } catch (const std::exception& failure) {
      error = *failure.what() != '\0' ? failure.what() : "the delivery failed";
    }
    if (error.empty()) {
      record([&](MailOutbox& outbox) { outbox.mark_sent(mail.id); });
      ++report.sent;
      continue;
    }
    if (report.problem.empty()) report.problem = error;
    const int failures = mail.attempts + 1;
    server_failing_until = seconds_of(clock_.now()) + retry_delay(policy_, failures);
    if (failures >= policy_.max_attempts) {
      record([&](MailOutbox& outbox) { outbox.mark_dead(mail.id, failures, error); });
      ++report.dead;
      if (on_dead_) on_dead_(mail, error);
    } else {
      record([&](MailOutbox& outbox) {
        outbox.reschedule(mail.id, failures, *server_failing_until, error);
      });
      ++report.failed;
    }
  }
  return !server_failing_until;
}

Result<MailOutboxCounts> DeliverMail::counts() {
  return transactions_.read(
      [](Ports::Scope& tx) -> Result<MailOutboxCounts> { return tx.get<MailOutbox>().counts(); });
}

}  // namespace artshop
