#pragma once

#include <array>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>

#include "artshop/core/ports/clock.hpp"

namespace artshop::payments {

// Sends the sandbox's events to the shop's webhook URL from its own thread, signed like
// Stripe's and retried like a provider would: the button that caused an event has answered
// long before. Each attempt is signed afresh, so a late retry is still within the tolerance.
// Thread-safe.
class WebhookDelivery {
 public:
  // After the first attempt; an event that fails them all is logged and dropped.
  static constexpr std::array kRetryDelays{
      std::chrono::milliseconds{500}, std::chrono::milliseconds{1'000},
      std::chrono::milliseconds{2'000}, std::chrono::milliseconds{4'000},
      std::chrono::milliseconds{8'000}};
  static constexpr std::chrono::milliseconds kAttemptTimeout{5'000};
  static constexpr std::chrono::milliseconds kDrainTimeout{5'000};

  // At most `max_pending` events wait at once (queued, or being delivered and retried).
  WebhookDelivery(std::string url, std::string secret, const Clock& clock, std::size_t max_pending);
  // Goes on delivering what is queued for up to kDrainTimeout, then drops (and logs) the rest.
  ~WebhookDelivery();
  WebhookDelivery(const WebhookDelivery&) = delete;
  WebhookDelivery& operator=(const WebhookDelivery&) = delete;

  enum class Queued : std::uint8_t {
    Yes,
    AlreadyPending,  // an event of the same reference waits still: nothing more is queued
    Full,            // max_pending events wait: refused
  };

  // Queues one event (its JSON body) and returns at once. Each reference (an order or a
  // deposit) has one event waiting at most, so that no one payment can crowd out the others.
  Queued enqueue(std::string event_id, std::string reference, std::string body);

 private:
  struct Pending {
    std::string event_id;
    std::string reference;
    std::string body;
  };

  void deliver_queued();
  void deliver(const Pending& event);
  // How long the next attempt may take; nullopt once shutdown has used up the drain time.
  std::optional<std::chrono::milliseconds> attempt_timeout();
  // False when shutdown leaves no time to retry after `delay`.
  bool pause(std::chrono::milliseconds delay);

  std::string url_;
  std::string secret_;
  const Clock& clock_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Pending> queue_;
  std::size_t max_pending_;
  // The references of the queued events and of the one being delivered.
  std::set<std::string, std::less<>> pending_references_;
  bool stopping_ = false;
  std::chrono::steady_clock::time_point drain_deadline_;
  std::thread worker_;  // last: starts once everything it uses exists
};

}  // namespace artshop::payments
