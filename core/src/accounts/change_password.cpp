#include "artshop/core/accounts/change_password.hpp"

#include "../whole_seconds.hpp"
#include "artshop/core/accounts/notifications.hpp"
#include "artshop/core/rate_limiter.hpp"

namespace artshop {

using detail::seconds;

Result<void> ChangePassword::operator()(ChangePasswordCommand command) {
  auto account = transactions_.read([&](Ports::Scope& tx) -> Result<Account> {
    auto found = tx.get<AccountRepository>().find_by_id(command.caller.user);
    if (!found) return std::unexpected(Error::unauthenticated("account no longer exists"));
    return std::move(*found);
  });
  if (!account) return std::unexpected(account.error());
  auto valid =
      validate_password_change(std::move(command.form), account->email, services_.common_passwords);
  if (!valid) return std::unexpected(Error::validation(std::move(valid.error())));
  const auto bucket = rate_bucket("change-password", std::to_string(account->id.value));
  auto admitted = transactions_.write([&](Ports::Scope& tx) -> Result<void> {
    RateLimiter limiter(tx.get<RateLimitRepository>(), services_.clock.now());
    return limiter.admit({{bucket, limits_.change_password_per_account}});
  });
  if (!admitted) return admitted;
  if (services_.credentials.verify(valid->current_password, account->password_hash) ==
      Credentials::Match::Wrong) {
    return std::unexpected(Error::validation("currentPassword", std::string(kWrongCurrent)));
  }
  const auto password_hash = services_.credentials.hash(valid->password);
  return transactions_.write([&](Ports::Scope& tx) -> Result<void> {
    const auto now = seconds(services_.clock.now());
    tx.get<AccountRepository>().update_password_hash(account->id, password_hash);
    tx.get<RefreshTokenRepository>().revoke_user_sessions(account->id, command.caller.session, now);
    tx.get<MailOutbox>().enqueue(password_changed_mail(account->email, services_.shop_url), now,
                                 {});
    return {};
  });
}

}  // namespace artshop
