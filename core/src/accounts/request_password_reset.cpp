#include "artshop/core/accounts/request_password_reset.hpp"

#include "../whole_seconds.hpp"
#include "artshop/core/accounts/notifications.hpp"
#include "artshop/core/accounts/random_tokens.hpp"
#include "artshop/core/rate_limiter.hpp"

namespace artshop {

using detail::seconds;

Result<std::string_view> RequestPasswordReset::operator()(ForgotPasswordCommand command) {
  auto valid = validate_forgot_password(std::move(command.form), services_.credentials.text());
  if (!valid) return std::unexpected(Error::validation(std::move(valid.error())));
  const auto& email = valid->email;
  // Made whether or not the account exists, so both paths do the same work.
  const auto code = generate_reset_code(services_.random);
  const auto code_digest = services_.reset_code_digests.digest(code);
  const auto email_bucket = rate_bucket("forgot-password", email);
  const auto address_bucket = rate_bucket("forgot-password-ip", command.client_address);

  auto requested = transactions_.write([&](Ports::Scope& tx) -> Result<void> {
    const auto now = services_.clock.now();
    RateLimiter limiter(tx.get<RateLimitRepository>(), now);
    if (auto limited = limiter.admit({{email_bucket, limits_.forgot_password_per_email},
                                      {address_bucket, limits_.forgot_password_per_ip}});
        !limited) {
      return std::unexpected(limited.error());
    }
    const auto account = tx.get<AccountRepository>().find_by_email(email);
    if (!account) return {};
    tx.get<ResetCodeRepository>().replace({.user = account->id,
                                           .code_digest = code_digest,
                                           .expires_at = seconds(now) + kResetCodeLifetime,
                                           .failed_attempts = 0});
    tx.get<MailOutbox>().enqueue(reset_code_mail(email, code, services_.shop_url), seconds(now),
                                 {});
    return {};
  });
  if (!requested) return std::unexpected(requested.error());
  return kAnswer;
}

}  // namespace artshop
