#pragma once

#include <sys/types.h>

#include <chrono>
#include <string>
#include <vector>

namespace artshop::testing {

// A helper server in a child process (a Python SMTP sink, a Node object store), with pipes to
// its standard input and output. The first argument is the program's path, or a name looked
// up in PATH. The child is sent SIGTERM when the thread that started it ends (a crashed test
// included), so start it from the thread that owns it (a fixture's set-up).
class ChildProcess {
 public:
  // Throws std::runtime_error when the program cannot be started.
  explicit ChildProcess(const std::vector<std::string>& arguments);
  // Closes the pipes (a child that waits on its input ends there), then waits a few seconds
  // for the child to end, and kills it when it does not.
  ~ChildProcess();
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  pid_t pid() const noexcept { return pid_; }

  // The next line the child prints, without its '\n'; throws std::runtime_error with
  // `complaint` when no whole line comes within `timeout` or the output ends first.
  std::string read_line(std::chrono::milliseconds timeout, const std::string& complaint) const;

  // SIGTERM, then the same wait as the destructor's.
  void stop();

 private:
  void wait_or_kill();

  pid_t pid_ = -1;
  int stdin_ = -1;
  int stdout_ = -1;
};

}  // namespace artshop::testing
