#include "artshop/media/filesystem_blob_store.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdint>
#include <system_error>

namespace artshop::media {
namespace {

namespace fs = std::filesystem;

// Process-wide, so that threads writing the same blob never share a temporary file.
std::atomic<std::uint64_t> next_temporary{1};

[[noreturn]] void throw_errno(const char* action, const fs::path& path) {
  const int error = errno;  // before building the message can change it
  throw std::system_error(error, std::generic_category(),
                          fmt::format("cannot {} {}", action, path.string()));
}

class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) noexcept : fd_(fd) {}
  ~FileDescriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  int get() const noexcept { return fd_; }
  // Closes now, so that a failing close (a lost write on some file systems) is reported.
  void close(const fs::path& path) {
    const int fd = fd_;
    fd_ = -1;
    if (::close(fd) != 0) throw_errno("close", path);
  }

 private:
  int fd_;
};

void write_new_file(const fs::path& path, std::string_view bytes) {
  FileDescriptor file(::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644));
  if (file.get() < 0) throw_errno("create", path);
  while (!bytes.empty()) {
    const ssize_t written = ::write(file.get(), bytes.data(), bytes.size());
    if (written < 0 && errno == EINTR) continue;
    if (written < 0) throw_errno("write", path);
    bytes.remove_prefix(static_cast<std::size_t>(written));
  }
  if (::fsync(file.get()) != 0) throw_errno("flush", path);
  file.close(path);
}

// The rename itself is made durable by flushing the folder that holds the new name.
void sync_folder(const fs::path& folder) {
  FileDescriptor directory(::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (directory.get() < 0) throw_errno("open", folder);
  if (::fsync(directory.get()) != 0) throw_errno("flush", folder);
}

void write_atomically(const fs::path& target, std::string_view bytes) {
  const fs::path temporary =
      target.parent_path() / fmt::format(".{}.{}-{}.tmp", target.filename().string(), ::getpid(),
                                         next_temporary.fetch_add(1));
  try {
    write_new_file(temporary, bytes);
    fs::rename(temporary, target);  // atomic; the same content may win twice, harmlessly
  } catch (...) {
    std::error_code ignored;
    fs::remove(temporary, ignored);
    throw;
  }
  sync_folder(target.parent_path());
}

std::optional<std::string> read_regular_file(const fs::path& path) {
  FileDescriptor file(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW));
  if (file.get() < 0) {
    if (errno == ENOENT || errno == ENOTDIR || errno == ELOOP) return std::nullopt;
    throw_errno("open", path);
  }
  struct stat info {};
  if (::fstat(file.get(), &info) != 0) throw_errno("inspect", path);
  if (!S_ISREG(info.st_mode)) return std::nullopt;  // a shard folder is not a blob
  std::string content(static_cast<std::size_t>(info.st_size), '\0');
  std::size_t filled = 0;
  while (filled < content.size()) {
    const ssize_t got = ::read(file.get(), content.data() + filled, content.size() - filled);
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw_errno("read", path);
    if (got == 0) break;  // shorter than it was a moment ago: return what is there
    filled += static_cast<std::size_t>(got);
  }
  content.resize(filled);
  return content;
}

}  // namespace

FilesystemBlobStore::FilesystemBlobStore(std::filesystem::path root) : root_(std::move(root)) {
  fs::create_directories(root_);
}

std::string FilesystemBlobStore::put(std::string_view bytes, std::string_view extension) {
  std::string key = content_key(bytes, extension);
  const fs::path target = root_ / key;
  if (fs::is_regular_file(target)) return key;  // content-addressed: already stored
  fs::create_directories(target.parent_path());
  write_atomically(target, bytes);
  return key;
}

std::optional<std::string> FilesystemBlobStore::get(std::string_view key) {
  const auto path = path_of(key);
  if (!path) return std::nullopt;
  return read_regular_file(*path);
}

bool FilesystemBlobStore::exists(std::string_view key) {
  const auto path = path_of(key);
  std::error_code error;
  return path && fs::is_regular_file(fs::symlink_status(*path, error));
}

std::optional<std::filesystem::path> FilesystemBlobStore::path_of(std::string_view key) const {
  if (!is_safe_key(key)) return std::nullopt;
  return root_ / fs::path(key);
}

}  // namespace artshop::media
