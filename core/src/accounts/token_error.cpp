#include "artshop/core/accounts/ports.hpp"

namespace artshop {

std::string_view describe(TokenError error) noexcept {
  switch (error) {
    case TokenError::Malformed:
      return "malformed token";
    case TokenError::UnsupportedAlgorithm:
      return "unsupported signing algorithm";
    case TokenError::UnknownKey:
      return "unknown signing key";
    case TokenError::BadSignature:
      return "bad signature";
    case TokenError::WrongIssuer:
      return "wrong issuer";
    case TokenError::WrongAudience:
      return "wrong audience";
    case TokenError::WrongTokenType:
      return "not an access token";
    case TokenError::MissingClaim:
      return "missing claim";
    case TokenError::Expired:
      return "expired";
  }
  return "unknown token error";
}

}  // namespace artshop
