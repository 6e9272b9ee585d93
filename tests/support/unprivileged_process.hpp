#pragma once

// Starting a database server of the tests' own (PostgreSQL, pgbouncer): both refuse to run as
// root, so when the tests run as root they run as `nobody`, in a folder handed to it.
#include <sys/types.h>

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace artshop::testing {

// Who the server runs as: whoever runs the tests, unless that is root; then `nobody`.
struct RunAs {
  bool switch_user = false;
  uid_t uid = 0;
  gid_t gid = 0;
};
RunAs unprivileged_user();

// Gives `folder` (not what is in it) to `who`, when the server runs as someone else.
void hand_over(const std::filesystem::path& folder, const RunAs& who);

// `name` in `folder` when it is there, else on PATH; throws std::runtime_error naming the
// Debian `package` that installs it otherwise.
std::filesystem::path find_program(const std::string& name, const std::filesystem::path& folder,
                                   std::string_view package);

// Starts `program` as `who`, its output appended to `log`. The child is sent `death_signal`
// when the thread that started it ends, so a test process that crashes leaves no server behind.
// Throws std::runtime_error when the log cannot be opened or the child cannot be made.
pid_t spawn(const std::filesystem::path& program, const std::vector<std::string>& arguments,
            const std::filesystem::path& log, const RunAs& who, int death_signal);

// The last `lines` lines of `log`, for a complaint.
std::string file_tail(const std::filesystem::path& log, std::size_t lines = 30);

}  // namespace artshop::testing
