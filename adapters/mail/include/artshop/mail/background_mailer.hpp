#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>

#include "artshop/core/ports/mailer.hpp"

namespace artshop::mail {

// Sends through another mailer on its own thread, so no request waits for a mail server. It
// also keeps "forgot password" as fast for an unknown address as for a known one.
//
// A failed delivery is logged (recipient, subject and reason; never the body, which may hold a
// reset code) and dropped: a request that already answered cannot be told. Thread-safe.
class BackgroundMailer final : public Mailer {
 public:
  // Past this many waiting messages (the mail server is down, or a flood) new ones are
  // dropped with a warning rather than growing memory without end.
  static constexpr std::size_t kMaxQueued = 10'000;

  // Throws std::invalid_argument when `inner` is null.
  explicit BackgroundMailer(std::unique_ptr<Mailer> inner,
                            std::chrono::milliseconds drain_timeout = std::chrono::seconds{10});

  // Delivers what is queued for up to the drain timeout, drops (and logs) what is left, then
  // waits for the delivery in progress, which the inner mailer's own timeout bounds.
  ~BackgroundMailer() override;

  BackgroundMailer(const BackgroundMailer&) = delete;
  BackgroundMailer& operator=(const BackgroundMailer&) = delete;

  // Queues a copy and returns at once; never throws for a delivery problem.
  void send(const EmailMessage& message) override;

  // Waits until every message queued so far has been handed to the inner mailer (delivered or
  // failed). For tests and orderly shutdown.
  void flush();

 private:
  void deliver_queued();
  void deliver(const EmailMessage& message) noexcept;

  std::unique_ptr<Mailer> inner_;
  std::chrono::milliseconds drain_timeout_;
  std::mutex mutex_;
  std::condition_variable work_or_stop_;
  std::condition_variable idle_;
  std::deque<EmailMessage> queue_;
  bool delivering_ = false;
  bool stopping_ = false;
  std::thread worker_;  // last: starts once everything it uses exists
};

}  // namespace artshop::mail
