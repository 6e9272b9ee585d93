#pragma once

#include <chrono>
#include <cstdint>
#include <string_view>
#include <vector>

#include "artshop/core/ids.hpp"
#include "artshop/core/ports/mailer.hpp"

namespace artshop {

using OutboxMailId = Id<struct OutboxMailTag>;

// A mail waiting in the outbox, as a sender claimed it.
struct OutboxMail {
  OutboxMailId id;
  EmailMessage message;
  int attempts = 0;  // deliveries tried before this one
  std::chrono::sys_seconds created_at;
};

// How many mails the outbox holds, by state (sent mails leave it).
struct MailOutboxCounts {
  std::int64_t pending = 0;
  std::int64_t dead = 0;
};

// The mails the shop decided to send, kept in the database with whatever caused them: a use
// case enqueues inside its write transaction, so a mail exists exactly when its cause was
// committed, and DeliverMail sends it after the commit. Runs inside the transaction that
// handed it out.
//
// A sender claims due mails until a given time, so that two senders (a lease handed over
// while one was still sending) never take the same mail; a claim that outlives its sender
// (a crash) simply expires and the mail is sent by the next one.
class MailOutbox {
 public:
  virtual ~MailOutbox() = default;

  // Queues `message`, due at once.
  virtual void enqueue(const EmailMessage& message, std::chrono::sys_seconds now) = 0;

  // Claims, oldest due first, at most `limit` pending mails due at `now`; each stays claimed
  // (not due) until `claimed_until`.
  virtual std::vector<OutboxMail> claim_due(std::chrono::sys_seconds now,
                                            std::chrono::sys_seconds claimed_until, int limit) = 0;

  // The mail went out: it leaves the outbox (its text may hold a reset code).
  virtual void mark_sent(OutboxMailId id) = 0;

  // The mail is due again at `next_attempt_at`, after `attempts` failed deliveries; `error`
  // says why the last one failed.
  virtual void reschedule(OutboxMailId id, int attempts, std::chrono::sys_seconds next_attempt_at,
                          std::string_view error) = 0;

  // The mail is given up after `attempts` failed deliveries: a dead letter, kept with its
  // recipient, subject and last error for the operator, its body dropped.
  virtual void mark_dead(OutboxMailId id, int attempts, std::string_view error) = 0;

  virtual MailOutboxCounts counts() = 0;
};

}  // namespace artshop
