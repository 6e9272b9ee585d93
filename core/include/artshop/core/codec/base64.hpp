#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

// Base64 in the two alphabets of RFC 4648. Decoding is strict: characters outside the
// alphabet, an impossible length and non-zero unused bits in the last character are refused,
// so every byte string has exactly one accepted spelling (a signature cannot be re-spelled).

// Standard base64 (section 4), padded with '=': MIME bodies and headers, image services.
namespace artshop::base64 {

std::string encode(std::span<const std::byte> bytes);
std::string encode(std::string_view bytes);

// Padded to a multiple of four characters, or without any padding (services differ).
std::optional<std::string> decode(std::string_view text);

}  // namespace artshop::base64

// Base64url without padding (section 5), as JWTs and URL-safe tokens use it.
namespace artshop::base64url {

std::string encode(std::span<const std::byte> bytes);
std::string encode(std::string_view bytes);

// Refuses padding too.
std::optional<std::string> decode(std::string_view text);

}  // namespace artshop::base64url
