#include "support/postgres_cluster.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <utility>
#include <vector>

#include "support/eventually.hpp"
#include "support/loopback.hpp"

namespace artshop::testing {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

fs::path program(const std::string& name) {
  const fs::path versioned = fs::path("/usr/lib/postgresql/15/bin") / name;
  if (fs::exists(versioned)) return versioned;
  const char* path = std::getenv("PATH");
  std::istringstream folders(path != nullptr ? path : "");
  for (std::string folder; std::getline(folders, folder, ':');) {
    const fs::path candidate = fs::path(folder) / name;
    if (!folder.empty() && ::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  throw std::runtime_error(name + " is neither in /usr/lib/postgresql/15/bin nor on PATH " +
                           "(`make deps` installs postgresql-15)");
}

// Who initdb and the server run as: whoever runs the tests, unless that is root, which both
// refuse; then `nobody`.
struct RunAs {
  bool switch_user = false;
  uid_t uid = 0;
  gid_t gid = 0;
};

RunAs run_as() {
  if (::geteuid() != 0) return {};
  const passwd* nobody = ::getpwnam("nobody");
  if (nobody == nullptr) throw std::runtime_error("no user `nobody` to run PostgreSQL as");
  return {.switch_user = true, .uid = nobody->pw_uid, .gid = nobody->pw_gid};
}

// Starts `program` as `who`, its output appended to `log`. The child is sent SIGQUIT
// (PostgreSQL's immediate shutdown) when the thread that started it ends, so a test process
// that crashes leaves no server behind.
pid_t spawn(const fs::path& program, const std::vector<std::string>& arguments, const fs::path& log,
            const RunAs& who) {
  std::vector<std::string> words{program.string()};
  words.insert(words.end(), arguments.begin(), arguments.end());
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  const int output = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  const int input = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (output < 0 || input < 0) throw std::runtime_error("cannot open " + log.string());
  const pid_t parent = ::getpid();
  const pid_t child = ::fork();
  if (child == 0) {
    // Only system calls between fork and exec: the parent has other threads.
    ::dup2(input, STDIN_FILENO);
    ::dup2(output, STDOUT_FILENO);
    ::dup2(output, STDERR_FILENO);
    if (who.switch_user && (::syscall(SYS_setgroups, 0, nullptr) != 0 ||
                            ::syscall(SYS_setresgid, who.gid, who.gid, who.gid) != 0 ||
                            ::syscall(SYS_setresuid, who.uid, who.uid, who.uid) != 0)) {
      ::_exit(126);
    }
    // After the change of user, which clears it.
    ::prctl(PR_SET_PDEATHSIG, SIGQUIT);
    if (::getppid() != parent) ::_exit(125);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(output);
  ::close(input);
  if (child < 0) throw std::runtime_error("cannot start " + program.string());
  return child;
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
  const RunAs who = run_as();
  if (who.switch_user && ::chown(folder_.path().c_str(), who.uid, who.gid) != 0) {
    throw std::runtime_error("cannot give " + folder_.path().string() + " to nobody");
  }
  const pid_t initdb = spawn(program("initdb"),
                             {"--pgdata=" + data_.string(), "--username=postgres", "--auth=trust",
                              "--encoding=UTF8", "--locale=C", "--no-sync"},
                             log_, who);
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
  server_ =
      spawn(program("postgres"),
            {"-D", data_.string(), "-p", std::to_string(port_), "-k", folder_.path().string(), "-c",
             "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "synchronous_commit=off", "-c",
             "full_page_writes=off", "-c", "shared_buffers=16MB", "-c", "max_connections=50"},
            log_, run_as());
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
  std::ifstream in(log_);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  constexpr std::size_t kLines = 30;
  std::string tail;
  for (std::size_t i = lines.size() > kLines ? lines.size() - kLines : 0; i < lines.size(); ++i) {
    tail += lines[i] + "\n";
  }
  return tail;
}

}  // namespace artshop::testing
