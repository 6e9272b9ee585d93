#pragma once

#include <chrono>
#include <cstddef>
#include <string_view>

#include "artshop/core/codec/base32.hpp"

namespace artshop {

// How long each credential of a login lives (DESIGN.md section 5).
inline constexpr std::chrono::minutes kAccessTokenLifetime{15};
inline constexpr std::chrono::days kRefreshTokenLifetime{30};
inline constexpr std::chrono::minutes kResetCodeLifetime{10};
// How long a rotated refresh token is still answered the successor it was rotated to, so that
// two tabs refreshing the same token at once both stay signed in (auth.refresh_grace_seconds).
inline constexpr std::chrono::seconds kDefaultRefreshGrace{5};
// A reset code dies after this many wrong tries, so its 40 bits cannot be guessed online.
inline constexpr int kResetCodeMaxAttempts = 5;

// A refresh token is 256 random bits, base64url without padding.
inline constexpr std::size_t kRefreshTokenBytes = 32;
inline constexpr std::size_t kRefreshTokenLength = 43;

// A reset code is 8 symbols of Crockford's base32 alphabet (no I, L, O, U): 40 bits.
inline constexpr std::string_view kResetCodeAlphabet = base32::kCrockfordAlphabet;
inline constexpr std::size_t kResetCodeLength = 8;

}  // namespace artshop
