#include "support/unprivileged_process.hpp"

#include <fcntl.h>
#include <pwd.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace artshop::testing {

namespace fs = std::filesystem;

RunAs unprivileged_user() {
  if (::geteuid() != 0) return {};
  const passwd* nobody = ::getpwnam("nobody");
  if (nobody == nullptr) throw std::runtime_error("no user `nobody` to run a database server as");
  return {.switch_user = true, .uid = nobody->pw_uid, .gid = nobody->pw_gid};
}

void hand_over(const fs::path& folder, const RunAs& who) {
  if (who.switch_user && ::chown(folder.c_str(), who.uid, who.gid) != 0) {
    throw std::runtime_error("cannot give " + folder.string() + " to nobody");
  }
}

fs::path find_program(const std::string& name, const fs::path& folder, std::string_view package) {
  const fs::path preferred = folder / name;
  if (fs::exists(preferred)) return preferred;
  const char* path = std::getenv("PATH");
  std::istringstream folders(path != nullptr ? path : "");
  for (std::string each; std::getline(folders, each, ':');) {
    const fs::path candidate = fs::path(each) / name;
    if (!each.empty() && ::access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  throw std::runtime_error(name + " is neither in " + folder.string() + " nor on PATH (`make " +
                           "deps` installs " + std::string(package) + ")");
}

pid_t spawn(const fs::path& program, const std::vector<std::string>& arguments, const fs::path& log,
            const RunAs& who, int death_signal) {
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
    ::prctl(PR_SET_PDEATHSIG, death_signal);
    if (::getppid() != parent) ::_exit(125);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  ::close(output);
  ::close(input);
  if (child < 0) throw std::runtime_error("cannot start " + program.string());
  return child;
}

std::string file_tail(const fs::path& log, std::size_t lines) {
  std::ifstream in(log);
  std::vector<std::string> all;
  for (std::string line; std::getline(in, line);) all.push_back(line);
  std::string tail;
  for (std::size_t i = all.size() > lines ? all.size() - lines : 0; i < all.size(); ++i) {
    tail += all[i] + "\n";
  }
  return tail;
}

}  // namespace artshop::testing
