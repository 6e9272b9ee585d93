#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>

// Base32 (RFC 4648 section 6) without padding: five bits a symbol, most significant first.
namespace artshop::base32 {

inline constexpr std::string_view kRfc4648Alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
// Douglas Crockford's alphabet, for codes people read and type: digits first, and no I, L, O
// or U, which are taken for 1, 1, 0 and V (or spell words).
inline constexpr std::string_view kCrockfordAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

// A last symbol that is not filled by the bytes is filled with zero bits. `alphabet` has 32
// symbols.
std::string encode(std::span<const std::byte> bytes, std::string_view alphabet = kRfc4648Alphabet);

// A typed character as a symbol of Crockford's alphabet: lower case read as upper case, O as
// 0, I and L as 1, as Crockford prescribes, so a code copied from a mail in a serif font still
// works. Nullopt for a character outside the alphabet.
std::optional<char> read_crockford_symbol(char typed) noexcept;

}  // namespace artshop::base32
