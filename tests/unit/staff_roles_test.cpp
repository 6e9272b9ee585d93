#include <gtest/gtest.h>

#include <set>

#include "artshop/core/staff/staff_role.hpp"

namespace artshop {
namespace {

using enum StaffPermission;

std::set<StaffPermission> granted_to(StaffRole role) {
  std::set<StaffPermission> granted;
  for (const auto permission : all_staff_permissions()) {
    if (role_permits(role, permission)) granted.insert(permission);
  }
  return granted;
}

TEST(StaffRoles, TheOwner_MayDoEverything) {
  EXPECT_EQ(granted_to(StaffRole::Owner).size(), all_staff_permissions().size());
}

TEST(StaffRoles, Support_HandlesOrdersCustomersAndTicketsWithinTheLimit) {
  const std::set<StaffPermission> expected{ViewOrders,    RefundWithinLimit, ViewCustomers,
                                           LockCustomers, AdjustWithinLimit, ManageGiftCards,
                                           AnswerTickets};
  EXPECT_EQ(granted_to(StaffRole::Support), expected);
}

TEST(StaffRoles, Catalogue_EditsTheCatalogueAndNothingElse) {
  EXPECT_EQ(granted_to(StaffRole::Catalogue), std::set<StaffPermission>{EditCatalogue});
}

TEST(StaffRoles, OnlyTheOwner_ManagesStaffReadsTheAuditAndGoesBeyondTheLimits) {
  for (const auto permission :
       {ManageStaff, ViewAudit, RefundBeyondLimit, AdjustBeyondLimit, ViewDashboard, ExportData}) {
    EXPECT_FALSE(role_permits(StaffRole::Support, permission)) << name_of(permission);
    EXPECT_FALSE(role_permits(StaffRole::Catalogue, permission)) << name_of(permission);
  }
}

TEST(StaffRoles, Names_AreUniqueAndRoleNamesReadBack) {
  std::set<std::string_view> names;
  for (const auto permission : all_staff_permissions()) names.insert(name_of(permission));
  EXPECT_EQ(names.size(), all_staff_permissions().size());
  for (const auto role : all_staff_roles()) EXPECT_EQ(parse_staff_role(name_of(role)), role);
}

TEST(StaffRoles, ParseRole_AcceptsOnlyTheExactLowerCaseNames) {
  EXPECT_EQ(parse_staff_role("support"), StaffRole::Support);
  EXPECT_EQ(parse_staff_role("Owner"), std::nullopt);
  EXPECT_EQ(parse_staff_role("owner "), std::nullopt);
  EXPECT_EQ(parse_staff_role(""), std::nullopt);
  EXPECT_EQ(parse_staff_role("admin"), std::nullopt);
}

}  // namespace
}  // namespace artshop
