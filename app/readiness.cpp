#include "readiness.hpp"

#include <spdlog/spdlog.h>

#include <condition_variable>
#include <exception>
#include <mutex>

namespace artshop::app {

Readiness::Readiness(std::function<bool()> check, std::chrono::milliseconds interval)
    : check_(std::move(check)),
      interval_(interval),
      ready_(checked()),
      checking_([this](const std::stop_token& stop) { keep_checking(stop); }) {}

bool Readiness::checked() const noexcept {
  try {
    return check_();
  } catch (const std::exception& e) {
    spdlog::warn("readiness check failed: {}", e.what());
  } catch (...) {
    spdlog::warn("readiness check failed");
  }
  return false;
}

void Readiness::keep_checking(const std::stop_token& stop) {
  std::mutex mutex;
  std::condition_variable_any wake;
  while (true) {
    {
      std::unique_lock lock(mutex);
      wake.wait_for(lock, stop, interval_, [] { return false; });
    }
    if (stop.stop_requested()) return;
    const bool ready = checked();
    // Logged when it changes, not at every check.
    if (ready_.exchange(ready) != ready) {
      if (ready) {
        spdlog::info("ready for traffic");
      } else {
        spdlog::warn("not ready for traffic: the database or the catalogue is not there");
      }
    }
  }
}

}  // namespace artshop::app
