#include "artshop/http/body_stream.hpp"

#include <spdlog/spdlog.h>

#include <exception>
#include <utility>

namespace artshop::http {

BodyStream::BodyStream(std::uintmax_t length, Producer producer,
                       std::chrono::milliseconds stall_limit, std::size_t buffer_limit)
    : length_(length),
      producer_(std::move(producer)),
      stall_limit_(stall_limit),
      buffer_limit_(buffer_limit) {}

BodyStream::BodyStream(Producer producer, std::chrono::milliseconds stall_limit,
                       std::size_t buffer_limit)
    : length_(std::nullopt),
      producer_(std::move(producer)),
      stall_limit_(stall_limit),
      buffer_limit_(buffer_limit) {}

void BodyStream::produce() noexcept {
  {
    const std::scoped_lock lock(mutex_);
    if (abandoned_) return;
  }
  bool made = false;
  try {
    producer_(*this);
    made = true;
  } catch (const std::exception& e) {
    spdlog::warn("an answer's body was cut short: {}", e.what());
  } catch (...) {
    spdlog::warn("an answer's body was cut short: unknown exception");
  }
  std::function<void()> delivery;
  {
    const std::scoped_lock lock(mutex_);
    if (state_ == State::Producing) {
      state_ = made && (!length_ || written_ == *length_) ? State::Done : State::Failed;
    }
    delivery = ready_delivery();
  }
  if (delivery) delivery();
}

bool BodyStream::write(std::string_view bytes) {
  std::function<void()> delivery;
  {
    std::unique_lock lock(mutex_);
    const bool room = space_.wait_for(lock, stall_limit_,
                                      [&] { return abandoned_ || buffer_.size() < buffer_limit_; });
    if (abandoned_ || state_ != State::Producing) return false;
    if (!room) {
      state_ = State::Failed;  // the client stopped reading
    } else if (length_ && written_ + bytes.size() > *length_) {
      state_ = State::Failed;  // more than the Content-Length promised
    } else {
      buffer_.append(bytes);
      written_ += bytes.size();
    }
    delivery = ready_delivery();
  }
  if (delivery) delivery();
  std::scoped_lock lock(mutex_);
  return state_ == State::Producing && !abandoned_;
}

void BodyStream::next(std::function<void(Chunk)> deliver) {
  std::function<void()> delivery;
  {
    const std::scoped_lock lock(mutex_);
    waiting_ = std::move(deliver);
    delivery = ready_delivery();
  }
  if (delivery) delivery();
}

std::function<void()> BodyStream::ready_delivery() {
  if (!waiting_) return {};
  Chunk chunk;
  if (!buffer_.empty() && state_ != State::Failed) {
    chunk.bytes = std::move(buffer_);
    buffer_.clear();
    space_.notify_all();
  } else if (state_ == State::Done) {
    chunk.done = true;
  } else if (state_ == State::Failed) {
    chunk.failed = true;
  } else {
    return {};
  }
  return [deliver = std::exchange(waiting_, {}), chunk = std::move(chunk)]() mutable {
    deliver(std::move(chunk));
  };
}

void BodyStream::abandon() noexcept {
  {
    const std::scoped_lock lock(mutex_);
    abandoned_ = true;
    waiting_ = {};
  }
  space_.notify_all();
}

}  // namespace artshop::http
