#include "artshop/mail/background_mailer.hpp"

#include <spdlog/spdlog.h>

#include <condition_variable>
#include <cstddef>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <string_view>

#include "artshop/mail/message_text.hpp"

namespace artshop::mail {

namespace {

void log_not_sent(const EmailMessage& message, std::string_view reason) {
  spdlog::warn("mail to {} not sent: {} (subject: {})", single_line(message.to), reason,
               single_line(message.subject));
}

}  // namespace

struct BackgroundMailer::Shared {
  std::unique_ptr<Mailer> inner;
  std::mutex mutex;
  std::condition_variable idle;
  std::size_t pending = 0;  // handed to the executor, not yet delivered, failed or dropped
  bool abandoned = false;   // the mailer is gone and its drain time is over

  // One message on the executor. It counts as pending until it is destroyed, which also
  // happens when an executor that stops drops it without running it: so neither flush nor
  // shutdown waits for a task that will never run.
  class Queued {
   public:
    Queued(std::shared_ptr<Shared> shared, EmailMessage message)
        : shared_(std::move(shared)), message_(std::move(message)) {
      const std::scoped_lock lock(shared_->mutex);
      ++shared_->pending;
    }
    ~Queued() {
      if (!handled_) log_not_sent(message_, "the mail executor stopped");
      const std::scoped_lock lock(shared_->mutex);
      if (--shared_->pending == 0) shared_->idle.notify_all();
    }
    Queued(const Queued&) = delete;
    Queued& operator=(const Queued&) = delete;

    // For a message the executor refused.
    void drop(std::string_view reason) noexcept {
      handled_ = true;
      log_not_sent(message_, reason);
    }

    void deliver() noexcept {
      handled_ = true;
      bool abandoned = false;
      {
        const std::scoped_lock lock(shared_->mutex);
        abandoned = shared_->abandoned;
      }
      if (abandoned) {
        log_not_sent(message_, "shutting down");
        return;
      }
      try {
        shared_->inner->send(message_);
      } catch (const std::exception& error) {
        log_not_sent(message_, error.what());
      } catch (...) {
        log_not_sent(message_, "unknown error");
      }
    }

   private:
    std::shared_ptr<Shared> shared_;
    EmailMessage message_;
    bool handled_ = false;
  };
};

BackgroundMailer::BackgroundMailer(std::unique_ptr<Mailer> inner, Executor& executor,
                                   std::chrono::milliseconds drain_timeout)
    : shared_(std::make_shared<Shared>()), executor_(executor), drain_timeout_(drain_timeout) {
  if (!inner) throw std::invalid_argument("BackgroundMailer needs a mailer to wrap");
  shared_->inner = std::move(inner);
}

BackgroundMailer::~BackgroundMailer() {
  std::unique_lock lock(shared_->mutex);
  if (!shared_->idle.wait_for(lock, drain_timeout_, [this] { return shared_->pending == 0; })) {
    shared_->abandoned = true;
  }
}

void BackgroundMailer::send(const EmailMessage& message) {
  auto queued = std::make_shared<Shared::Queued>(shared_, message);
  if (!executor_.try_submit([queued] { queued->deliver(); })) {
    queued->drop("the mail queue is full");
  }
}

void BackgroundMailer::flush() {
  std::unique_lock lock(shared_->mutex);
  shared_->idle.wait(lock, [this] { return shared_->pending == 0; });
}

}  // namespace artshop::mail
