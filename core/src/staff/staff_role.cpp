#include "artshop/core/staff/staff_role.hpp"

#include <algorithm>
#include <array>

namespace artshop {
namespace {

using enum StaffPermission;

constexpr std::array kPermissions{
    ViewOrders,        RefundWithinLimit, RefundBeyondLimit, ViewCustomers, LockCustomers,
    AdjustWithinLimit, AdjustBeyondLimit, ManageGiftCards,   AnswerTickets, EditCatalogue,
    ViewDashboard,     ExportData,        ManageStaff,       ViewAudit};
constexpr std::array kRoles{StaffRole::Owner, StaffRole::Support, StaffRole::Catalogue};

// What is not listed is refused: a permission added later belongs to the owner alone until a
// line here says otherwise.
constexpr std::array kSupport{ViewOrders,        RefundWithinLimit, ViewCustomers, LockCustomers,
                              AdjustWithinLimit, ManageGiftCards,   AnswerTickets};
constexpr std::array kCatalogue{EditCatalogue};

template <std::size_t N>
constexpr bool listed(const std::array<StaffPermission, N>& granted, StaffPermission permission) {
  return std::ranges::find(granted, permission) != granted.end();
}

}  // namespace

std::span<const StaffPermission> all_staff_permissions() noexcept {
  return kPermissions;
}
std::span<const StaffRole> all_staff_roles() noexcept {
  return kRoles;
}

bool role_permits(StaffRole role, StaffPermission permission) noexcept {
  switch (role) {
    case StaffRole::Owner:
      return true;
    case StaffRole::Support:
      return listed(kSupport, permission);
    case StaffRole::Catalogue:
      return listed(kCatalogue, permission);
  }
  return false;
}

std::string_view name_of(StaffRole role) noexcept {
  switch (role) {
    case StaffRole::Owner:
      return "owner";
    case StaffRole::Support:
      return "support";
    case StaffRole::Catalogue:
      return "catalogue";
  }
  return "unknown";
}

std::string_view name_of(StaffPermission permission) noexcept {
  switch (permission) {
    case ViewOrders:
      return "view_orders";
    case RefundWithinLimit:
      return "refund_within_limit";
    case RefundBeyondLimit:
      return "refund_beyond_limit";
    case ViewCustomers:
      return "view_customers";
    case LockCustomers:
      return "lock_customers";
    case AdjustWithinLimit:
      return "adjust_within_limit";
    case AdjustBeyondLimit:
      return "adjust_beyond_limit";
    case ManageGiftCards:
      return "manage_gift_cards";
    case AnswerTickets:
      return "answer_tickets";
    case EditCatalogue:
      return "edit_catalogue";
    case ViewDashboard:
      return "view_dashboard";
    case ExportData:
      return "export_data";
    case ManageStaff:
      return "manage_staff";
    case ViewAudit:
      return "view_audit";
  }
  return "unknown";
}

std::optional<StaffRole> parse_staff_role(std::string_view name) noexcept {
  for (const auto role : kRoles) {
    if (name_of(role) == name) return role;
  }
  return std::nullopt;
}

}  // namespace artshop
