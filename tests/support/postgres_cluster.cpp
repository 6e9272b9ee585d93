#include "support/postgres_cluster.hpp"

#include <sys/wait.h>

#include <csignal>
#include <fstream>
#include <stdexcept>
#include <utility>
#include <vector>

#include "support/eventually.hpp"
#include "support/loopback.hpp"
#include "support/unprivileged_process.hpp"

namespace artshop::testing {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

fs::path program(const std::string& name) {
  return find_program(name, "/usr/lib/postgresql/15/bin", "postgresql-15");
}

// The server is sent SIGQUIT, PostgreSQL's immediate shutdown, should the test process end
// first.
pid_t start_process(const fs::path& program, const std::vector<std::string>& arguments,
                    const fs::path& log) {
  return spawn(program, arguments, log, unprivileged_user(), SIGQUIT);
}

// postmaster.pid: the server's pid on its first line and, on its eighth, "ready" once it
// accepts connections (what pg_ctl start --wait looks at).
std::vector<std::string> pid_file(const fs::path& data) {
  std::ifstream in(data / "postmaster.pid");
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace

PostgresCluster::PostgresCluster()
    : data_(folder_.path() / "data"), log_(folder_.path() / "postgres.log") {
  hand_over(folder_.path(), unprivileged_user());
  const pid_t initdb = start_process(program("initdb"),
                                     {"--pgdata=" + data_.string(), "--username=postgres",
                                      "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"},
                                     log_);
  int status = 0;
  ::waitpid(initdb, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    throw std::runtime_error("initdb failed:\n" + log_tail());
  }
  // Another process may take the free port before the server binds it; then the server
  // exits at once, and another port is tried.
  constexpr int kPorts = 3;
  for (int attempt = 1;; ++attempt) {
    port_ = closed_port();
    try {
      start();
      return;
    } catch (const std::runtime_error&) {
      if (attempt == kPorts) throw;
    }
  }
}

PostgresCluster::~PostgresCluster() {
  stop();
}

PostgresCluster& PostgresCluster::shared() {
  static PostgresCluster cluster;
  return cluster;
}

std::string PostgresCluster::url(std::string_view database) const {
  return "postgresql://postgres@127.0.0.1:" + std::to_string(port_) + "/" + std::string(database);
}

void PostgresCluster::restart() {
  stop();
  start();
}

void PostgresCluster::start() {
  server_ = start_process(
      program("postgres"),
      {"-D", data_.string(), "-p", std::to_string(port_), "-k", folder_.path().string(), "-c",
       "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "synchronous_commit=off", "-c",
       "full_page_writes=off", "-c", "shared_buffers=16MB", "-c", "max_connections=50"},
      log_);
  bool exited = false;
  const bool ready = eventually(
      [&] {
        exited = ::waitpid(server_, nullptr, WNOHANG) == server_;
        const auto lines = pid_file(data_);
        return exited || (lines.size() >= 8 && lines[0] == std::to_string(server_) &&
                          lines[7].starts_with("ready"));
      },
      30s);
  if (exited) server_ = -1;
  if (!ready || exited) {
    stop();
    throw std::runtime_error("PostgreSQL did not start:\n" + log_tail());
  }
}

void PostgresCluster::stop() {
  if (server_ <= 0) return;
  const pid_t child = std::exchange(server_, -1);
  // The server's own pid is the one it wrote; a file left by an earlier run names some other
  // process, which is left alone.
  const auto lines = pid_file(data_);
  const bool current = !lines.empty() && lines[0] == std::to_string(child);
  ::kill(current ? static_cast<pid_t>(std::stol(lines[0])) : child, SIGINT);  // fast shutdown
  if (eventually([child] { return ::waitpid(child, nullptr, WNOHANG) == child; }, 20s)) return;
  ::kill(child, SIGKILL);
  ::waitpid(child, nullptr, 0);
}

PostgresCluster::Freeze::Freeze(PostgresCluster& cluster) {
  // The server and its children (a session's process, the background workers), found by the
  // parent pid each names in /proc/PID/stat, after its command in parentheses.
  stopped_.push_back(cluster.server_);
  for (const auto& entry : fs::directory_iterator("/proc")) {
    const auto name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::ifstream in(entry.path() / "stat");
    std::string stat;
    std::getline(in, stat);
    const auto end_of_command = stat.rfind(')');
    if (end_of_command == std::string::npos) continue;
    std::istringstream fields(stat.substr(end_of_command + 1));
    std::string state;
    pid_t parent = 0;
    fields >> state >> parent;
    if (parent == cluster.server_) stopped_.push_back(static_cast<pid_t>(std::stol(name)));
  }
  for (const pid_t pid : stopped_) ::kill(pid, SIGSTOP);
}

PostgresCluster::Freeze::~Freeze() {
  for (const pid_t pid : stopped_) ::kill(pid, SIGCONT);
}

std::string PostgresCluster::log_tail() const {
  return file_tail(log_);
}

}  // namespace artshop::testing
