#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/ports/random_source.hpp"

namespace artshop {

// An opaque refresh token: kRefreshTokenBytes random bytes, base64url (43 characters).
std::string generate_refresh_token(RandomSource& random);

// A password-reset code: kResetCodeLength symbols of kResetCodeAlphabet. Each symbol takes
// exactly 5 bits of 5 random bytes, so every code is equally likely.
std::string generate_reset_code(RandomSource& random);

// The code as typed back into the form: trimmed, upper-cased, with one hyphen or space in
// the middle tolerated ("abcd-efgh"), and O, I, L read as 0, 1, 1. Nullopt when it cannot be
// a reset code at all.
std::optional<std::string> normalize_reset_code(std::string_view typed);

}  // namespace artshop
