#include "artshop/crypto/signing_key_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <string>
#include <system_error>

#include "artshop/core/text.hpp"
#include "artshop/crypto/hex.hpp"
#include "artshop/crypto/openssl_random_source.hpp"

namespace artshop::crypto {

namespace {

constexpr std::size_t kNewKeyBytes = 32;
constexpr mode_t kOwnerOnly = 0600;

[[noreturn]] void fail(const std::string& what, const std::filesystem::path& path) {
  throw std::runtime_error(what + " " + path.string() + ": " +
                           std::error_code(errno, std::generic_category()).message());
}

// Closes the descriptor however the scope is left.
class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) noexcept : fd_(fd) {}
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  ~FileDescriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  int get() const noexcept { return fd_; }

 private:
  int fd_;
};

std::string read_owner_only_file(const std::filesystem::path& path) {
  const FileDescriptor file(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (file.get() < 0) fail("cannot open", path);
  struct stat status {};
  if (::fstat(file.get(), &status) != 0) fail("cannot stat", path);
  if ((status.st_mode & 077) != 0) {
    throw std::runtime_error(path.string() + " is readable by other users; run: chmod 600 " +
                             path.string());
  }
  std::string content;
  std::array<char, 512> buffer{};
  for (;;) {
    const ssize_t count = ::read(file.get(), buffer.data(), buffer.size());
    if (count < 0 && errno == EINTR) continue;
    if (count < 0) fail("cannot read", path);
    if (count == 0) break;
    content.append(buffer.data(), static_cast<std::size_t>(count));
  }
  return content;
}

std::vector<std::byte> parse_secret(const std::string& content, const std::filesystem::path& path) {
  auto secret = from_hex(text::trim(content));
  if (!secret || secret->size() < JwtKeyring::kMinSecretBytes) {
    throw std::runtime_error(path.string() + " must hold at least 32 bytes as hexadecimal");
  }
  return std::move(*secret);
}

void write_all(int fd, std::string_view data, const std::filesystem::path& path) {
  while (!data.empty()) {
    const ssize_t count = ::write(fd, data.data(), data.size());
    if (count < 0 && errno == EINTR) continue;
    if (count < 0) fail("cannot write", path);
    data.remove_prefix(static_cast<std::size_t>(count));
  }
}

// Writes a new key into a private temporary file and links it into place. link() fails
// when the name exists, so a process that loses the race reads the winner's key instead.
void create_key_file(const std::filesystem::path& path, RandomSource& random) {
  std::array<std::byte, kNewKeyBytes> secret{};
  random.fill(secret);
  const std::string content = to_hex(secret) + "\n";

  std::string temporary = path.string() + ".XXXXXX";
  const FileDescriptor file(::mkstemp(temporary.data()));  // mkstemp creates it 0600
  if (file.get() < 0) fail("cannot create a file next to", path);
  const auto remove_temporary = [&] { ::unlink(temporary.c_str()); };
  try {
    if (::fchmod(file.get(), kOwnerOnly) != 0) fail("cannot chmod", temporary);
    write_all(file.get(), content, temporary);
    if (::fsync(file.get()) != 0) fail("cannot sync", temporary);
    if (::link(temporary.c_str(), path.c_str()) != 0 && errno != EEXIST) {
      fail("cannot create", path);
    }
  } catch (...) {
    remove_temporary();
    throw;
  }
  remove_temporary();
}

}  // namespace

std::vector<std::byte> load_or_create_secret_file(const std::filesystem::path& file,
                                                  RandomSource& random) {
  if (file.has_parent_path()) std::filesystem::create_directories(file.parent_path());
  if (!std::filesystem::exists(file)) create_key_file(file, random);
  return parse_secret(read_owner_only_file(file), file);
}

JwtKey load_or_create_signing_key(const std::filesystem::path& data_dir, RandomSource& random) {
  auto secret = load_or_create_secret_file(data_dir / kSigningKeyFileName, random);
  auto kid = derive_key_id(secret);
  return JwtKey{.kid = std::move(kid), .secret = std::move(secret)};
}

JwtKey load_or_create_signing_key(const std::filesystem::path& data_dir) {
  OpenSslRandomSource random;
  return load_or_create_signing_key(data_dir, random);
}

}  // namespace artshop::crypto
