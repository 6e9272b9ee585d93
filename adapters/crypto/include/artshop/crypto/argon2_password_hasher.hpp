#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/ports/random_source.hpp"

namespace artshop::crypto {

// Argon2id cost settings. The defaults are OWASP's first recommendation and DESIGN.md's:
// 19 MiB of memory, 2 passes, 1 lane (about 30 ms per hash on one core).
struct Argon2Parameters {
  std::uint32_t memory_kib = 19456;
  std::uint32_t iterations = 2;
  std::uint32_t parallelism = 1;
  friend constexpr bool operator==(const Argon2Parameters&, const Argon2Parameters&) = default;
};

// What the head of an Argon2id PHC string says about how it was made.
struct Argon2idHashSettings {
  std::uint32_t version = 0;  // 19 = 0x13, the current version
  Argon2Parameters parameters;
  friend constexpr bool operator==(const Argon2idHashSettings&,
                                   const Argon2idHashSettings&) = default;
};

// Reads "$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>"; nullopt for anything else (other
// variants included).
std::optional<Argon2idHashSettings> read_argon2id_settings(std::string_view phc) noexcept;

// Argon2id (RFC 9106) via libargon2: a 16-byte random salt, a 32-byte hash, PHC strings.
class Argon2PasswordHasher final : public PasswordHasher {
 public:
  static constexpr std::uint32_t kVersion = 0x13;
  static constexpr std::size_t kSaltBytes = 16;
  static constexpr std::size_t kHashBytes = 32;

  // Throws std::invalid_argument for parameters libargon2 cannot use.
  explicit Argon2PasswordHasher(RandomSource& random, Argon2Parameters parameters = {});

  std::string hash(std::string_view password) const override;
  bool verify(std::string_view password, std::string_view stored_hash) const override;
  bool needs_rehash(std::string_view stored_hash) const override;

  const Argon2Parameters& parameters() const noexcept { return parameters_; }

 private:
  RandomSource& random_;
  Argon2Parameters parameters_;
};

}  // namespace artshop::crypto
