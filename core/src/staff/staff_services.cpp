#include "artshop/core/staff/staff_services.hpp"

#include <fmt/format.h>

#include <stdexcept>

#include "artshop/core/accounts/random_tokens.hpp"

namespace artshop {

std::chrono::sys_seconds StaffServices::now() const {
  return std::chrono::floor<std::chrono::seconds>(clock.now());
}

Result<void> require_permission(const StaffActor& actor, StaffPermission permission) {
  if (role_permits(actor.role, permission)) return {};
  return std::unexpected(Error::forbidden(std::string(staff_messages::kRoleForbids)));
}

std::string issue_setup_link(StaffRepository& staff, const SetupLinks& links, UserId member) {
  // 256 random bits, base64url, as a refresh token.
  const auto token = generate_refresh_token(links.random);
  const auto now = std::chrono::floor<std::chrono::seconds>(links.clock.now());
  staff.replace_setup_link({.token_digest = links.digests.digest(token),
                            .member = member,
                            .expires_at = now + kStaffSetupLinkLifetime,
                            .sealed_secret = {}});
  return links.shop_url + "/admin/setup/" + token;
}

IssuedStaffSession issue_staff_session(StaffRepository& staff, const StaffServices& services,
                                       const StaffMember& member, std::string_view address) {
  const auto token = std::string(kStaffTokenPrefix) + generate_refresh_token(services.random);
  const auto now = services.now();
  StaffSession session{.token_digest = services.digests.digest(token),
                       .member = member.id,
                       .created_at = now,
                       .last_seen_at = now,
                       .expires_at = now + services.sessions.max,
                       .address = std::string(address)};
  staff.insert_session(session);
  return {.token = token,
          .actor = {.id = member.id,
                    .email = member.email,
                    .role = member.role,
                    .session = session.token_digest,
                    .expires_at = session.expires_at}};
}

std::span<const std::byte> secret_bytes(std::string_view secret) noexcept {
  return std::as_bytes(std::span(secret.data(), secret.size()));
}

std::expected<std::uint64_t, TotpRefusal> match_staff_code(
    const StaffServices& services, std::string_view sealed_secret, std::string_view typed,
    std::optional<std::uint64_t> last_used_step) {
  const auto secret = services.secrets.open(sealed_secret);
  if (!secret) throw std::runtime_error("a staff member's TOTP secret does not open");
  return match_totp(services.authenticator, secret_bytes(*secret), typed, services.now(),
                    last_used_step);
}

AuditRecord staff_audit(const std::optional<StaffActor>& actor, std::string_view address,
                        std::string_view action, UserId object, std::chrono::sys_seconds at) {
  return {.id = 0,
          .at = at,
          .actor = actor ? std::optional(actor->id) : std::nullopt,
          .actor_email = actor ? actor->email : std::string(),
          .address = std::string(address),
          .action = std::string(action),
          .object = fmt::format("staff:{}", object.value),
          .before = {},
          .after = {}};
}

}  // namespace artshop
