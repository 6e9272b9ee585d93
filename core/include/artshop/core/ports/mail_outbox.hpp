#pragma once

#include <chrono>
#include <cstdint>
#include <string>
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

// A mail about something (an order: "order:42") as its page lists it: queued until sent, sent,
// or failed (given up). Only mails about something stay in the outbox once sent.
enum class OutboxMailState : std::uint8_t { Queued, Sent, Failed };

constexpr std::string_view name(OutboxMailState state) noexcept {
  switch (state) {
    case OutboxMailState::Sent:
      return "sent";
    case OutboxMailState::Failed:
      return "failed";
    case OutboxMailState::Queued:
      break;
  }
  return "queued";
}

struct OutboxMailRecord {
  std::chrono::sys_seconds at;  // queued
  std::string to;
  std::string subject;
  OutboxMailState state = OutboxMailState::Queued;

  bool operator==(const OutboxMailRecord&) const = default;
};

// How many mails the outbox holds, by state (sent mails leave it, or, about something, are
// kept apart).
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

  // Queues `message`, due at once. `about` names what it is about ("order:42", order_object)
  // for that thing's page to list it; empty for a mail about nothing staff look up.
  virtual void enqueue(const EmailMessage& message, std::chrono::sys_seconds now,
                       std::string_view about) = 0;

  // Claims, oldest due first, at most `limit` pending mails due at `now`; each stays claimed
  // (not due) until `claimed_until`.
  virtual std::vector<OutboxMail> claim_due(std::chrono::sys_seconds now,
                                            std::chrono::sys_seconds claimed_until, int limit) = 0;

  // The mail went out: it leaves the outbox (its text may hold a reset code), or, about
  // something, stays Sent without its text.
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
