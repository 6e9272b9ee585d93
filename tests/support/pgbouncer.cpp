#include "support/pgbouncer.hpp"

#include <sys/wait.h>

#include <csignal>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "support/eventually.hpp"
#include "support/loopback.hpp"
#include "support/unprivileged_process.hpp"

namespace artshop::testing {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

void write_file(const fs::path& file, const std::string& text, const RunAs& who) {
  std::ofstream(file) << text;
  hand_over(file, who);
}

}  // namespace

PgBouncer::PgBouncer(unsigned short server_port, int pool_size)
    : log_(folder_.path() / "pgbouncer.log") {
  hand_over(folder_.path(), unprivileged_user());
  // Another process may take the free port before pgbouncer binds it; then it exits at once,
  // and another port is tried.
  constexpr int kPorts = 3;
  for (int attempt = 1;; ++attempt) {
    port_ = closed_port();
    try {
      start(server_port, pool_size);
      return;
    } catch (const std::runtime_error&) {
      if (attempt == kPorts) throw;
    }
  }
}

PgBouncer::~PgBouncer() {
  stop();
}

void PgBouncer::start(unsigned short server_port, int pool_size) {
  const RunAs who = unprivileged_user();
  const fs::path users = folder_.path() / "users.txt";
  write_file(users, "\"postgres\" \"\"\n", who);
  // No unix socket (it would go to /tmp, shared with the machine's own pgbouncer), no pid
  // file, the log to standard error. ignore_startup_parameters stays empty: the shop sends
  // nothing pgbouncer does not know. server_reset_query is not run in transaction mode: the
  // shop leaves nothing in a session for the next client to find.
  std::ostringstream config;
  config << "[databases]\n"
         << "* = host=127.0.0.1 port=" << server_port << "\n"
         << "[pgbouncer]\n"
         << "listen_addr = 127.0.0.1\n"
         << "listen_port = " << port_ << "\n"
         << "unix_socket_dir =\n"
         << "auth_type = trust\n"
         << "auth_file = " << users.string() << "\n"
         << "pool_mode = transaction\n"
         << "default_pool_size = " << pool_size << "\n"
         << "max_db_connections = " << pool_size << "\n"
         << "max_client_conn = 200\n";
  const fs::path ini = folder_.path() / "pgbouncer.ini";
  write_file(ini, config.str(), who);
  // SIGTERM: pgbouncer's immediate shutdown.
  process_ = spawn(find_program("pgbouncer", "/usr/sbin", "pgbouncer"), {ini.string()}, log_, who,
                   SIGTERM);
  bool exited = false;
  const bool ready = eventually(
      [&] {
        exited = ::waitpid(process_, nullptr, WNOHANG) == process_;
        return exited || log_text().find("listening on 127.0.0.1:" + std::to_string(port_)) !=
                             std::string::npos;
      },
      20s);
  if (exited) process_ = -1;
  if (!ready || exited) {
    stop();
    throw std::runtime_error("pgbouncer did not start:\n" + file_tail(log_));
  }
}

void PgBouncer::stop() {
  if (process_ <= 0) return;
  const pid_t child = std::exchange(process_, -1);
  ::kill(child, SIGTERM);
  if (eventually([child] { return ::waitpid(child, nullptr, WNOHANG) == child; }, 10s)) return;
  ::kill(child, SIGKILL);
  ::waitpid(child, nullptr, 0);
}

std::string PgBouncer::url(std::string_view database) const {
  return "postgresql://postgres@127.0.0.1:" + std::to_string(port_) + "/" + std::string(database);
}

std::string PgBouncer::log_text() const {
  std::ifstream in(log_);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::size_t PgBouncer::log_count(std::string_view text) const {
  const std::string log = log_text();
  std::size_t count = 0;
  for (auto at = log.find(text); at != std::string::npos; at = log.find(text, at + text.size())) {
    ++count;
  }
  return count;
}

}  // namespace artshop::testing
