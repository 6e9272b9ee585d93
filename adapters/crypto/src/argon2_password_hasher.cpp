#include "artshop/crypto/argon2_password_hasher.hpp"

#include <argon2.h>
#include <sys/mman.h>

#include <array>
#include <charconv>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "artshop/core/codec/base64.hpp"

namespace artshop::crypto {

namespace {

// A stored hash asking for more than this is refused rather than computed, so a corrupted
// or planted row cannot make one login allocate gigabytes or run for minutes.
constexpr Argon2Parameters kMostExpensiveAccepted{
    .memory_kib = 1024 * 1024, .iterations = 64, .parallelism = 16};

// Hashes are 32 bytes; a longer one in a stored string is refused like an absurd cost.
constexpr std::size_t kMostHashBytesAccepted = 1024;

bool exceeds(const Argon2Parameters& p, const Argon2Parameters& limit) noexcept {
  return p.memory_kib > limit.memory_kib || p.iterations > limit.iterations ||
         p.parallelism > limit.parallelism;
}

// Consumes "<name>=<decimal>" from the front of `text`.
bool read_setting(std::string_view& text, std::string_view name, std::uint32_t& value) noexcept {
  if (!text.starts_with(name) || text.size() <= name.size() || text[name.size()] != '=') {
    return false;
  }
  text.remove_prefix(name.size() + 1);
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end == text.data()) return false;
  text.remove_prefix(static_cast<std::size_t>(end - text.data()));
  return true;
}

bool consume(std::string_view& text, std::string_view expected) noexcept {
  if (!text.starts_with(expected)) return false;
  text.remove_prefix(expected.size());
  return true;
}

// What a PHC string says, its salt and hash still in base64.
struct PhcParts {
  Argon2idHashSettings settings;
  std::string_view salt;
  std::string_view hash;
};

std::optional<PhcParts> read_phc(std::string_view phc) noexcept {
  PhcParts parts;
  auto& p = parts.settings.parameters;
  const bool read = consume(phc, "$argon2id$") && read_setting(phc, "v", parts.settings.version) &&
                    consume(phc, "$") && read_setting(phc, "m", p.memory_kib) &&
                    consume(phc, ",") && read_setting(phc, "t", p.iterations) &&
                    consume(phc, ",") && read_setting(phc, "p", p.parallelism) && consume(phc, "$");
  const auto separator = phc.find('$');
  // PHC's base64 has no padding: one spelling per salt and hash, as libargon2's decoder had.
  if (!read || separator == std::string_view::npos || phc.find('=') != std::string_view::npos) {
    return std::nullopt;
  }
  parts.salt = phc.substr(0, separator);
  parts.hash = phc.substr(separator + 1);
  return parts;
}

// PHC strings spell base64 without its padding.
std::string unpadded_base64(std::span<const std::byte> bytes) {
  std::string text = base64::encode(bytes);
  while (text.ends_with('=')) text.pop_back();
  return text;
}

// Argon2's memory (19 MiB a hash at DESIGN.md's cost) is mapped for each hash and asked for in
// huge pages where the kernel gives them (transparent huge pages in "madvise" mode), then
// unmapped: a hash pays a handful of page faults instead of one per 4 KiB page (about a third
// of its CPU time: docs/benchmarks.md), and nothing stays resident between logins.
constexpr std::size_t kHugePage = std::size_t{2} << 20U;

std::size_t mapped_length(std::size_t bytes) noexcept {
  return (bytes + kHugePage - 1) / kHugePage * kHugePage;
}

int map_memory(std::uint8_t** memory, std::size_t bytes) {
  const std::size_t length = mapped_length(bytes);
  // Mapped one huge page longer, then trimmed to an aligned start: a huge page must be aligned.
  void* const mapped = ::mmap(nullptr, length + kHugePage, PROT_READ | PROT_WRITE,
                              MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (mapped == MAP_FAILED) return ARGON2_MEMORY_ALLOCATION_ERROR;
  auto* const start = static_cast<std::uint8_t*>(mapped);
  const auto address = reinterpret_cast<std::uintptr_t>(start);
  const std::size_t head = (kHugePage - address % kHugePage) % kHugePage;
  if (head > 0) ::munmap(start, head);
  ::munmap(start + head + length, kHugePage - head);
  ::madvise(start + head, length, MADV_HUGEPAGE);
  *memory = start + head;
  return ARGON2_OK;
}

void unmap_memory(std::uint8_t* memory, std::size_t bytes) {
  ::munmap(memory, mapped_length(bytes));
}

// One Argon2id computation of `out.size()` bytes with our own memory.
int argon2id_into(std::span<std::uint8_t> out, std::string_view password,
                  std::span<const std::uint8_t> salt, const Argon2idHashSettings& settings,
                  std::span<const std::uint8_t> expected = {}) {
  // libargon2 takes non-const pointers but only reads the password and salt (no clearing flag).
  argon2_context context{};
  context.out = out.data();
  context.outlen = static_cast<std::uint32_t>(out.size());
  context.pwd = reinterpret_cast<std::uint8_t*>(const_cast<char*>(password.data()));
  context.pwdlen = static_cast<std::uint32_t>(password.size());
  context.salt = const_cast<std::uint8_t*>(salt.data());
  context.saltlen = static_cast<std::uint32_t>(salt.size());
  context.t_cost = settings.parameters.iterations;
  context.m_cost = settings.parameters.memory_kib;
  context.lanes = settings.parameters.parallelism;
  context.threads = 1;  // already on a thread of the password pool
  context.version = settings.version;
  context.allocate_cbk = map_memory;
  context.free_cbk = unmap_memory;
  context.flags = ARGON2_DEFAULT_FLAGS;
  if (expected.empty()) return argon2id_ctx(&context);
  // Compares in constant time after computing.
  return argon2id_verify_ctx(&context, reinterpret_cast<const char*>(expected.data()));
}

std::span<const std::uint8_t> as_bytes(const std::string& text) noexcept {
  return {reinterpret_cast<const std::uint8_t*>(text.data()), text.size()};
}

}  // namespace

std::optional<Argon2idHashSettings> read_argon2id_settings(std::string_view phc) noexcept {
  const auto parts = read_phc(phc);
  if (!parts) return std::nullopt;
  return parts->settings;
}

Argon2PasswordHasher::Argon2PasswordHasher(RandomSource& random, Argon2Parameters parameters)
    : random_(random), parameters_(parameters) {
  if (parameters.iterations < ARGON2_MIN_TIME || parameters.parallelism < ARGON2_MIN_LANES ||
      parameters.memory_kib < 8 * parameters.parallelism ||
      exceeds(parameters, kMostExpensiveAccepted)) {
    throw std::invalid_argument("Argon2 parameters out of range");
  }
}

std::string Argon2PasswordHasher::hash(std::string_view password) const {
  std::array<std::byte, kSaltBytes> salt{};
  random_.fill(salt);
  std::array<std::uint8_t, kHashBytes> out{};
  const Argon2idHashSettings settings{kVersion, parameters_};
  const int status = argon2id_into(
      out, password, {reinterpret_cast<const std::uint8_t*>(salt.data()), salt.size()}, settings);
  if (status != ARGON2_OK) {
    throw std::runtime_error(std::string("Argon2id hashing failed: ") +
                             argon2_error_message(status));
  }
  const auto& p = parameters_;
  return "$argon2id$v=" + std::to_string(kVersion) + "$m=" + std::to_string(p.memory_kib) +
         ",t=" + std::to_string(p.iterations) + ",p=" + std::to_string(p.parallelism) + "$" +
         unpadded_base64(salt) + "$" + unpadded_base64(std::as_bytes(std::span(out)));
}

bool Argon2PasswordHasher::verify(std::string_view password, std::string_view stored_hash) const {
  const auto parts = read_phc(stored_hash);
  if (!parts || exceeds(parts->settings.parameters, kMostExpensiveAccepted)) return false;
  const auto salt = base64::decode(parts->salt);
  const auto expected = base64::decode(parts->hash);
  if (!salt || !expected || expected->size() < ARGON2_MIN_OUTLEN ||
      expected->size() > kMostHashBytesAccepted) {
    return false;
  }
  std::vector<std::uint8_t> out(expected->size());
  return argon2id_into(out, password, as_bytes(*salt), parts->settings, as_bytes(*expected)) ==
         ARGON2_OK;
}

bool Argon2PasswordHasher::needs_rehash(std::string_view stored_hash) const {
  const auto settings = read_argon2id_settings(stored_hash);
  return !settings || *settings != Argon2idHashSettings{kVersion, parameters_};
}

}  // namespace artshop::crypto
