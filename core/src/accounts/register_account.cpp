#include "artshop/core/accounts/register_account.hpp"

#include "artshop/core/rate_limiter.hpp"

namespace artshop {

Result<Registered> RegisterAccount::operator()(RegisterCommand command) {
  auto form =
      validate_registration(std::move(command.form), common_passwords_, credentials_.text());
  if (!form) return std::unexpected(Error::validation(std::move(form.error())));
  const auto bucket = rate_bucket("register", command.client_address);

  // Cheap checks first, so a refused registration costs no hashing.
  auto allowed = transactions_.read([&](Ports::Scope& tx) -> Result<void> {
    if (auto limited = RateLimiter(tx.get<RateLimitRepository>(), clock_.now())
                           .check(bucket, limits_.registrations_per_ip);
        !limited) {
      return limited;
    }
    if (tx.get<AccountRepository>().find_by_email(form->email)) {
      return std::unexpected(Error::validation("email", std::string(kEmailTaken)));
    }
    return {};
  });
  if (!allowed) return std::unexpected(allowed.error());

  const auto password_hash = credentials_.hash(form->password);
  return transactions_.write([&](Ports::Scope& tx) -> Result<Registered> {
    RateLimiter limiter(tx.get<RateLimitRepository>(), clock_.now());
    if (auto limited = limiter.check(bucket, limits_.registrations_per_ip); !limited) {
      return std::unexpected(limited.error());
    }
    limiter.record(bucket);
    const auto created_at = std::chrono::floor<std::chrono::seconds>(clock_.now());
    const auto user = tx.get<AccountRepository>().insert(form->email, password_hash, created_at);
    // A concurrent registration of the same address won the race.
    if (!user) return std::unexpected(Error::validation("email", std::string(kEmailTaken)));
    return Registered{.user = *user, .email = form->email};
  });
}

}  // namespace artshop
