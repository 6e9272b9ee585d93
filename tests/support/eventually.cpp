#include "support/eventually.hpp"

#include <algorithm>
#include <condition_variable>
#include <mutex>

namespace artshop::testing {

bool eventually(const std::function<bool()>& done, std::chrono::milliseconds timeout) {
  using Clock = std::chrono::steady_clock;
  constexpr std::chrono::milliseconds kLongestPause{50};
  const auto deadline = Clock::now() + timeout;
  // Nothing notifies it: the wait is the pause between two looks, bounded by the deadline.
  std::mutex mutex;
  std::condition_variable pause;
  std::unique_lock lock(mutex);
  std::chrono::milliseconds next{1};
  while (!done()) {
    const auto now = Clock::now();
    if (now >= deadline) return false;
    pause.wait_until(lock, std::min(now + next, deadline));
    next = std::min(next * 2, kLongestPause);
  }
  return true;
}

}  // namespace artshop::testing
