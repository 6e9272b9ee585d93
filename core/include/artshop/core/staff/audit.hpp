#pragma once

#include <chrono>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "artshop/core/accounts/user_id.hpp"

// The back office's audit trail: who did what to what, when and from where, with the values
// it changed. Append-only: the databases refuse to update or delete a record.
namespace artshop {

struct AuditRecord {
  std::int64_t id = 0;  // given by the log
  std::chrono::sys_seconds at;
  std::optional<UserId> actor;  // nobody: the command line
  std::string actor_email;      // as it was then; empty with no actor
  std::string address;          // the client's, or "command line"
  std::string action;           // "staff.role_change", ...
  std::string object;           // "staff:4"
  // The changed values as a JSON object ("{\"role\":\"support\"}"), empty for none. Never a
  // secret, a code or a password.
  std::string before;
  std::string after;
  friend bool operator==(const AuditRecord&, const AuditRecord&) = default;
};

inline constexpr std::string_view kCommandLineAddress = "command line";

// A JSON object of text values, for AuditRecord::before and after.
std::string audit_values(
    std::initializer_list<std::pair<std::string_view, std::string_view>> values);
// The same for values gathered one by one (the fields an edit changed).
std::string audit_values(const std::vector<std::pair<std::string, std::string>>& values);

// Every filter optional. Times: from inclusive, until exclusive.
struct AuditQuery {
  std::optional<std::string> actor_email;
  std::optional<std::string> action;
  std::optional<std::chrono::sys_seconds> from;
  std::optional<std::chrono::sys_seconds> until;
  int offset = 0;
  int limit = 50;
};

struct AuditPage {
  std::vector<AuditRecord> items;  // newest first (by time, then id)
  std::int64_t total = 0;          // of every record the filters match
};

class AuditLog {
 public:
  virtual ~AuditLog() = default;
  // Answers the record's id.
  virtual std::int64_t append(const AuditRecord& record) = 0;
  virtual AuditPage list(const AuditQuery& query) = 0;
};

}  // namespace artshop
