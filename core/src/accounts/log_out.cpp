#include "artshop/core/accounts/log_out.hpp"

#include "../whole_seconds.hpp"

namespace artshop {

using detail::seconds;

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
