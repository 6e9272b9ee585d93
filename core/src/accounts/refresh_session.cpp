#include "artshop/core/accounts/refresh_session.hpp"

#include <optional>

#include "../whole_seconds.hpp"

namespace artshop {

using detail::seconds;

Result<SessionTokens> RefreshSession::operator()(std::string_view refresh_token) {
  if (refresh_token.empty()) {
    return std::unexpected(Error::validation("refreshToken", std::string(kEmptyToken)));
  }
  const auto digest = digests_.digest(refresh_token);
  // Drawn and sealed before the transaction, so that a retried transaction does not draw again.
  auto successor = issuer_.new_refresh_token();
  const RefreshSuccessor kept{.digest = digests_.digest(successor),
                              .sealed = grace_ > std::chrono::seconds::zero()
                                            ? sealer_.seal(successor, refresh_token)
                                            : std::string{}};
  // Outcome of the transaction: tokens, or the reason to refuse. A reuse must commit its
  // revocation, so the refusal is a value here and becomes an error after the commit.
  using Outcome = std::optional<SessionTokens>;
  auto outcome = transactions_.write([&](Ports::Scope& tx) -> Result<Outcome> {
    auto& refresh_tokens = tx.get<RefreshTokenRepository>();
    const auto now = clock_.now();
    auto record = refresh_tokens.find(digest);
    if (!record || record->revoked || record->expires_at <= seconds(now)) return Outcome{};
    if (!record->rotated) {
      if (refresh_tokens.mark_rotated(digest, kept, seconds(now))) {
        return Outcome{issuer_.issue(refresh_tokens, record->user, record->family, now, successor)};
      }
      // Rotated by a concurrent refresh since it was read: its successor is the answer.
      record = refresh_tokens.find(digest);
      if (!record) return Outcome{};
    }
    // The decision is taken on the record as this transaction sees it, so of all the servers
    // refreshing one token at once, each either answers the one stored successor or revokes.
    if (auto again = successor_within_grace(*record, refresh_token, seconds(now))) {
      return Outcome{
          SessionTokens{.access_token = issuer_.access_token(record->user, record->family, now),
                        .refresh_token = std::move(*again)}};
    }
    refresh_tokens.revoke_family(record->family, seconds(now));
    return Outcome{};
  });
  if (!outcome) return std::unexpected(outcome.error());
  Outcome& tokens = *outcome;
  if (!tokens) return std::unexpected(Error::general(std::string(kInvalidToken)));
  return std::move(*tokens);
}

std::optional<std::string> RefreshSession::successor_within_grace(
    const RefreshTokenRecord& rotated, std::string_view token, std::chrono::sys_seconds now) const {
  if (rotated.revoked || rotated.successor_sealed.empty() || now > rotated.rotated_at + grace_) {
    return std::nullopt;
  }
  auto successor = sealer_.open(rotated.successor_sealed, token);
  // Only the very successor stored is an answer; anything else is treated as a reuse.
  if (!successor || digests_.digest(*successor) != rotated.successor_digest) return std::nullopt;
  return successor;
}

Result<int> RefreshSession::forget_spent_successors() {
  return transactions_.write([&](Ports::Scope& tx) -> Result<int> {
    return tx.get<RefreshTokenRepository>().forget_successors(seconds(clock_.now()) - grace_);
  });
}

}  // namespace artshop
