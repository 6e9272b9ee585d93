#pragma once

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "support/temp_dir.hpp"

namespace artshop::testing {

struct ServerProcessOptions {
  // The front end to serve; empty means an empty folder (no front end built).
  std::filesystem::path static_dir{};
  // Extra ARTSHOP_* settings, or overrides of the defaults below.
  std::vector<std::pair<std::string, std::string>> env{};
  std::vector<std::string> arguments{"serve"};
  std::chrono::seconds startup_timeout{15};
};

// The real `artshop` binary on a free loopback port, with a data folder of its own and its
// output in a log file. The inherited environment loses every ARTSHOP_* variable, so a
// developer's settings never leak into a test; the process gets ARTSHOP_HOST=127.0.0.1,
// ARTSHOP_PORT=0, ARTSHOP_DATA_DIR, ARTSHOP_STATIC_DIR, ARTSHOP_LOG_LEVEL=info and
// ARTSHOP_SEED_OFFERS=0 (no sample catalogue), then `env`.
// The constructor returns once the log says "listening on http://127.0.0.1:PORT" and throws
// (with the log) when that does not happen in time.
class ServerProcess {
 public:
  explicit ServerProcess(ServerProcessOptions options = {});
  ~ServerProcess();  // kills the process if it still runs
  ServerProcess(const ServerProcess&) = delete;
  ServerProcess& operator=(const ServerProcess&) = delete;

  unsigned short port() const noexcept { return port_; }
  std::string base_url() const;                  // "http://127.0.0.1:PORT"
  std::string url(std::string_view path) const;  // base_url() + path
  pid_t pid() const noexcept { return pid_; }
  const std::filesystem::path& data_dir() const noexcept { return data_dir_; }  // as it runs
  const std::filesystem::path& log_file() const noexcept { return log_file_; }
  // The PostgreSQL database it runs on, or "" for SQLite in its data folder.
  const std::string& database_url() const noexcept { return database_url_; }

  std::string log_text() const;
  // Polls the log until it contains `text`; false on timeout.
  bool wait_for_log(std::string_view text, std::chrono::milliseconds timeout) const;

  void send_signal(int signal) const;
  // The exit code once the process has ended (128 + signal number when a signal ended it);
  // nullopt if it still runs after `timeout`.
  std::optional<int> wait(std::chrono::milliseconds timeout);
  // SIGTERM, then wait; SIGKILL (and 128 + 9) when it does not end in time.
  int terminate(std::chrono::milliseconds timeout = std::chrono::seconds{15});

 private:
  std::optional<unsigned short> listening_port() const;

  TempDir temp_;
  std::filesystem::path data_dir_;
  std::filesystem::path log_file_;
  std::string database_url_;
  pid_t pid_ = -1;
  std::optional<int> exit_code_;
  unsigned short port_ = 0;
};

}  // namespace artshop::testing
