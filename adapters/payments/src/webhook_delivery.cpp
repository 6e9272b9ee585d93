#include "webhook_delivery.hpp"

#include <fmt/chrono.h>
#include <spdlog/spdlog.h>

#include <exception>
#include <vector>

#include "artshop/payments/webhook_signature.hpp"
#include "http_post.hpp"

namespace artshop::payments {

namespace {

using SteadyClock = std::chrono::steady_clock;

}  // namespace

WebhookDelivery::WebhookDelivery(std::string url, std::string secret, const Clock& clock,
                                 std::size_t max_pending)
    : url_(std::move(url)), secret_(std::move(secret)), clock_(clock), max_pending_(max_pending) {
  worker_ = std::thread([this] { deliver_queued(); });
}

WebhookDelivery::~WebhookDelivery() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    drain_deadline_ = SteadyClock::now() + kDrainTimeout;
  }
  wake_.notify_all();
  worker_.join();
}

WebhookDelivery::Queued WebhookDelivery::enqueue(std::string event_id, std::string reference,
                                                 std::string body) {
  std::lock_guard lock(mutex_);
  if (pending_references_.contains(reference)) return Queued::AlreadyPending;
  if (pending_references_.size() >= max_pending_) {
    spdlog::error("sandbox webhook {} for {} refused: {} events are waiting already", event_id,
                  reference, pending_references_.size());
    return Queued::Full;
  }
  pending_references_.insert(reference);
  queue_.push_back(Pending{
      .event_id = std::move(event_id), .reference = std::move(reference), .body = std::move(body)});
  wake_.notify_one();
  return Queued::Yes;
}

void WebhookDelivery::deliver_queued() {
  std::unique_lock lock(mutex_);
  while (true) {
    wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopping, and nothing left to send
    const Pending next = std::move(queue_.front());
    queue_.pop_front();
    lock.unlock();
    deliver(next);
    lock.lock();
    pending_references_.erase(next.reference);
  }
}

void WebhookDelivery::deliver(const Pending& event) {
  for (std::size_t attempt = 0;; ++attempt) {
    const auto timeout = attempt_timeout();
    if (!timeout) {
      spdlog::error("sandbox webhook {} for {} not delivered: shutting down", event.event_id,
                    event.reference);
      return;
    }
    std::string failure;
    try {
      const auto signed_at = std::chrono::floor<std::chrono::seconds>(clock_.now());
      const std::vector<std::string> headers{
          "Content-Type: application/json",
          "Stripe-Signature: " + sign_webhook(secret_, event.body, signed_at)};
      const HttpAnswer answer = http_post(url_, headers, event.body, *timeout);
      if (answer.ok()) {
        spdlog::info("sandbox webhook {} for {} delivered (HTTP {})", event.event_id,
                     event.reference, answer.status);
        return;
      }
      failure = fmt::format("HTTP {}", answer.status);
    } catch (const std::exception& error) {
      failure = error.what();
    }
    if (attempt == kRetryDelays.size()) {
      spdlog::error("sandbox webhook {} for {} given up after {} attempts: {}", event.event_id,
                    event.reference, attempt + 1, failure);
      return;
    }
    spdlog::warn("sandbox webhook {} for {} failed ({}); retrying in {}", event.event_id,
                 event.reference, failure, kRetryDelays[attempt]);
    if (!pause(kRetryDelays[attempt])) {
      spdlog::error("sandbox webhook {} for {} not delivered: shutting down ({})", event.event_id,
                    event.reference, failure);
      return;
    }
  }
}

std::optional<std::chrono::milliseconds> WebhookDelivery::attempt_timeout() {
  std::lock_guard lock(mutex_);
  if (!stopping_) return kAttemptTimeout;
  const auto left =
      std::chrono::ceil<std::chrono::milliseconds>(drain_deadline_ - SteadyClock::now());
  if (left <= std::chrono::milliseconds::zero()) return std::nullopt;
  return std::min(kAttemptTimeout, left);
}

bool WebhookDelivery::pause(std::chrono::milliseconds delay) {
  std::unique_lock lock(mutex_);
  const auto resume_at = SteadyClock::now() + delay;
  // Woken early only by a shutdown whose deadline comes before the retry would.
  return !wake_.wait_until(lock, resume_at,
                           [&] { return stopping_ && resume_at >= drain_deadline_; });
}

}  // namespace artshop::payments
