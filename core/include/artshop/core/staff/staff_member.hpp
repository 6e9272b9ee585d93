#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/accounts/user_id.hpp"
#include "artshop/core/staff/staff_role.hpp"

// The people who run the shop, as the back office's use cases see them (docs/back-office.md).
// A staff member is an account with a role: the same person still signs in to the shop as a
// customer, and the member's id is the account's.
namespace artshop {

enum class StaffStatus : std::uint8_t {
  Invited,    // set-up not finished: no second factor yet
  Active,     // signs in with password and code
  Suspended,  // refused at sign-in, every session ended
};

std::string_view name_of(StaffStatus status) noexcept;
std::optional<StaffStatus> parse_staff_status(std::string_view name) noexcept;

struct StaffMember {
  UserId id;
  std::string email;  // the account's, normalized
  StaffRole role = StaffRole::Support;
  StaffStatus status = StaffStatus::Invited;
  std::chrono::sys_seconds created_at;
  std::optional<std::chrono::sys_seconds> last_sign_in_at;
  friend bool operator==(const StaffMember&, const StaffMember&) = default;
};

// Who makes a back-office call: read from a live staff session by AuthenticateStaff, and
// handed to every use case a signed-in member calls, which checks the role's permission itself.
struct StaffActor {
  UserId id;
  std::string email;
  StaffRole role = StaffRole::Support;
  std::string session;                  // the digest of the session's token
  std::chrono::sys_seconds expires_at;  // when the session ends at the latest
};

// The second factor of an active member: the TOTP secret, sealed (SecretSealer), and the step
// of the last code accepted, so that no code works twice.
struct StaffSecondFactor {
  UserId member;
  std::string sealed_secret;
  std::optional<std::uint64_t> last_used_step;
  friend bool operator==(const StaffSecondFactor&, const StaffSecondFactor&) = default;
};

// A one-time set-up link, kept as the digest of its token. The TOTP secret is drawn when the
// link is first opened and kept with it, sealed, so that opening it again shows the same one.
struct StaffSetupLink {
  std::string token_digest;
  UserId member;
  std::chrono::sys_seconds expires_at;
  std::string sealed_secret;  // empty until the link is first opened
  friend bool operator==(const StaffSetupLink&, const StaffSetupLink&) = default;
};

// A back-office session, kept as the digest of its token.
struct StaffSession {
  std::string token_digest;
  UserId member;
  std::chrono::sys_seconds created_at;
  std::chrono::sys_seconds last_seen_at;
  std::chrono::sys_seconds expires_at;  // created_at + the longest a session lives
  std::string address;                  // where it was signed in from
  friend bool operator==(const StaffSession&, const StaffSession&) = default;
};

}  // namespace artshop
