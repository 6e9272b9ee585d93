#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/core/ports/random_source.hpp"

namespace artshop::crypto {

// AES-256-GCM (OpenSSL) under a 32-byte key, with a random 96-bit nonce per message. The sealed
// bytes are nonce || ciphertext || 128-bit tag; `associated` is authenticated but not stored.
inline constexpr std::size_t kAesGcmKeyBytes = 32;
inline constexpr std::size_t kAesGcmNonceBytes = 12;
inline constexpr std::size_t kAesGcmTagBytes = 16;

std::vector<std::byte> aes_gcm_seal(std::span<const std::byte> key, std::string_view associated,
                                    std::string_view plain, RandomSource& random);
// Nullopt when the bytes were altered, or sealed under another key or associated data.
std::optional<std::string> aes_gcm_open(std::span<const std::byte> key, std::string_view associated,
                                        std::span<const std::byte> sealed);

}  // namespace artshop::crypto
