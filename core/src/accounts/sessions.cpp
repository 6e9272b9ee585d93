#include "artshop/core/accounts/sessions.hpp"

#include <fmt/format.h>

#include <array>
#include <optional>

#include "artshop/core/accounts/account_forms.hpp"
#include "artshop/core/accounts/random_tokens.hpp"
#include "artshop/core/rate_limiter.hpp"

namespace artshop {
namespace {

std::chrono::sys_seconds seconds(std::chrono::system_clock::time_point time) {
  return std::chrono::floor<std::chrono::seconds>(time);
}

Error form_error(ValidationErrors errors) {
  return Error::validation(std::move(errors));
}

}  // namespace

std::string SessionIssuer::new_family() {
  std::array<std::byte, 16> bytes{};
  random_.fill(bytes);
  std::string hex;
  for (const auto byte : bytes) hex += fmt::format("{:02x}", static_cast<unsigned>(byte));
  return hex;
}

std::string SessionIssuer::new_refresh_token() {
  return generate_refresh_token(random_);
}

std::string SessionIssuer::access_token(UserId user, const std::string& family,
                                        std::chrono::system_clock::time_point now) const {
  auto claims = AccessTokenClaims::for_user(user, now);
  claims.session = family;
  return tokens_.issue(claims);
}

SessionTokens SessionIssuer::issue(RefreshTokenRepository& store, UserId user,
                                   const std::string& family,
                                   std::chrono::system_clock::time_point now) {
  return issue(store, user, family, now, new_refresh_token());
}

SessionTokens SessionIssuer::issue(RefreshTokenRepository& store, UserId user,
                                   const std::string& family,
                                   std::chrono::system_clock::time_point now,
                                   std::string refresh_token) {
  store.insert(RefreshTokenRecord{.token_digest = digests_.digest(refresh_token),
                                  .user = user,
                                  .family = family,
                                  .expires_at = seconds(now) + kRefreshTokenLifetime},
               seconds(now));
  return {.access_token = access_token(user, family, now),
          .refresh_token = std::move(refresh_token)};
}

LogIn::LogIn(Ports transactions, const Credentials& credentials, SessionIssuer& issuer,
             const Clock& clock, RateLimits limits)
    : transactions_(std::move(transactions)),
      credentials_(credentials),
      issuer_(issuer),
      clock_(clock),
      limits_(limits),
      dummy_hash_(credentials.hash("not-a-password: unknown accounts cost the same")) {}

Result<SessionTokens> LogIn::operator()(LogInCommand command) {
  // The e-mail is checked before it names a bucket: only a real address has buckets of its own.
  auto form = validate_login({.email = std::move(command.email), .password = command.password},
                             credentials_.text());
  if (!form) return std::unexpected(form_error(std::move(form.error())));
  const auto address_bucket = rate_bucket("login-failures-ip", command.client_address);
  const auto pair_bucket = rate_bucket("login-failures", form->email, command.client_address);
  const auto account_bucket = rate_bucket("login-failures", form->email);
  const auto check_limits = [&](RateLimiter& limiter) -> Result<void> {
    if (auto limited = limiter.check_all({{address_bucket, limits_.login_failures_per_ip},
                                          {pair_bucket, limits_.login_failures_per_email_and_ip}});
        !limited) {
      return limited;
    }
    // The account-wide limit refuses only addresses that failed against this account
    // themselves: an attack from elsewhere cannot lock the owner out of a clean address.
    const auto& per_account = limits_.login_failures_per_account;
    if (!limiter.any_within(pair_bucket, per_account.window)) return {};
    return limiter.check(account_bucket, per_account);
  };

  // Every limit is checked before the password is hashed: a refused guess costs no Argon2.
  auto account = transactions_.read([&](Ports::Scope& tx) -> Result<std::optional<Account>> {
    RateLimiter limiter(tx.get<RateLimitRepository>(), clock_.now());
    if (auto limited = check_limits(limiter); !limited) return std::unexpected(limited.error());
    return tx.get<AccountRepository>().find_by_email(form->email);
  });
  if (!account) return std::unexpected(account.error());
  const std::optional<Account>& found = *account;

  // Slow on purpose, and outside any transaction so it holds no lock.
  const auto match = credentials_.verify(
      form->password, found ? found->password_hash : std::string_view(dummy_hash_));
  if (match == Credentials::Match::Wrong || !found) {
    // Checked again in the transaction that counts the failure, as one step: guesses sent
    // together all pass the first check, but only as many as the limit allows are counted and
    // answered as wrong; the rest are refused like any guess past the limit.
    auto counted = transactions_.write([&](Ports::Scope& tx) -> Result<void> {
      RateLimiter limiter(tx.get<RateLimitRepository>(), clock_.now());
      if (auto limited = check_limits(limiter); !limited) return limited;
      limiter.record(address_bucket);
      limiter.record(pair_bucket);
      limiter.record(account_bucket);
      return {};
    });
    if (!counted) return std::unexpected(counted.error());
    return std::unexpected(Error::general(std::string(kWrongCredentials)));
  }

  const Account& user = *found;
  std::optional<std::string> upgraded_hash;
  if (match == Credentials::Match::RightButStale) upgraded_hash = credentials_.hash(form->password);
  return transactions_.write([&](Ports::Scope& tx) -> Result<SessionTokens> {
    if (upgraded_hash) tx.get<AccountRepository>().update_password_hash(user.id, *upgraded_hash);
    return issuer_.issue(tx.get<RefreshTokenRepository>(), user.id, issuer_.new_family(),
                         clock_.now());
  });
}

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

Result<void> LogOut::operator()(const LogOutCommand& command) {
  const auto digest =
      command.refresh_token.empty() ? std::string{} : digests_.digest(command.refresh_token);
  return transactions_.write([&](Ports::Scope& tx) -> Result<void> {
    auto& refresh_tokens = tx.get<RefreshTokenRepository>();
    const auto now = seconds(clock_.now());
    refresh_tokens.revoke_family(command.caller.session, now);
    if (digest.empty()) return {};
    // Somebody else's token is left alone: knowing it must not let one caller end another's
    // login through this call.
    if (const auto other = refresh_tokens.find(digest);
        other && other->user == command.caller.user && other->family != command.caller.session) {
      refresh_tokens.revoke_family(other->family, now);
    }
    return {};
  });
}

}  // namespace artshop
