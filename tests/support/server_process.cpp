#include "support/server_process.hpp"

#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "support/eventually.hpp"
#include "support/test_database.hpp"

extern char** environ;

namespace artshop::testing {
namespace {

using namespace std::chrono_literals;
using Settings = std::vector<std::pair<std::string, std::string>>;

// The parent's environment without ARTSHOP_*, then `settings` (a later name wins).
std::vector<std::string> child_environment(const Settings& settings) {
  std::vector<std::string> variables;
  for (char** entry = environ; *entry != nullptr; ++entry) {
    if (!std::string_view(*entry).starts_with("ARTSHOP_")) variables.emplace_back(*entry);
  }
  for (const auto& [name, value] : settings) {
    std::erase_if(variables, [&](const std::string& v) { return v.starts_with(name + "="); });
    variables.push_back(name + "=" + value);
  }
  return variables;
}

std::vector<char*> null_terminated(std::vector<std::string>& strings) {
  std::vector<char*> pointers;
  for (auto& s : strings) pointers.push_back(s.data());
  pointers.push_back(nullptr);
  return pointers;
}

int exit_code(int status) {
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

ServerProcess::ServerProcess(ServerProcessOptions options)
    : data_dir_(temp_.path() / "data"), log_file_(temp_.path() / "server.log") {
  auto static_dir = options.static_dir;
  if (static_dir.empty()) {
    static_dir = temp_.path() / "static";
    std::filesystem::create_directories(static_dir);
  }
  Settings settings{{"ARTSHOP_HOST", "127.0.0.1"},
                    {"ARTSHOP_PORT", "0"},
                    {"ARTSHOP_DATA_DIR", data_dir_.string()},
                    {"ARTSHOP_STATIC_DIR", static_dir.string()},
                    {"ARTSHOP_LOG_LEVEL", "info"},
                    // No sample catalogue: tests that need one copy the seeded fixture.
                    {"ARTSHOP_SEED_OFFERS", "0"}};
  settings.insert(settings.end(), options.env.begin(), options.env.end());
  // On PostgreSQL (test_database.hpp), a server given no database gets its data folder's
  // seeded copy, or a new empty one, as on SQLite it gets its data folder's file.
  const auto setting = [&settings](std::string_view name) -> const std::string* {
    const auto found =
        std::ranges::find_if(settings.rbegin(), settings.rend(),
                             [name](const auto& entry) { return entry.first == name; });
    return found == settings.rend() ? nullptr : &found->second;
  };
  // The folder the server really uses: a test may give its own.
  data_dir_ = *setting("ARTSHOP_DATA_DIR");
  if (const auto* url = setting("ARTSHOP_DATABASE_URL"); url != nullptr) {
    database_url_ = *url;
  } else if (on_postgres()) {
    database_url_ = postgres_url_of(data_dir_);
    if (database_url_.empty()) database_url_ = fresh_postgres_database();
    settings.emplace_back("ARTSHOP_DATABASE_URL", database_url_);
  }

  // Everything the child needs is built before fork: after it, only exec-safe calls.
  auto environment = child_environment(settings);
  auto envp = null_terminated(environment);
  std::vector<std::string> arguments{ARTSHOP_BINARY};
  arguments.insert(arguments.end(), options.arguments.begin(), options.arguments.end());
  auto argv = null_terminated(arguments);
  const int log_fd = ::open(log_file_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  const int null_fd = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (log_fd < 0 || null_fd < 0) throw std::runtime_error("cannot open the server's log file");

  pid_ = ::fork();
  if (pid_ == 0) {
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);  // no stray server when the test process dies
    ::dup2(null_fd, STDIN_FILENO);
    ::dup2(log_fd, STDOUT_FILENO);
    ::dup2(log_fd, STDERR_FILENO);
    ::execve(argv[0], argv.data(), envp.data());
    ::_exit(127);
  }
  ::close(log_fd);
  ::close(null_fd);
  if (pid_ < 0) throw std::runtime_error("fork failed");

  std::optional<unsigned short> port;
  std::optional<int> early_exit;
  eventually(
      [&] {
        port = listening_port();
        if (!port) early_exit = wait(0ms);
        return port || early_exit;
      },
      options.startup_timeout);
  if (port) {
    port_ = *port;
    return;
  }
  if (early_exit) {
    throw std::runtime_error("artshop exited with " + std::to_string(*early_exit) +
                             " before listening:\n" + log_text());
  }
  terminate(2s);
  throw std::runtime_error("artshop did not start listening in time:\n" + log_text());
}

ServerProcess::~ServerProcess() {
  if (pid_ <= 0 || exit_code_) return;
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  // A sanitized server is stopped as an operator would stop it, so that LeakSanitizer checks
  // it at exit and ThreadSanitizer sees the shutdown too; its reports land where ASAN_OPTIONS'
  // or TSAN_OPTIONS' log_path says (`make test-asan`, `make test-tsan`).
  terminate(10s);
#else
  ::kill(pid_, SIGKILL);
  int status = 0;
  ::waitpid(pid_, &status, 0);
#endif
}

std::string ServerProcess::base_url() const {
  return "http://127.0.0.1:" + std::to_string(port_);
}

std::string ServerProcess::url(std::string_view path) const {
  return base_url() + std::string(path);
}

std::string ServerProcess::log_text() const {
  std::ifstream in(log_file_, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool ServerProcess::wait_for_log(std::string_view text, std::chrono::milliseconds timeout) const {
  return eventually([&] { return log_text().find(text) != std::string::npos; }, timeout);
}

std::optional<unsigned short> ServerProcess::listening_port() const {
  static const std::regex listening(R"(listening on http://127\.0\.0\.1:(\d+))");
  const auto log = log_text();
  std::smatch match;
  if (!std::regex_search(log, match, listening)) return std::nullopt;
  return static_cast<unsigned short>(std::stoul(match[1].str()));
}

void ServerProcess::send_signal(int signal) const {
  if (pid_ > 0 && !exit_code_) ::kill(pid_, signal);
}

std::optional<int> ServerProcess::wait(std::chrono::milliseconds timeout) {
  eventually(
      [&] {
        int status = 0;
        if (!exit_code_ && ::waitpid(pid_, &status, WNOHANG) == pid_) {
          exit_code_ = exit_code(status);
        }
        return exit_code_.has_value();
      },
      timeout);
  return exit_code_;
}

int ServerProcess::terminate(std::chrono::milliseconds timeout) {
  send_signal(SIGTERM);
  if (const auto code = wait(timeout)) return *code;
  send_signal(SIGKILL);
  int status = 0;
  ::waitpid(pid_, &status, 0);
  exit_code_ = exit_code(status);
  return *exit_code_;
}

}  // namespace artshop::testing
