#pragma once

#include <chrono>
#include <cstdint>
#include <expected>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/message_authenticator.hpp"
#include "artshop/core/ports/random_source.hpp"
#include "artshop/core/staff/repositories.hpp"
#include "artshop/core/staff/staff_member.hpp"
#include "artshop/core/staff/totp.hpp"

// What the back office's use cases share: its messages, the permission check every call of a
// signed-in member makes, how long sessions and set-up links live, and how they are issued.
namespace artshop {

namespace staff_messages {
inline constexpr std::string_view kSignIn = "Sign in to the back office.";
inline constexpr std::string_view kRoleForbids = "Your role does not allow this.";
inline constexpr std::string_view kLinkInvalid =
    "This set-up link is not valid: it was used, replaced or has expired.";
inline constexpr std::string_view kWrongCode =
    "That code is not right: check the time on your phone and try again.";
inline constexpr std::string_view kWrongSignIn = "Wrong e-mail, password or code.";
inline constexpr std::string_view kCodeUsed = "This code was used already: wait for the next one.";
inline constexpr std::string_view kSuspended = "This staff account is suspended.";
inline constexpr std::string_view kStaffAlready = "This address is staff already.";
inline constexpr std::string_view kLastOwner = "The shop needs at least one active owner.";
inline constexpr std::string_view kUnknownRole = "Choose owner, support or catalogue.";
inline constexpr std::string_view kEnterCode = "Enter the code from your authenticator app.";
}  // namespace staff_messages

// A session ends after `idle` without a call, and `max` after sign-in whatever happens
// (staff_session_idle, staff_session_max).
struct StaffSessionPolicy {
  std::chrono::seconds idle{std::chrono::minutes(30)};
  std::chrono::seconds max{std::chrono::hours(12)};
};

inline constexpr std::chrono::hours kStaffSetupLinkLifetime{24};
// The last-seen time of a session is written at most this often, so a read stays a read.
inline constexpr std::chrono::minutes kStaffSessionTouchEvery{1};
// "stf_" and 256 random bits, base64url: told apart from a customer's JWT at a glance.
inline constexpr std::string_view kStaffTokenPrefix = "stf_";
inline constexpr std::string_view kTotpIssuer = "Artshop";

// What issuing a set-up link needs: the link's token is kept as its digest, and the link
// starts with `shop_url` (referred to: the app settles it once it knows its port). The command
// line's AddStaff needs no more.
struct SetupLinks {
  const TokenHasher& digests;
  RandomSource& random;
  const Clock& clock;
  const std::string& shop_url;
};

// What the staff use cases need besides their transactions. Tokens are kept as `digests`;
// recovery codes, of 50 bits only, as `code_digests`, a keyed digest that a copy of the database
// alone cannot test guesses against; TOTP secrets sealed by `secrets`; links start with
// `shop_url` (referred to: the app settles it once it knows its port).
struct StaffServices {
  const TokenHasher& digests;
  const TokenHasher& code_digests;
  const SecretSealer& secrets;
  const MessageAuthenticator& authenticator;
  RandomSource& random;
  const Clock& clock;
  const std::string& shop_url;
  StaffSessionPolicy sessions;

  std::chrono::sys_seconds now() const;
  SetupLinks links() const { return {digests, random, clock, shop_url}; }
};

// Forbidden ("Your role does not allow this.") unless the actor's role has `permission`.
Result<void> require_permission(const StaffActor& actor, StaffPermission permission);

// A fresh set-up link for `member`, voiding older ones: the link to show (under shop_url).
std::string issue_setup_link(StaffRepository& staff, const SetupLinks& links, UserId member);

// A new session of `member`, signed in from `address`.
struct IssuedStaffSession {
  std::string token;  // shown once; kept as its digest
  StaffActor actor;
};
IssuedStaffSession issue_staff_session(StaffRepository& staff, const StaffServices& services,
                                       const StaffMember& member, std::string_view address);

// The step whose code `typed` is under the sealed TOTP secret (match_totp, after
// `last_used_step`). Throws std::runtime_error when the secret does not open: a changed key.
std::expected<std::uint64_t, TotpRefusal> match_staff_code(
    const StaffServices& services, std::string_view sealed_secret, std::string_view typed,
    std::optional<std::uint64_t> last_used_step);

// The bytes of a secret held in a string.
std::span<const std::byte> secret_bytes(std::string_view secret) noexcept;

// An audit record of `action` on the member `object`, by `actor` (nobody: the command line).
AuditRecord staff_audit(const std::optional<StaffActor>& actor, std::string_view address,
                        std::string_view action, UserId object, std::chrono::sys_seconds at);

}  // namespace artshop
