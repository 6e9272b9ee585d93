#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "artshop/core/ports/clock.hpp"

// Pieces shared by the payment adapter's tests: a real HTTP listener on loopback standing in
// for the shop's webhook endpoint or for Stripe's API, and a clock the tests move.
namespace artshop::payments::test_support {

struct RecordedRequest {
  std::string method;
  std::string target;
  std::map<std::string, std::string> headers;  // names lower-cased
  std::string body;

  std::string header(std::string_view name) const;  // "" when absent
};

struct CannedAnswer {
  unsigned status = 200;
  std::string body = R"({"received":true})";
};

// A blocking HTTP/1.1 server on 127.0.0.1 and a free port, in its own thread: one request per
// connection (Content-Length bodies only), recorded, answered by the responder, then closed.
class LoopbackHttpServer {
 public:
  using Responder = std::function<CannedAnswer(const RecordedRequest&)>;

  explicit LoopbackHttpServer(Responder responder = {});
  ~LoopbackHttpServer();
  LoopbackHttpServer(const LoopbackHttpServer&) = delete;
  LoopbackHttpServer& operator=(const LoopbackHttpServer&) = delete;

  std::string url(std::string_view path) const;

  // What arrived so far, in order.
  std::vector<RecordedRequest> received() const;
  // What arrived once at least `count` requests have, or when `within` has passed.
  std::vector<RecordedRequest> wait_for(std::size_t count,
                                        std::chrono::seconds within = std::chrono::seconds{20});

 private:
  void serve();
  void handle(int connection);

  Responder responder_;
  int listener_ = -1;
  unsigned short port_ = 0;
  mutable std::mutex mutex_;
  std::condition_variable arrived_;
  std::vector<RecordedRequest> requests_;
  bool stopping_ = false;
  std::thread thread_;
};

// Stripe's API as the shop calls it, on loopback: POST /v1/checkout/sessions answers an open
// session with a url; POST /v1/refunds makes one refund per Idempotency-Key and answers the same
// refund for the same key again, as Stripe does. Told to refuse refunds, it answers 400 with
// Stripe's error shape and makes none. Anything else is a 404 in Stripe's shape.
class StripeDouble {
 public:
  StripeDouble();

  std::string api_base() const { return server_.url(""); }
  std::vector<RecordedRequest> received() const { return server_.received(); }
  // The requests to `path` so far, in order.
  std::vector<RecordedRequest> received_at(std::string_view path) const;
  // How many refunds it made: one per Idempotency-Key.
  std::size_t refunds_made() const;

  // The status new refunds are made with: "pending" (the default) or "succeeded".
  void make_refunds(std::string status);
  // From now on every refund is answered 400 {"error":{"message": message, ...}}.
  void refuse_refunds(std::string message);

 private:
  CannedAnswer answer(const RecordedRequest& request);
  CannedAnswer refund(const RecordedRequest& request);

  mutable std::mutex mutex_;
  std::map<std::string, std::string> refunds_by_key_;  // the answer each key got
  std::string refund_status_ = "pending";
  std::string refusal_;
  LoopbackHttpServer server_;  // last: its thread answers through the members above
};

// application/x-www-form-urlencoded, decoded independently of the adapter's own code.
std::map<std::string, std::string> decode_form(std::string_view body);

class ManualClock final : public Clock {
 public:
  ManualClock() : now_(std::chrono::system_clock::now()) {}
  std::chrono::system_clock::time_point now() const override {
    std::lock_guard lock(mutex_);
    return now_;
  }
  void advance(std::chrono::system_clock::duration by) {
    std::lock_guard lock(mutex_);
    now_ += by;
  }

 private:
  mutable std::mutex mutex_;
  std::chrono::system_clock::time_point now_;
};

}  // namespace artshop::payments::test_support
