#pragma once

#include <optional>
#include <string>

#include "artshop/core/error.hpp"
#include "artshop/core/ports/transactions.hpp"
#include "artshop/core/staff/staff_services.hpp"

namespace artshop {

// The query as sent: every filter optional, dates as YYYY-MM-DD (inclusive, UTC).
struct ListAuditQuery {
  std::optional<std::string> page;
  std::optional<std::string> page_size;
  std::optional<std::string> actor;  // an e-mail
  std::optional<std::string> action;
  std::optional<std::string> from;
  std::optional<std::string> to;
};

struct AuditListing {
  AuditPage records;
  int page = 1;
  int page_size = 50;
};

// GET /api/admin/audit (view_audit): the trail newest first, filtered and paged.
class ListAudit {
 public:
  using Ports = Transactions<AuditLog>;
  static constexpr int kDefaultPageSize = 50;
  static constexpr int kMaxPageSize = 100;

  explicit ListAudit(Ports transactions) : transactions_(std::move(transactions)) {}
  Result<AuditListing> operator()(const StaffActor& actor, const ListAuditQuery& query);

 private:
  Ports transactions_;
};

}  // namespace artshop
