#include "support/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <csignal>
#include <stdexcept>
#include <utility>

#include "support/eventually.hpp"

namespace artshop::testing {

using namespace std::chrono_literals;

ChildProcess::ChildProcess(const std::vector<std::string>& arguments) {
  std::array<int, 2> to_child{};
  std::array<int, 2> from_child{};
  if (::pipe2(to_child.data(), O_CLOEXEC) != 0 || ::pipe2(from_child.data(), O_CLOEXEC) != 0) {
    throw std::runtime_error("pipe2 failed");
  }
  std::vector<char*> argv;
  for (const std::string& argument : arguments) {
    argv.push_back(const_cast<char*>(argument.c_str()));
  }
  argv.push_back(nullptr);
  const pid_t parent = ::getpid();
  pid_ = ::fork();
  if (pid_ == 0) {
    // A helper server dies with the test that started it, even when the test crashes, so it
    // never outlives it holding a port or the output ctest waits on.
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (::getppid() != parent) ::_exit(127);
    ::dup2(to_child[0], STDIN_FILENO);
    ::dup2(from_child[1], STDOUT_FILENO);
    ::execvp(argv[0], argv.data());
    ::_exit(127);
  }
  const bool spawned = pid_ > 0;
  ::close(to_child[0]);
  ::close(from_child[1]);
  stdin_ = to_child[1];
  stdout_ = from_child[0];
  if (!spawned) {
    ::close(stdin_);
    ::close(stdout_);
    throw std::runtime_error("cannot start " + arguments.front());
  }
}

ChildProcess::~ChildProcess() {
  if (pid_ > 0) wait_or_kill();
}

std::string ChildProcess::read_line(std::chrono::milliseconds timeout,
                                    const std::string& complaint) const {
  std::string line;
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!line.ends_with('\n') && std::chrono::steady_clock::now() < deadline) {
    pollfd readable{.fd = stdout_, .events = POLLIN, .revents = 0};
    if (::poll(&readable, 1, 100) <= 0) continue;
    char c = 0;
    if (::read(stdout_, &c, 1) != 1) break;
    line += c;
  }
  if (!line.ends_with('\n')) throw std::runtime_error(complaint);
  line.pop_back();
  return line;
}

void ChildProcess::stop() {
  if (pid_ <= 0) return;
  ::kill(pid_, SIGTERM);
  wait_or_kill();
}

void ChildProcess::wait_or_kill() {
  ::close(stdin_);
  ::close(stdout_);
  const pid_t pid = std::exchange(pid_, -1);
  if (eventually([pid] { return ::waitpid(pid, nullptr, WNOHANG) == pid; }, 5s)) return;
  ::kill(pid, SIGKILL);
  ::waitpid(pid, nullptr, 0);
}

}  // namespace artshop::testing
