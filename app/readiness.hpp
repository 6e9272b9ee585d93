#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <thread>

namespace artshop::app {

// Whether this server is ready for traffic (GET /readyz), kept as a state: `check` runs once in
// the constructor (so a server that is ready as it starts listening says so from its first
// request), then every `interval` on a thread of its own, which keeps its answer. ready() only
// reads it, so /readyz, answered on an I/O thread, never waits for the database (a reconnect
// may take seconds) and never holds up the health checks and static files behind it. A check
// that throws counts as not ready.
class Readiness {
 public:
  Readiness(std::function<bool()> check, std::chrono::milliseconds interval);
  Readiness(const Readiness&) = delete;
  Readiness& operator=(const Readiness&) = delete;

  bool ready() const noexcept { return ready_.load(); }

 private:
  bool checked() const noexcept;
  void keep_checking(const std::stop_token& stop);

  const std::function<bool()> check_;
  const std::chrono::milliseconds interval_;
  std::atomic<bool> ready_{false};
  std::jthread checking_;  // last: stopped and joined before the rest goes
};

}  // namespace artshop::app
