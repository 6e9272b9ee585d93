#pragma once

#include <chrono>
#include <memory>

#include "artshop/core/ports/executor.hpp"
#include "artshop/core/ports/mailer.hpp"

namespace artshop::mail {

// Sends through another mailer on the mail executor (a bounded pool of its own), so no request
// waits for a mail server and no API worker or I/O thread ever delivers. It also keeps "forgot
// password" as fast for an unknown address as for a known one.
//
// A failed delivery is logged (recipient, subject and reason; never the body, which may hold a
// reset code) and dropped: a request that already answered cannot be told. So is a message
// the executor refuses because its queue is full: memory stays bounded while the mail server
// is down, and a customer who gets no reset code asks for another. Thread-safe.
class BackgroundMailer final : public Mailer {
 public:
  // Throws std::invalid_argument when `inner` is null. `executor` must outlive the tasks it
  // accepts; the mailer itself may go first.
  BackgroundMailer(std::unique_ptr<Mailer> inner, Executor& executor,
                   std::chrono::milliseconds drain_timeout = std::chrono::seconds{10});

  // Waits up to the drain timeout for the messages it queued; those still waiting after it are
  // logged and skipped when their turn comes. A delivery in progress finishes on the executor
  // (the inner mailer's own timeout bounds it).
  ~BackgroundMailer() override;

  BackgroundMailer(const BackgroundMailer&) = delete;
  BackgroundMailer& operator=(const BackgroundMailer&) = delete;

  // Hands a copy to the executor and returns at once; never throws for a delivery problem.
  void send(const EmailMessage& message) override;

  // Waits until every message queued so far has been handed to the inner mailer (delivered or
  // failed) or dropped. For tests and orderly shutdown.
  void flush();

 private:
  struct Shared;  // what queued tasks use, so they may outlive the mailer
  std::shared_ptr<Shared> shared_;
  Executor& executor_;
  std::chrono::milliseconds drain_timeout_;
};

}  // namespace artshop::mail
