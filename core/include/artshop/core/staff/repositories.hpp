#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/core/staff/audit.hpp"
#include "artshop/core/staff/staff_member.hpp"

namespace artshop {

// Staff members, their second factors and recovery codes, set-up links and sessions.
class StaffRepository {
 public:
  virtual ~StaffRepository() = default;

  // False when the account is staff already.
  virtual bool insert(UserId member, StaffRole role, StaffStatus status,
                      std::chrono::sys_seconds created_at) = 0;
  virtual std::optional<StaffMember> find(UserId member) = 0;
  // Every member, ordered by e-mail.
  virtual std::vector<StaffMember> list() = 0;
  virtual void update(UserId member, StaffRole role, StaffStatus status) = 0;
  virtual void record_sign_in(UserId member, std::chrono::sys_seconds at) = 0;
  virtual int count_active_owners() = 0;

  virtual std::optional<StaffSecondFactor> second_factor(UserId member) = 0;
  // Replaces the member's second factor and recovery codes (their digests).
  virtual void replace_second_factor(const StaffSecondFactor& factor,
                                     const std::vector<std::string>& recovery_code_digests) = 0;
  // Moves the last accepted step to `step` when it is later than the stored one; false when
  // it is not (a code of that step was accepted meanwhile).
  virtual bool advance_step(UserId member, std::uint64_t step) = 0;
  // Uses a recovery code up; false when the member has no such code (left).
  virtual bool use_recovery_code(UserId member, std::string_view code_digest) = 0;
  // Drops the second factor and the recovery codes.
  virtual void remove_second_factor(UserId member) = 0;

  // Stores the member's one set-up link, voiding any older one.
  virtual void replace_setup_link(const StaffSetupLink& link) = 0;
  virtual std::optional<StaffSetupLink> find_setup_link(std::string_view token_digest) = 0;
  // Keeps the secret drawn at the first opening; false when one was kept meanwhile.
  virtual bool keep_setup_secret(std::string_view token_digest, std::string_view sealed) = 0;
  virtual void remove_setup_links(UserId member) = 0;

  virtual void insert_session(const StaffSession& session) = 0;
  virtual std::optional<StaffSession> find_session(std::string_view token_digest) = 0;
  virtual void touch_session(std::string_view token_digest, std::chrono::sys_seconds at) = 0;
  virtual void end_session(std::string_view token_digest) = 0;
  virtual void end_sessions(UserId member) = 0;
};

// Keeps secrets the server must read back (the TOTP secrets) unreadable in the database: sealed
// under a key kept outside it.
class SecretSealer {
 public:
  virtual ~SecretSealer() = default;
  virtual std::string seal(std::string_view secret) const = 0;
  // Nullopt when `sealed` was altered or sealed under another key.
  virtual std::optional<std::string> open(std::string_view sealed) const = 0;
};

}  // namespace artshop
