#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

// What each kind of staff member may do in the back office (docs/back-office.md has the
// table). Every staff call checks its permission here, in core, whatever the screen showed.
namespace artshop {

enum class StaffRole : std::uint8_t {
  Owner,      // everything, staff and the audit trail included
  Support,    // orders, refunds and adjustments up to the configured amount, customers, tickets
  Catalogue,  // offers and pictures
};

enum class StaffPermission : std::uint8_t {
  ViewOrders,
  RefundWithinLimit,  // a refund up to the configured amount
  RefundBeyondLimit,  // a refund above it
  ViewCustomers,
  LockCustomers,      // lock, unlock, end a customer's sessions
  AdjustWithinLimit,  // a balance credit or debit up to the configured amount
  AdjustBeyondLimit,  // one above it
  ManageGiftCards,    // issue a goodwill card, void an unredeemed one
  AnswerTickets,
  EditCatalogue,
  ViewDashboard,
  ExportData,
  ManageStaff,  // invite, change roles, suspend
  ViewAudit,
};

// Every permission, in the order of the enumeration (for the table in the docs and the tests).
std::span<const StaffPermission> all_staff_permissions() noexcept;
std::span<const StaffRole> all_staff_roles() noexcept;

bool role_permits(StaffRole role, StaffPermission permission) noexcept;

// The names used on the command line, in the API and in the audit trail: "owner", "support",
// "catalogue"; "view_orders", "refund_within_limit", ...
std::string_view name_of(StaffRole role) noexcept;
std::string_view name_of(StaffPermission permission) noexcept;
// Exact, lower-case names only; nullopt for anything else.
std::optional<StaffRole> parse_staff_role(std::string_view name) noexcept;

}  // namespace artshop
