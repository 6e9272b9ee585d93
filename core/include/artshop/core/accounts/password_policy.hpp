#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/core/accounts/common_passwords.hpp"
#include "artshop/core/validation.hpp"

namespace artshop {

// NIST SP 800-63B style: length and a block list, no composition rules. Lengths count Unicode
// code points, and a password is never truncated: every one of its bytes is hashed.
inline constexpr std::size_t kMinPasswordLength = 8;
inline constexpr std::size_t kMaxPasswordLength = 128;

namespace password_messages {
inline constexpr std::string_view kEnter = "Enter a password.";
inline constexpr std::string_view kTooShort = "Password must be at least 8 characters.";
inline constexpr std::string_view kTooLong = "Password must be at most 128 characters.";
inline constexpr std::string_view kInvalidText =
    "Password contains characters that are not valid text.";
inline constexpr std::string_view kTooCommon =
    "This password is too common. Choose a less common one.";
inline constexpr std::string_view kSameAsEmail = "Password must not be the same as your e-mail.";
inline constexpr std::string_view kMismatch = "Passwords do not match.";
}  // namespace password_messages

// Every reason `password` may not become a password of the account with `normalized_email`;
// empty when it may.
std::vector<std::string> new_password_problems(std::string_view password,
                                               std::string_view normalized_email,
                                               const CommonPasswords& common_passwords);

// Checks a new password and its repetition, adding messages under the payload's field names
// "password" and "repeatedPassword".
void check_new_password(std::string_view password, std::string_view repeated_password,
                        std::string_view normalized_email, const CommonPasswords& common_passwords,
                        ValidationErrors& errors);

}  // namespace artshop
