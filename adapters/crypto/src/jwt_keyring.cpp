#include "artshop/crypto/jwt_keyring.hpp"

#include <algorithm>
#include <stdexcept>

#include "artshop/crypto/digests.hpp"
#include "artshop/crypto/hex.hpp"

namespace artshop::crypto {

namespace {

constexpr std::size_t kMaxKidLength = 64;

bool is_kid_character(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
         c == '_' || c == '-';
}

void check(const JwtKey& key) {
  if (key.kid.empty() || key.kid.size() > kMaxKidLength ||
      !std::ranges::all_of(key.kid, is_kid_character)) {
    throw std::invalid_argument("JWT key id must be 1 to 64 characters of [A-Za-z0-9._-]");
  }
  if (key.secret.size() < JwtKeyring::kMinSecretBytes) {
    throw std::invalid_argument("JWT key '" + key.kid + "' is shorter than 256 bits");
  }
}

}  // namespace

JwtKeyring::JwtKeyring(JwtKey signing_key, std::vector<JwtKey> verification_keys) {
  keys_.reserve(verification_keys.size() + 1);
  keys_.push_back(std::move(signing_key));
  for (auto& key : verification_keys) keys_.push_back(std::move(key));
  for (const auto& key : keys_) {
    check(key);
    if (std::ranges::count(keys_, key.kid, &JwtKey::kid) > 1) {
      throw std::invalid_argument("two JWT keys share the id '" + key.kid + "'");
    }
  }
}

const JwtKey* JwtKeyring::find(std::string_view kid) const noexcept {
  const auto found = std::ranges::find(keys_, kid, &JwtKey::kid);
  return found == keys_.end() ? nullptr : &*found;
}

std::string derive_key_id(const std::vector<std::byte>& secret) {
  const auto digest =
      sha256(std::string_view(reinterpret_cast<const char*>(secret.data()), secret.size()));
  return to_hex(std::span(digest).first(8));
}

}  // namespace artshop::crypto
