#include "artshop/crypto/argon2_password_hasher.hpp"

#include <argon2.h>

#include <array>
#include <charconv>
#include <stdexcept>
#include <vector>

namespace artshop::crypto {

namespace {

// A stored hash asking for more than this is refused rather than computed, so a corrupted
// or planted row cannot make one login allocate gigabytes or run for minutes.
constexpr Argon2Parameters kMostExpensiveAccepted{
    .memory_kib = 1024 * 1024, .iterations = 64, .parallelism = 16};

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

}  // namespace

std::optional<Argon2idHashSettings> read_argon2id_settings(std::string_view phc) noexcept {
  Argon2idHashSettings settings;
  auto& p = settings.parameters;
  const bool read = consume(phc, "$argon2id$") && read_setting(phc, "v", settings.version) &&
                    consume(phc, "$") && read_setting(phc, "m", p.memory_kib) &&
                    consume(phc, ",") && read_setting(phc, "t", p.iterations) &&
                    consume(phc, ",") && read_setting(phc, "p", p.parallelism) && consume(phc, "$");
  // What remains is "<salt>$<hash>".
  if (!read || phc.find('$') == std::string_view::npos) return std::nullopt;
  return settings;
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
  const auto& p = parameters_;
  std::vector<char> encoded(argon2_encodedlen(p.iterations, p.memory_kib, p.parallelism, kSaltBytes,
                                              kHashBytes, Argon2_id));
  const int status = argon2id_hash_encoded(p.iterations, p.memory_kib, p.parallelism,
                                           password.data(), password.size(), salt.data(),
                                           salt.size(), kHashBytes, encoded.data(), encoded.size());
  if (status != ARGON2_OK) {
    throw std::runtime_error(std::string("Argon2id hashing failed: ") +
                             argon2_error_message(status));
  }
  return std::string(encoded.data());
}

bool Argon2PasswordHasher::verify(std::string_view password, std::string_view stored_hash) const {
  const auto settings = read_argon2id_settings(stored_hash);
  if (!settings || exceeds(settings->parameters, kMostExpensiveAccepted)) return false;
  const std::string terminated(stored_hash);  // libargon2 wants a C string
  return argon2id_verify(terminated.c_str(), password.data(), password.size()) == ARGON2_OK;
}

bool Argon2PasswordHasher::needs_rehash(std::string_view stored_hash) const {
  const auto settings = read_argon2id_settings(stored_hash);
  return !settings || *settings != Argon2idHashSettings{kVersion, parameters_};
}

}  // namespace artshop::crypto
