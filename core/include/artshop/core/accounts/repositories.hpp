#pragma once

#include <chrono>
#include <optional>
#include <string_view>

#include "artshop/core/accounts/account.hpp"

namespace artshop {

class AccountRepository {
 public:
  virtual ~AccountRepository() = default;
  virtual std::optional<Account> find_by_email(std::string_view normalized_email) = 0;
  virtual std::optional<Account> find_by_id(UserId id) = 0;
  // Nullopt when the e-mail is taken (also by a concurrent registration).
  virtual std::optional<UserId> insert(std::string_view normalized_email,
                                       std::string_view password_hash,
                                       std::chrono::sys_seconds created_at) = 0;
  virtual void update_password_hash(UserId id, std::string_view password_hash) = 0;
  virtual void update_names(UserId id, std::string_view first_name, std::string_view last_name) = 0;
  virtual void update_billing(UserId id, const BillingAddress& billing) = 0;
};

class RefreshTokenRepository {
 public:
  virtual ~RefreshTokenRepository() = default;
  virtual void insert(const RefreshTokenRecord& record, std::chrono::sys_seconds issued_at) = 0;
  virtual std::optional<RefreshTokenRecord> find(std::string_view token_digest) = 0;
  // Marks a live token rotated to `successor`; false when it was already rotated or revoked
  // (a race lost).
  virtual bool mark_rotated(std::string_view token_digest, const RefreshSuccessor& successor,
                            std::chrono::sys_seconds at) = 0;
  // Revoking a login also forgets the sealed successors of its tokens.
  virtual void revoke_family(std::string_view family, std::chrono::sys_seconds at) = 0;
  // Revokes every login of the user but `keep_family` (empty: all of them).
  virtual void revoke_user_sessions(UserId user, std::string_view keep_family,
                                    std::chrono::sys_seconds at) = 0;
  // Whether the login `family` of `user` still has a token that was not revoked: false once
  // it was logged out, revoked by a password change or reset, or its account is gone.
  virtual bool session_is_live(UserId user, std::string_view family) = 0;
  // Forgets the sealed successors of tokens rotated before `rotated_before`, whose grace period
  // is over; answers how many.
  virtual int forget_successors(std::chrono::sys_seconds rotated_before) = 0;
};

class ResetCodeRepository {
 public:
  virtual ~ResetCodeRepository() = default;
  // Stores the user's one live code, replacing an earlier one.
  virtual void replace(const ResetCodeRecord& record) = 0;
  virtual std::optional<ResetCodeRecord> find(UserId user) = 0;
  virtual void record_failed_attempt(UserId user) = 0;
  virtual void remove(UserId user) = 0;
};

// Timestamps of limited events by bucket ("login:ip:...", "register:ip:..."). Kept in the
// database, not in the process, so every app server counts the same events.
class RateLimitRepository {
 public:
  virtual ~RateLimitRepository() = default;
  virtual int count_since(std::string_view bucket, std::chrono::sys_seconds since) = 0;
  virtual std::optional<std::chrono::sys_seconds> oldest_since(std::string_view bucket,
                                                               std::chrono::sys_seconds since) = 0;
  virtual void add(std::string_view bucket, std::chrono::sys_seconds at) = 0;
  // Forgets events at or before `before`, in every bucket.
  virtual void prune(std::chrono::sys_seconds before) = 0;
};

}  // namespace artshop
