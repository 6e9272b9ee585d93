#include "handler_runner.hpp"

#include <memory>
#include <utility>

namespace artshop::http {

// Held by a handler's task on its executor: counts the work from its submission to the end of
// the task, and destroys the work first.
class HandlerRunner::Ticket {
 public:
  Ticket(HandlerRunner& runner, std::function<void()> work)
      : runner_(runner), work_(std::move(work)) {
    runner_.started();
  }
  ~Ticket() {
    work_ = nullptr;
    runner_.finished();
  }
  Ticket(const Ticket&) = delete;
  Ticket& operator=(const Ticket&) = delete;

  void run() {
    if (runner_.abandoned()) return;
    work_();
  }

 private:
  HandlerRunner& runner_;
  std::function<void()> work_;
};

HandlerRunner::HandlerRunner(std::string name, unsigned threads, std::size_t queue)
    : workers_(std::move(name), threads, queue) {}

HandlerRunner::~HandlerRunner() {
  abandon();
}

bool HandlerRunner::try_submit(Executor* executor, std::function<void()> work) {
  auto& runner = executor != nullptr ? *executor : workers_;
  auto ticket = std::make_shared<Ticket>(*this, std::move(work));
  return runner.try_submit([ticket] { ticket->run(); });
}

void HandlerRunner::abandon() {
  abandoning_ = true;
  workers_.stop();
  {
    std::unique_lock lock(mutex_);
    done_.wait(lock, [this] { return in_flight_ == 0; });
  }
  workers_.join();
}

void HandlerRunner::started() {
  const std::scoped_lock lock(mutex_);
  ++in_flight_;
}

void HandlerRunner::finished() {
  {
    const std::scoped_lock lock(mutex_);
    --in_flight_;
  }
  done_.notify_all();
}

}  // namespace artshop::http
