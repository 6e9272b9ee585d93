#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/ports/text_normaliser.hpp"

namespace artshop {

// How passwords are hashed and checked, and the text rules e-mails are normalized by. A
// password is hashed as its NFKC form (NIST SP 800-63B, 5.1.1.2), so the same password typed
// on another keyboard or system (a full-width "Ａ", an "é" composed or not) is still the
// password. Hashes made before passwords were normalized were made from the text as typed:
// they still verify, and the caller stores a fresh hash.
class Credentials {
 public:
  enum class Match : std::uint8_t {
    Wrong,
    Right,
    // Right, but the stored hash should be replaced by hash(password): it was made with other
    // parameters, or from the password as typed rather than normalized.
    RightButStale,
  };

  Credentials(const PasswordHasher& hasher, const TextNormaliser& text) noexcept
      : hasher_(hasher), text_(text) {}

  const TextNormaliser& text() const noexcept { return text_; }
  // A new salted hash of the normalized password. Slow on purpose.
  std::string hash(std::string_view password) const;
  // The normalized password first, then (when it differs) the password as typed.
  Match verify(std::string_view password, std::string_view stored_hash) const;

 private:
  std::string normalized(std::string_view password) const;

  const PasswordHasher& hasher_;
  const TextNormaliser& text_;
};

}  // namespace artshop
