#pragma once

#include <chrono>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace artshop::testing {

struct CaseInsensitiveLess {
  using is_transparent = void;
  bool operator()(std::string_view a, std::string_view b) const noexcept;
};

using HeaderMap = std::map<std::string, std::string, CaseInsensitiveLess>;
using RequestHeaders = std::vector<std::pair<std::string, std::string>>;

struct HttpResponse {
  long status = 0;
  HeaderMap headers;  // of the final response; a repeated field's values joined with ", "
  std::string body;   // as sent: never decompressed

  std::string header(std::string_view name) const;  // "" when absent
  bool has_header(std::string_view name) const { return headers.contains(name); }
};

// One request on a fresh connection (libcurl). The path is sent as written ("/../" included);
// a body goes without a Content-Type unless `headers` names one. Throws when there is no answer.
HttpResponse request(std::string_view method, const std::string& url, std::string_view body = {},
                     const RequestHeaders& headers = {});
HttpResponse get(const std::string& url, const RequestHeaders& headers = {});
HttpResponse post_json(const std::string& url, std::string_view json, RequestHeaders headers = {});

// A plain TCP connection, for what a well-behaved client library will not send: malformed,
// oversized, pipelined or piecemeal requests.
class RawConnection {
 public:
  RawConnection(const std::string& host, unsigned short port);  // throws std::system_error
  ~RawConnection();
  RawConnection(const RawConnection&) = delete;
  RawConnection& operator=(const RawConnection&) = delete;

  void send(std::string_view bytes);
  // Everything received until the peer closes, or until nothing arrives for `idle_timeout`.
  std::string receive(std::chrono::milliseconds idle_timeout = std::chrono::seconds{5});
  // What arrived up to and including `text`, or all that arrived when `timeout` passes first
  // (or the peer closes).
  std::string receive_until(std::string_view text,
                            std::chrono::milliseconds timeout = std::chrono::seconds{5});
  // Whether the peer closed (or reset) the connection, as the last receive found; false when it
  // stopped for want of anything more to read.
  bool closed_by_peer() const noexcept { return closed_by_peer_; }

 private:
  int fd_ = -1;
  bool closed_by_peer_ = false;
};

// The status line of every answer in what a raw connection received, in order.
std::vector<std::string> status_lines(const std::string& received);
// The X-Request-Id of every answer in what a raw connection received, in order.
std::vector<std::string> request_ids(const std::string& received);

// Sends `bytes` on a fresh connection and returns what comes back (see RawConnection::receive).
std::string raw_exchange(const std::string& host, unsigned short port, std::string_view bytes,
                         std::chrono::milliseconds idle_timeout = std::chrono::seconds{5});

}  // namespace artshop::testing
