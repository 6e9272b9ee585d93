#include "artshop/core/staff/list_audit.hpp"

#include <charconv>
#include <limits>

#include "artshop/core/text.hpp"

namespace artshop {
namespace {

constexpr std::string_view kEnterDate = "Enter a date as YYYY-MM-DD.";

// A date as YYYY-MM-DD, the start of that day in UTC; an error under `field` otherwise.
std::optional<std::chrono::sys_days> read_date(const std::optional<std::string>& raw,
                                               std::string_view field, ValidationErrors& errors) {
  if (!raw || text::trim(*raw).empty()) return std::nullopt;
  const auto date = text::trim(*raw);
  const auto number = [&](std::size_t at, std::size_t length) -> std::optional<int> {
    int value = 0;
    const auto* first = date.data() + at;
    const auto [end, ec] = std::from_chars(first, first + length, value);
    if (ec != std::errc() || end != first + length) return std::nullopt;
    return value;
  };
  if (date.size() == 10 && date[4] == '-' && date[7] == '-') {
    const auto year = number(0, 4);
    const auto month = number(5, 2);
    const auto day = number(8, 2);
    if (year && month && day) {
      const std::chrono::year_month_day ymd{std::chrono::year(*year),
                                            std::chrono::month(static_cast<unsigned>(*month)),
                                            std::chrono::day(static_cast<unsigned>(*day))};
      if (ymd.ok()) return std::chrono::sys_days(ymd);
    }
  }
  errors.add(field, std::string(kEnterDate));
  return std::nullopt;
}

std::optional<std::string> filter(const std::optional<std::string>& raw) {
  if (!raw || text::trim(*raw).empty()) return std::nullopt;
  return std::string(text::trim(*raw));
}

}  // namespace

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
  filters.actor_email = filter(query.actor);
  if (filters.actor_email) *filters.actor_email = text::to_lower_ascii(*filters.actor_email);
  filters.action = filter(query.action);
  if (const auto from = read_date(query.from, "From", errors)) filters.from = *from;
  // The whole of the last day.
  if (const auto to = read_date(query.to, "To", errors)) filters.until = *to + std::chrono::days(1);
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
