#pragma once

#include <vector>

#include "artshop/core/error.hpp"
#include "artshop/core/ports/transactions.hpp"
#include "artshop/core/staff/staff_services.hpp"

namespace artshop {

// GET /api/admin/staff (manage_staff): every member, by e-mail.
class ListStaff {
 public:
  using Ports = Transactions<StaffRepository>;

  explicit ListStaff(Ports transactions) : transactions_(std::move(transactions)) {}
  Result<std::vector<StaffMember>> operator()(const StaffActor& actor);

 private:
  Ports transactions_;
};

}  // namespace artshop
