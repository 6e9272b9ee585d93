#include "artshop/mail/outbox_mailer.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <stdexcept>
#include <string_view>
#include <system_error>

#include "artshop/mail/message_text.hpp"

namespace artshop::mail {

namespace {

namespace fs = std::filesystem;

// Process-wide, so that two mailers on one folder never pick the same name.
std::atomic<std::uint64_t> next_sequence{1};

std::string file_name(std::chrono::system_clock::time_point time) {
  const auto micros =
      std::chrono::duration_cast<std::chrono::microseconds>(time.time_since_epoch()).count();
  const auto seconds = static_cast<std::time_t>(micros / 1'000'000);
  std::tm utc{};
  gmtime_r(&seconds, &utc);
  std::array<char, 32> stamp{};
  const std::size_t length = std::strftime(stamp.data(), stamp.size(), "%Y%m%dT%H%M%S", &utc);
  return fmt::format("{}.{:06}Z-{:08}-{}.eml", std::string_view(stamp.data(), length),
                     micros % 1'000'000, next_sequence.fetch_add(1), ::getpid());
}

[[noreturn]] void throw_errno(std::string_view action, const fs::path& path) {
  const int error = errno;  // before formatting the message can change it
  throw std::system_error(error, std::generic_category(),
                          fmt::format("cannot {} {}", action, path.string()));
}

void write_all(int fd, std::string_view bytes, const fs::path& path) {
  while (!bytes.empty()) {
    const ssize_t written = ::write(fd, bytes.data(), bytes.size());
    if (written < 0 && errno == EINTR) continue;
    if (written < 0) throw_errno("write", path);
    bytes.remove_prefix(static_cast<std::size_t>(written));
  }
}

void write_file(const fs::path& path, std::string_view bytes) {
  // 0600: the messages carry password reset codes.
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
  if (fd < 0) throw_errno("create", path);
  try {
    write_all(fd, bytes, path);
    if (::fsync(fd) != 0) throw_errno("flush", path);
  } catch (...) {
    ::close(fd);
    throw;
  }
  if (::close(fd) != 0) throw_errno("close", path);
}

// Written in full and flushed to disk under a hidden name first, then renamed into place:
// readers listing *.eml see whole messages only, even after a crash.
void write_atomically(const fs::path& target, std::string_view bytes) {
  const fs::path temporary =
      target.parent_path() / fmt::format(".{}.tmp", target.filename().string());
  try {
    // A temporary file a crash left behind (a mail sent again under its key) is replaced.
    std::error_code stale;
    fs::remove(temporary, stale);
    write_file(temporary, bytes);
    fs::rename(temporary, target);
  } catch (...) {
    std::error_code ignored;
    fs::remove(temporary, ignored);
    throw;
  }
}

// Mails carry reset codes and gift-card numbers: the folder is the owner's alone. Only a
// folder made here is narrowed; one the operator made keeps the mode they chose.
void create_private_directory(const fs::path& dir) {
  if (fs::exists(dir)) return;
  fs::create_directories(dir);
  fs::permissions(dir, fs::perms::owner_all, fs::perm_options::replace);
}

// A delivery key becomes a file name: letters, digits, '-' and '.' only, and not hidden.
const std::string& checked_key(const std::string& key) {
  const bool plain = !key.starts_with('.') && std::ranges::all_of(key, [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '-' ||
           c == '.';
  });
  if (!plain) throw std::invalid_argument("a delivery key that is not a plain file name");
  return key;
}

}  // namespace

OutboxMailer::OutboxMailer(std::filesystem::path outbox_dir, std::string from_address)
    : outbox_dir_(std::move(outbox_dir)), from_address_(std::move(from_address)) {
  mailbox_address(from_address_);  // a bad sender fails at start-up, not at the first mail
  create_private_directory(outbox_dir_);
}

void OutboxMailer::send(const EmailMessage& message) {
  const auto now = std::chrono::system_clock::now();
  const std::string text = format_message(message, from_address_, now);
  create_private_directory(outbox_dir_);  // cheap, and survives someone clearing the folder
  // A mail sent again under its key (a crash between its delivery and its record) replaces
  // its own file: it lands once.
  const fs::path path =
      outbox_dir_ /
      (message.delivery_key.empty() ? file_name(now) : checked_key(message.delivery_key) + ".eml");
  write_atomically(path, text);
  spdlog::info("mail to {}: {} ({})", message.to, single_line(message.subject), path.string());
}

}  // namespace artshop::mail
