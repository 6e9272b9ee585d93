#include "artshop/core/staff/list_audit.hpp"

#include <limits>

#include "artshop/core/text.hpp"

namespace artshop {

Result<AuditListing> ListAudit::operator()(const StaffActor& actor, const ListAuditQuery& query) {
  if (auto allowed = require_permission(actor, StaffPermission::ViewAudit); !allowed) {
    return std::unexpected(allowed.error());
  }
  ValidationErrors errors;
  AuditListing listing;
  listing.page = read_page_number(query.page, "Page", 1,
                                  std::numeric_limits<int>::max() / kMaxPageSize, errors);
  listing.page_size =
      read_page_number(query.page_size, "PageSize", kDefaultPageSize, kMaxPageSize, errors);
  AuditQuery filters;
  filters.actor_email = query_text(query.actor);
  if (filters.actor_email) *filters.actor_email = text::to_lower_ascii(*filters.actor_email);
  filters.action = query_text(query.action);
  if (const auto from = read_query_date(query.from, "From", errors)) filters.from = *from;
  // The whole of the last day.
  if (const auto to = read_query_date(query.to, "To", errors))
    filters.until = *to + std::chrono::days(1);
  if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));
  filters.offset = (listing.page - 1) * listing.page_size;
  filters.limit = listing.page_size;
  return transactions_.read([&](Ports::Scope& tx) -> Result<AuditListing> {
    auto filled = listing;
    filled.records = tx.get<AuditLog>().list(filters);
    return filled;
  });
}

}  // namespace artshop
