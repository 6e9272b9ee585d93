#include "artshop/core/accounts/email.hpp"

#include <algorithm>

#include "artshop/core/text.hpp"

namespace artshop {

namespace {

// RFC 5321: a path holds at most 254 characters of address, a local part at most 64.
constexpr std::size_t kMaxEmailLength = 254;
constexpr std::size_t kMaxLocalPartLength = 64;

// Characters that only appear in quoted or bracketed address forms nobody types, and that
// would need escaping where the address lands in a mail header.
constexpr std::string_view kForbidden = " \"(),:;<>[\\]";

// A host name is letters, digits, hyphens and dots; any byte past ASCII is a letter of an
// internationalized name. Nothing else ('|', '/', '%', ...) belongs in one.
bool is_domain_character(char c) noexcept {
  const auto byte = static_cast<unsigned char>(c);
  return byte >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '-' || c == '.';
}

bool domain_is_plausible(std::string_view domain) noexcept {
  if (domain.find('.') == std::string_view::npos) return false;
  if (!std::ranges::all_of(domain, is_domain_character)) return false;
  if (domain.front() == '.' || domain.back() == '.') return false;
  return domain.find("..") == std::string_view::npos;
}

}  // namespace

std::string normalize_email(std::string_view email, const TextNormaliser& text) {
  const auto trimmed = text::trim(email);
  if (!text::utf8_length(trimmed)) return std::string(trimmed);
  // Folding may leave text that is no longer composed ("ǰ" folds to j + U+030C): compose again.
  return text.nfc(text.casefold(text.nfc(trimmed)));
}

std::optional<std::string_view> email_problem(std::string_view email) noexcept {
  if (email.empty()) return kEnterEmailMessage;
  const auto at = email.find('@');
  const bool valid = email.size() <= kMaxEmailLength && at != std::string_view::npos &&
                     email.find('@', at + 1) == std::string_view::npos && at > 0 &&
                     at <= kMaxLocalPartLength && at + 1 < email.size() &&
                     domain_is_plausible(email.substr(at + 1)) &&
                     email.find_first_of(kForbidden) == std::string_view::npos &&
                     !text::has_control_characters(email) && text::utf8_length(email).has_value();
  if (!valid) return kInvalidEmailMessage;
  return std::nullopt;
}

}  // namespace artshop
