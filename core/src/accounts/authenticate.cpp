#include "artshop/core/accounts/authenticate.hpp"

namespace artshop {

Result<Caller> Authenticate::operator()(std::string_view bearer_token) const {
  if (bearer_token.empty()) return std::unexpected(Error::unauthenticated("no bearer token"));
  const auto claims = tokens_.verify(bearer_token, clock_.now());
  if (!claims) {
    return std::unexpected(Error::unauthenticated(std::string(describe(claims.error()))));
  }
  if (claims->session.empty()) return std::unexpected(Error::unauthenticated("token of no login"));
  return transactions_.read([&](Ports::Scope& tx) -> Result<Caller> {
    if (!tx.get<RefreshTokenRepository>().session_is_live(claims->subject, claims->session)) {
      return std::unexpected(Error::unauthenticated("the login has ended"));
    }
    return Caller{.user = claims->subject, .session = claims->session};
  });
}

}  // namespace artshop
