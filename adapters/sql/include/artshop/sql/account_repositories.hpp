#pragma once

#include "artshop/core/accounts/repositories.hpp"
#include "artshop/sql/connection.hpp"

namespace artshop::sql {

// The account repositories over one connection; used inside the transaction a unit of work
// opened on it.
class SqlAccountRepository final : public AccountRepository {
 public:
  explicit SqlAccountRepository(Connection& connection) noexcept : db_(connection) {}
  std::optional<Account> find_by_email(std::string_view normalized_email) override;
  std::optional<Account> find_by_id(UserId id) override;
  std::optional<UserId> insert(std::string_view normalized_email, std::string_view password_hash,
                               std::chrono::sys_seconds created_at) override;
  void update_password_hash(UserId id, std::string_view password_hash) override;
  void update_names(UserId id, std::string_view first_name, std::string_view last_name) override;
  void update_billing(UserId id, const BillingAddress& billing) override;

 private:
  Connection& db_;
};

class SqlRefreshTokenRepository final : public RefreshTokenRepository {
 public:
  explicit SqlRefreshTokenRepository(Connection& connection) noexcept : db_(connection) {}
  void insert(const RefreshTokenRecord& record, std::chrono::sys_seconds issued_at) override;
  std::optional<RefreshTokenRecord> find(std::string_view token_digest) override;
  bool mark_rotated(std::string_view token_digest, const RefreshSuccessor& successor,
                    std::chrono::sys_seconds at) override;
  void revoke_family(std::string_view family, std::chrono::sys_seconds at) override;
  void revoke_user_sessions(UserId user, std::string_view keep_family,
                            std::chrono::sys_seconds at) override;
  bool session_is_live(UserId user, std::string_view family) override;
  int forget_successors(std::chrono::sys_seconds rotated_before) override;

 private:
  Connection& db_;
};

class SqlResetCodeRepository final : public ResetCodeRepository {
 public:
  explicit SqlResetCodeRepository(Connection& connection) noexcept : db_(connection) {}
  void replace(const ResetCodeRecord& record) override;
  std::optional<ResetCodeRecord> find(UserId user) override;
  void record_failed_attempt(UserId user) override;
  void remove(UserId user) override;

 private:
  Connection& db_;
};

class SqlRateLimitRepository final : public RateLimitRepository {
 public:
  explicit SqlRateLimitRepository(Connection& connection) noexcept : db_(connection) {}
  int count_since(std::string_view bucket, std::chrono::sys_seconds since) override;
  std::optional<std::chrono::sys_seconds> oldest_since(std::string_view bucket,
                                                       std::chrono::sys_seconds since) override;
  void add(std::string_view bucket, std::chrono::sys_seconds at) override;
  void prune(std::chrono::sys_seconds before) override;

 private:
  Connection& db_;
};

}  // namespace artshop::sql
