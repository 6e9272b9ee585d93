#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/ports/text_normaliser.hpp"

namespace artshop {

inline constexpr std::string_view kEnterEmailMessage = "Enter your e-mail address.";
inline constexpr std::string_view kInvalidEmailMessage = "Enter a valid e-mail address.";

// The form every stored and compared address takes: trimmed, composed (NFC) and case-folded
// whole, so "ÄNN@Example.com", "änn@example.com" and "a" + U+0308 + "nn@example.com" are one
// address. Accounts are unique by this form. Text that is not well-formed UTF-8 comes back
// only trimmed, for email_problem() to refuse.
std::string normalize_email(std::string_view email, const TextNormaliser& text);

// Checks an address already normalized. Deliberately simple (one '@', a dotted domain, no
// spaces): the only real test of an address is the mail that reaches it. Returns the message
// to show, or nullopt when the address is acceptable.
std::optional<std::string_view> email_problem(std::string_view normalized_email) noexcept;

}  // namespace artshop
