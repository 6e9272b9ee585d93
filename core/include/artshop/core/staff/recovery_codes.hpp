#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/core/ports/random_source.hpp"

// Recovery codes: what a staff member signs in with when the phone with the authenticator app
// is lost. Each works once; the server keeps only their digests (TokenHasher).
namespace artshop {

inline constexpr std::size_t kRecoveryCodeCount = 10;
// 10 symbols of Crockford's base32: 50 random bits each, shown as "XXXXX-XXXXX".
inline constexpr std::size_t kRecoveryCodeSymbols = 10;

// `count` fresh codes, as they are shown once at set-up.
std::vector<std::string> make_recovery_codes(RandomSource& random,
                                             std::size_t count = kRecoveryCodeCount);

// A typed code in the form it was shown and is digested in: upper case, the dash put back,
// spaces and dashes anywhere ignored, and O, I, L read as 0, 1, 1. Nullopt for anything that
// cannot be a code.
std::optional<std::string> normalise_recovery_code(std::string_view typed);

}  // namespace artshop
