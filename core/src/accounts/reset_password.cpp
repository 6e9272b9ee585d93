#include "artshop/core/accounts/reset_password.hpp"

#include "../whole_seconds.hpp"
#include "artshop/core/accounts/notifications.hpp"
#include "artshop/core/rate_limiter.hpp"

namespace artshop {

using detail::seconds;

Result<void> ResetPassword::operator()(ResetPasswordCommand command) {
  auto valid = validate_password_reset(std::move(command.form), services_.common_passwords,
                                       services_.credentials.text());
  if (!valid) return std::unexpected(Error::validation(std::move(valid.error())));
  // Counted by e-mail whether or not it has an account, so the limit answers alike for both.
  const auto address_bucket = rate_bucket("reset-attempts-ip", command.client_address);
  const auto account_bucket = rate_bucket("reset-attempts", valid->email);
  auto admitted = transactions_.write([&](Ports::Scope& tx) -> Result<void> {
    RateLimiter limiter(tx.get<RateLimitRepository>(), services_.clock.now());
    return limiter.admit({{address_bucket, limits_.reset_attempts_per_ip},
                          {account_bucket, limits_.reset_attempts_per_account}});
  });
  if (!admitted) return admitted;
  const auto code_digest = services_.reset_code_digests.digest(valid->code);
  // Hashed before the transaction, so the write lock is never held while hashing.
  const auto password_hash = services_.credentials.hash(valid->password);

  // A wrong code must commit its counted attempt, so the refusal is a value here.
  auto reset = transactions_.write([&](Ports::Scope& tx) -> Result<bool> {
    auto& accounts = tx.get<AccountRepository>();
    auto& reset_codes = tx.get<ResetCodeRepository>();
    const auto now = seconds(services_.clock.now());
    const auto account = accounts.find_by_email(valid->email);
    if (!account) return false;
    const auto code = reset_codes.find(account->id);
    if (!code || code->expires_at <= now || code->failed_attempts >= kResetCodeMaxAttempts) {
      return false;
    }
    if (code->code_digest != code_digest) {
      reset_codes.record_failed_attempt(account->id);
      return false;
    }
    reset_codes.remove(account->id);
    accounts.update_password_hash(account->id, password_hash);
    tx.get<RefreshTokenRepository>().revoke_user_sessions(account->id, {}, now);
    tx.get<MailOutbox>().enqueue(password_changed_mail(valid->email, services_.shop_url), now, {});
    return true;
  });
  if (!reset) return std::unexpected(reset.error());
  if (!*reset) {
    return std::unexpected(Error::validation("code", std::string(ResetPassword::kWrongCode)));
  }
  return {};
}

}  // namespace artshop
