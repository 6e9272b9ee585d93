#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace artshop {

inline constexpr std::string_view kEnterEmailMessage = "Enter your e-mail address.";
inline constexpr std::string_view kInvalidEmailMessage = "Enter a valid e-mail address.";

// The form every stored and compared address takes: trimmed, ASCII letters lower-cased.
// Accounts are unique by this form.
std::string normalize_email(std::string_view email);

// Checks an address already normalized. Deliberately simple (one '@', a dotted domain, no
// spaces): the only real test of an address is the mail that reaches it. Returns the message
// to show, or nullopt when the address is acceptable.
std::optional<std::string_view> email_problem(std::string_view normalized_email) noexcept;

}  // namespace artshop
