#pragma once

#include "artshop/core/staff/repositories.hpp"
#include "artshop/sql/connection.hpp"

namespace artshop::sql {

// Staff members, second factors, recovery codes, set-up links and sessions over one
// connection, inside the transaction a unit of work opened on it.
class SqlStaffRepository final : public StaffRepository {
 public:
  explicit SqlStaffRepository(Connection& connection) noexcept : db_(connection) {}

  bool insert(UserId member, StaffRole role, StaffStatus status,
              std::chrono::sys_seconds created_at) override;
  std::optional<StaffMember> find(UserId member) override;
  std::vector<StaffMember> list() override;
  void update(UserId member, StaffRole role, StaffStatus status) override;
  void record_sign_in(UserId member, std::chrono::sys_seconds at) override;
  int count_active_owners() override;

  std::optional<StaffSecondFactor> second_factor(UserId member) override;
  void replace_second_factor(const StaffSecondFactor& factor,
                             const std::vector<std::string>& recovery_code_digests) override;
  bool advance_step(UserId member, std::uint64_t step) override;
  bool use_recovery_code(UserId member, std::string_view code_digest) override;
  void remove_second_factor(UserId member) override;

  void replace_setup_link(const StaffSetupLink& link) override;
  std::optional<StaffSetupLink> find_setup_link(std::string_view token_digest) override;
  bool keep_setup_secret(std::string_view token_digest, std::string_view sealed) override;
  void remove_setup_links(UserId member) override;

  void insert_session(const StaffSession& session) override;
  std::optional<StaffSession> find_session(std::string_view token_digest) override;
  void touch_session(std::string_view token_digest, std::chrono::sys_seconds at) override;
  void end_session(std::string_view token_digest) override;
  void end_sessions(UserId member) override;

 private:
  Connection& db_;
};

// The audit trail: appended to, listed, never changed (the schema's triggers refuse it).
class SqlAuditLog final : public AuditLog {
 public:
  explicit SqlAuditLog(Connection& connection) noexcept : db_(connection) {}
  std::int64_t append(const AuditRecord& record) override;
  AuditPage list(const AuditQuery& query) override;

 private:
  Connection& db_;
};

}  // namespace artshop::sql
