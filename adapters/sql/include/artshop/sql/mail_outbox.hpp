#pragma once

#include "artshop/core/ports/mail_outbox.hpp"
#include "artshop/sql/connection.hpp"

namespace artshop::sql {

// The mail outbox over one connection, inside the transaction a unit of work opened on it.
class SqlMailOutbox final : public MailOutbox {
 public:
  explicit SqlMailOutbox(Connection& connection) noexcept : db_(connection) {}

  void enqueue(const EmailMessage& message, std::chrono::sys_seconds now,
               std::string_view about) override;
  std::vector<OutboxMail> claim_due(std::chrono::sys_seconds now,
                                    std::chrono::sys_seconds claimed_until, int limit) override;
  void mark_sent(OutboxMailId id) override;
  void reschedule(OutboxMailId id, int attempts, std::chrono::sys_seconds next_attempt_at,
                  std::string_view error) override;
  void mark_dead(OutboxMailId id, int attempts, std::string_view error) override;
  MailOutboxCounts counts() override;

 private:
  Connection& db_;
};

}  // namespace artshop::sql
