#include "artshop/mail/background_mailer.hpp"

#include <spdlog/spdlog.h>

#include <exception>
#include <stdexcept>

#include "artshop/mail/message_text.hpp"

namespace artshop::mail {

namespace {

void log_not_sent(const EmailMessage& message, std::string_view reason) {
  spdlog::warn("mail to {} not sent: {} (subject: {})", single_line(message.to), reason,
               single_line(message.subject));
}

}  // namespace

BackgroundMailer::BackgroundMailer(std::unique_ptr<Mailer> inner,
                                   std::chrono::milliseconds drain_timeout)
    : inner_(std::move(inner)), drain_timeout_(drain_timeout) {
  if (!inner_) throw std::invalid_argument("BackgroundMailer needs a mailer to wrap");
  worker_ = std::thread([this] { deliver_queued(); });
}

BackgroundMailer::~BackgroundMailer() {
  {
    std::unique_lock lock(mutex_);
    stopping_ = true;
    work_or_stop_.notify_one();
    const bool drained =
        idle_.wait_for(lock, drain_timeout_, [this] { return queue_.empty() && !delivering_; });
    if (!drained) {
      for (const EmailMessage& message : queue_) log_not_sent(message, "shutting down");
      queue_.clear();
    }
  }
  worker_.join();
}

void BackgroundMailer::send(const EmailMessage& message) {
  std::lock_guard lock(mutex_);
  if (queue_.size() >= kMaxQueued) {
    log_not_sent(message, "the mail queue is full");
    return;
  }
  queue_.push_back(message);
  work_or_stop_.notify_one();
}

void BackgroundMailer::flush() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] { return queue_.empty() && !delivering_; });
}

void BackgroundMailer::deliver_queued() {
  std::unique_lock lock(mutex_);
  while (true) {
    work_or_stop_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, and nothing left to send
    const EmailMessage message = std::move(queue_.front());
    queue_.pop_front();
    delivering_ = true;
    lock.unlock();
    deliver(message);
    lock.lock();
    delivering_ = false;
    if (queue_.empty()) idle_.notify_all();
  }
}

void BackgroundMailer::deliver(const EmailMessage& message) noexcept {
  try {
    inner_->send(message);
  } catch (const std::exception& error) {
    log_not_sent(message, error.what());
  } catch (...) {
    log_not_sent(message, "unknown error");
  }
}

}  // namespace artshop::mail
