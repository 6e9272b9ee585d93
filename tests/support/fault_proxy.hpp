#pragma once

#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace artshop::testing {

// An HTTP/1.1 proxy on a free loopback port in front of one upstream server (s3rver, say) that
// fails the first `failing` requests it receives, then forwards the rest, keeping each client
// connection's upstream connection open as long as both ends do. It counts the TCP connections
// clients open and records every request's line and headers, so a test can tell what was sent
// again, what was not, and over how many connections.
class FaultProxy {
 public:
  enum class Fault {
    Status,           // answer `status` with an S3 error body (Code InjectedFault)
    CloseConnection,  // read the request, then close the connection without a word
  };
  struct Options {
    unsigned short upstream_port = 0;
    std::size_t failing = 0;
    Fault fault = Fault::Status;
    unsigned status = 500;
  };
  struct Seen {
    std::string method;
    std::string target;
    std::vector<std::pair<std::string, std::string>> headers;  // as sent
    bool failed = false;  // the fault answered it, not the upstream

    // The value of the first header of that name (any case), or "".
    std::string header(std::string_view name) const;
  };

  explicit FaultProxy(Options options);
  ~FaultProxy();
  FaultProxy(const FaultProxy&) = delete;
  FaultProxy& operator=(const FaultProxy&) = delete;

  std::string endpoint() const;  // "http://127.0.0.1:PORT"
  unsigned short port() const noexcept { return port_; }
  std::size_t connections() const noexcept { return connections_.load(); }
  std::vector<Seen> requests() const;

 private:
  struct Shared;
  void accept_loop();
  void serve(int client_fd);

  Options options_;
  int listener_ = -1;
  unsigned short port_ = 0;
  std::atomic<std::size_t> connections_{0};
  std::shared_ptr<Shared> shared_;
  std::thread acceptor_;
};

}  // namespace artshop::testing
