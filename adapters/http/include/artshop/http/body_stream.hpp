#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

namespace artshop::http {

// An answer's body made while it is sent: a producer on a worker thread writes bytes as it gets
// them (from a network store, from the database), the connection takes them as the client
// reads. Of a known length it goes out with its Content-Length; of a length nobody knows up
// front (an export) it goes out chunked, and a producer that fails ends the connection before
// the last chunk, so that the client knows the body is short. At most `buffer_limit` bytes wait
// between the two, so memory stays bounded however large the body and however slow the client: a
// producer ahead of the client waits.
class BodyStream {
 public:
  // Calls write() for the body's bytes in order; throws when it cannot make them.
  using Producer = std::function<void(BodyStream&)>;

  static constexpr std::size_t kDefaultBufferLimit = std::size_t{256} * 1024;
  // `stall_limit`: how long the producer waits for a client that reads nothing before it gives
  // the answer up (the connection's own read timeout).
  BodyStream(std::uintmax_t length, Producer producer, std::chrono::milliseconds stall_limit,
             std::size_t buffer_limit = kDefaultBufferLimit);
  // A body whose length is known only at its end: sent chunked.
  BodyStream(Producer producer, std::chrono::milliseconds stall_limit,
             std::size_t buffer_limit = kDefaultBufferLimit);
  BodyStream(const BodyStream&) = delete;
  BodyStream& operator=(const BodyStream&) = delete;

  // nullopt: unknown until the producer ends (the body is sent chunked).
  std::optional<std::uintmax_t> length() const noexcept { return length_; }

  // Runs the producer to its end on the calling thread (once the answer's head is on its way).
  // Never throws: a producer that fails, or makes more or fewer bytes than the length, ends
  // the body as failed, and the connection is closed short of its Content-Length so that the
  // client knows.
  void produce() noexcept;

  // For the producer: queues `bytes`, waiting while the buffer is full. False once the body
  // was abandoned (the connection closed) or the client read nothing for the stall limit:
  // the producer then stops.
  bool write(std::string_view bytes);

  // For the connection: what is there to send next.
  struct Chunk {
    std::string bytes;    // what waited; empty at the end
    bool done = false;    // the whole body was sent
    bool failed = false;  // the body cannot be finished
  };
  // Hands the next chunk to `deliver`, at once when there is one, else from the producer's
  // thread when there is. One call at a time.
  void next(std::function<void(Chunk)> deliver);

  // The connection is gone: the producer stops at its next write, and produce() is a no-op
  // if it has not started.
  void abandon() noexcept;

 private:
  enum class State { Producing, Done, Failed };
  // Under the lock: the call that hands a waiting reader what is ready, or an empty function.
  std::function<void()> ready_delivery();

  std::optional<std::uintmax_t> length_;
  Producer producer_;
  std::chrono::milliseconds stall_limit_;
  std::size_t buffer_limit_;
  std::mutex mutex_;
  std::condition_variable space_;
  std::string buffer_;
  std::uintmax_t written_ = 0;
  State state_ = State::Producing;
  bool abandoned_ = false;
  std::function<void(Chunk)> waiting_;
};

}  // namespace artshop::http
