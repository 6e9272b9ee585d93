#pragma once

#include <cstddef>
#include <filesystem>
#include <vector>

#include "artshop/core/ports/random_source.hpp"
#include "artshop/crypto/jwt_keyring.hpp"

namespace artshop::crypto {

inline constexpr std::string_view kSigningKeyFileName = "jwt-signing.key";

// The access-token signing key kept in `<data_dir>/jwt-signing.key`: 32 random bytes as hex,
// readable by the owner only (0600). On first start the file does not exist yet and is
// created with bytes from `random` (atomically, so two processes starting together agree on
// one key); later starts read it back, so tokens survive restarts. The key's kid is derived
// from the secret.
//
// Throws std::runtime_error when the file cannot be read or written, holds anything but hex
// of at least 32 bytes, or is readable by group or others: a leaked signing key lets anyone
// sign in as anyone, so the server refuses to run on one (fix with chmod 600).
JwtKey load_or_create_signing_key(const std::filesystem::path& data_dir, RandomSource& random);

// The same with OpenSslRandomSource.
JwtKey load_or_create_signing_key(const std::filesystem::path& data_dir);

// The same for any secret of the installation kept in a file of its own (the sandbox payment
// provider's webhook key): `file` holds at least 32 bytes as hex, owner-only; it is created
// with 32 bytes from `random` when it does not exist. Answers the secret's bytes. Throws as
// above.
std::vector<std::byte> load_or_create_secret_file(const std::filesystem::path& file,
                                                  RandomSource& random);

}  // namespace artshop::crypto
