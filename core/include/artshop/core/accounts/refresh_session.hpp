#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/accounts/session_issuer.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

// POST /api/Accounts/refresh. Rotates the refresh token; a token presented after it was
// rotated means it was stolen or replayed, so the whole login is revoked. Within the grace
// period after its rotation, though, a token is answered the same successor again: two tabs
// that refresh one token at once both stay signed in, holding the same new token.
class RefreshSession {
 public:
  static constexpr std::string_view kEmptyToken = "refresh token is empty";
  static constexpr std::string_view kInvalidToken = "Your session has ended. Please log in again.";
  using Ports = Transactions<RefreshTokenRepository>;

  // `grace` counts in whole seconds of the clock; zero keeps no successor.
  RefreshSession(Ports transactions, const TokenHasher& digests,
                 const RefreshSuccessorSealer& sealer, SessionIssuer& issuer, const Clock& clock,
                 std::chrono::seconds grace)
      : transactions_(std::move(transactions)),
        digests_(digests),
        sealer_(sealer),
        issuer_(issuer),
        clock_(clock),
        grace_(grace) {}
  Result<SessionTokens> operator()(std::string_view refresh_token);

  // Forgets the successors whose grace period is over (run by the periodic housekeeping).
  Result<int> forget_spent_successors();

 private:
  std::optional<std::string> successor_within_grace(const RefreshTokenRecord& rotated,
                                                    std::string_view token,
                                                    std::chrono::sys_seconds now) const;

  Ports transactions_;
  const TokenHasher& digests_;
  const RefreshSuccessorSealer& sealer_;
  SessionIssuer& issuer_;
  const Clock& clock_;
  std::chrono::seconds grace_;
};

}  // namespace artshop
