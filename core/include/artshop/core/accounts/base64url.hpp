#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

// Base64url without padding (RFC 4648 section 5), as JWTs and URL-safe tokens use it.
namespace artshop::base64url {

std::string encode(std::span<const std::byte> bytes);
std::string encode(std::string_view bytes);

// Strict: rejects padding, characters outside the alphabet, an impossible length, and
// non-zero unused bits in the last character, so every byte string has exactly one
// accepted encoding (a signature cannot be re-spelled).
std::optional<std::string> decode(std::string_view text);

}  // namespace artshop::base64url
