#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "support/child_process.hpp"
#include "support/temp_dir.hpp"

namespace artshop::testing {

// A real nginx (Debian's nginx-light) on a free loopback port, in front of `upstream_ports`
// round-robin, as a shop behind a reverse proxy is run. Its configuration, logs and
// temporary files live in a folder of its own; it runs in the foreground as a child of the
// test, and is stopped (SIGQUIT, by its pid) when this object goes away. A server that stops
// answering is passed over for the next (proxy_next_upstream on errors and timeouts, never
// for a request that may have been half done). Each answer names the server that gave it in
// an X-Upstream header ("127.0.0.1:PORT").
class NginxProxy {
 public:
  // Returns once nginx accepts connections; throws std::runtime_error (with its error log)
  // when it does not start.
  explicit NginxProxy(const std::vector<unsigned short>& upstream_ports);
  ~NginxProxy();
  NginxProxy(const NginxProxy&) = delete;
  NginxProxy& operator=(const NginxProxy&) = delete;

  unsigned short port() const noexcept { return port_; }
  std::string base_url() const;                  // "http://127.0.0.1:PORT"
  std::string url(std::string_view path) const;  // base_url() + path
  std::string error_log() const;

 private:
  TempDir folder_;
  unsigned short port_ = 0;
  std::unique_ptr<ChildProcess> process_;
};

}  // namespace artshop::testing
