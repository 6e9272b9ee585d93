#include "support/catalogue_fixture.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <stdexcept>
#include <string>

#include "support/test_database.hpp"

namespace artshop::testing {
namespace {

namespace fs = std::filesystem;

// Fixtures live beside the binary, in its build tree, so separate checkouts never share one.
fs::path fixtures_root() {
  return fs::path(ARTSHOP_BINARY).parent_path() / "test-fixtures";
}

// The fixtures belong to one build of the binary: a rebuilt binary seeds fresh ones.
std::string build_stamp() {
  const auto binary = fs::path(ARTSHOP_BINARY);
  const auto stamp = fs::last_write_time(binary).time_since_epoch().count();
  return "catalogue-" + std::to_string(fs::file_size(binary)) + "-" + std::to_string(stamp);
}

fs::path fixture_dir(int offers) {
  return fixtures_root() / (build_stamp() + "-" + std::to_string(offers));
}

// Catalogues seeded by earlier builds of the binary are of no further use.
void remove_stale_fixtures() {
  const auto current = build_stamp() + "-";
  for (const auto& entry : fs::directory_iterator(fixtures_root())) {
    if (entry.is_directory() && !entry.path().filename().string().starts_with(current)) {
      fs::remove_all(entry.path());
    }
  }
}

}  // namespace

void seed_into(const fs::path& dir, const std::string& database_url, int offers) {
  fs::create_directories(dir);
  // Built before fork: after it, only exec-safe calls.
  const auto data_dir = "ARTSHOP_DATA_DIR=" + dir.string();
  const auto count = "ARTSHOP_SEED_OFFERS=" + std::to_string(offers);
  const auto database = "ARTSHOP_DATABASE_URL=" + database_url;
  const std::array<const char*, 5> env{data_dir.c_str(), count.c_str(), "ARTSHOP_LOG_LEVEL=warn",
                                       database_url.empty() ? nullptr : database.c_str(), nullptr};
  const pid_t child = fork();
  if (child < 0) throw std::runtime_error("fork failed");
  if (child == 0) {
    const int log = open((dir / "seed.log").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (log >= 0) {
      dup2(log, STDOUT_FILENO);
      dup2(log, STDERR_FILENO);
    }
    execle(ARTSHOP_BINARY, ARTSHOP_BINARY, "seed", nullptr, env.data());
    _exit(127);
  }
  int status = 0;
  waitpid(child, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    throw std::runtime_error("artshop seed failed; see " + (dir / "seed.log").string());
  }
}

void copy_seeded_catalogue(const fs::path& destination, int offers) {
  if (on_postgres()) {
    copy_seeded_postgres_catalogue(destination, offers);
    return;
  }
  const auto dir = fixture_dir(offers);
  const auto ready = dir / "ready";
  fs::create_directories(fixtures_root());
  const auto lock_path = (fixtures_root() / "lock").string();
  const int lock = open(lock_path.c_str(), O_RDWR | O_CREAT, 0644);
  if (lock < 0 || flock(lock, LOCK_EX) != 0) throw std::runtime_error("cannot lock " + lock_path);
  try {
    if (!fs::exists(ready)) {
      remove_stale_fixtures();
      fs::remove_all(dir);
      seed_into(dir, "", offers);
      fs::copy_file(dir / "seed.log", ready);
    }
  } catch (...) {
    close(lock);
    throw;
  }
  close(lock);  // releases the lock
  fs::create_directories(destination);
  fs::copy(dir, destination, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
}

}  // namespace artshop::testing
