#include "artshop/core/accounts/log_in.hpp"

#include "artshop/core/accounts/account_forms.hpp"
#include "artshop/core/rate_limiter.hpp"

namespace artshop {

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
  if (!form) return std::unexpected(Error::validation(std::move(form.error())));
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
  if (user.locked_at) return std::unexpected(Error::general(std::string(kLocked)));
  std::optional<std::string> upgraded_hash;
  if (match == Credentials::Match::RightButStale) upgraded_hash = credentials_.hash(form->password);
  return transactions_.write([&](Ports::Scope& tx) -> Result<SessionTokens> {
    if (upgraded_hash) tx.get<AccountRepository>().update_password_hash(user.id, *upgraded_hash);
    return issuer_.issue(tx.get<RefreshTokenRepository>(), user.id, issuer_.new_family(),
                         clock_.now());
  });
}

}  // namespace artshop
