#include "artshop/core/accounts/passwords.hpp"

#include "artshop/core/accounts/notifications.hpp"
#include "artshop/core/accounts/random_tokens.hpp"
#include "artshop/core/rate_limiter.hpp"

namespace artshop {
namespace {

std::chrono::sys_seconds seconds(std::chrono::system_clock::time_point time) {
  return std::chrono::floor<std::chrono::seconds>(time);
}

}  // namespace

Result<std::string_view> RequestPasswordReset::operator()(ForgotPasswordCommand command) {
  auto valid = validate_forgot_password(std::move(command.form), services_.credentials.text());
  if (!valid) return std::unexpected(Error::validation(std::move(valid.error())));
  const auto& email = valid->email;
  // Made whether or not the account exists, so both paths do the same work.
  const auto code = generate_reset_code(services_.random);
  const auto code_digest = services_.reset_code_digests.digest(code);
  const auto email_bucket = rate_bucket("forgot-password", email);
  const auto address_bucket = rate_bucket("forgot-password-ip", command.client_address);

  auto mail_to = transactions_.write([&](Ports::Scope& tx) -> Result<bool> {
    const auto now = services_.clock.now();
    RateLimiter limiter(tx.get<RateLimitRepository>(), now);
    if (auto limited = limiter.admit({{email_bucket, limits_.forgot_password_per_email},
                                      {address_bucket, limits_.forgot_password_per_ip}});
        !limited) {
      return std::unexpected(limited.error());
    }
    const auto account = tx.get<AccountRepository>().find_by_email(email);
    if (!account) return false;
    tx.get<ResetCodeRepository>().replace({.user = account->id,
                                           .code_digest = code_digest,
                                           .expires_at = seconds(now) + kResetCodeLifetime,
                                           .failed_attempts = 0});
    return true;
  });
  if (!mail_to) return std::unexpected(mail_to.error());
  if (*mail_to) services_.mailer.send(reset_code_mail(email, code, services_.shop_url));
  return kAnswer;
}

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
    return true;
  });
  if (!reset) return std::unexpected(reset.error());
  if (!*reset) {
    return std::unexpected(Error::validation("code", std::string(ResetPassword::kWrongCode)));
  }
  services_.mailer.send(password_changed_mail(valid->email, services_.shop_url));
  return {};
}

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
  auto changed = transactions_.write([&](Ports::Scope& tx) -> Result<void> {
    tx.get<AccountRepository>().update_password_hash(account->id, password_hash);
    tx.get<RefreshTokenRepository>().revoke_user_sessions(account->id, command.caller.session,
                                                          seconds(services_.clock.now()));
    return {};
  });
  if (!changed) return changed;
  services_.mailer.send(password_changed_mail(account->email, services_.shop_url));
  return {};
}

}  // namespace artshop
