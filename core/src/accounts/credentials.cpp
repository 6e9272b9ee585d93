#include "artshop/core/accounts/credentials.hpp"

#include "artshop/core/text.hpp"

namespace artshop {

std::string Credentials::normalized(std::string_view password) const {
  // Text that is not UTF-8 has no normal form; it is hashed as it came.
  if (!text::utf8_length(password)) return std::string(password);
  return text_.nfkc(password);
}

std::string Credentials::hash(std::string_view password) const {
  return hasher_.hash(normalized(password));
}

Credentials::Match Credentials::verify(std::string_view password,
                                       std::string_view stored_hash) const {
  const auto normal = normalized(password);
  if (hasher_.verify(normal, stored_hash)) {
    return hasher_.needs_rehash(stored_hash) ? Match::RightButStale : Match::Right;
  }
  if (normal != password && hasher_.verify(password, stored_hash)) return Match::RightButStale;
  return Match::Wrong;
}

}  // namespace artshop
