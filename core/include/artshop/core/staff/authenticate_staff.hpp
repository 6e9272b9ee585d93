#pragma once

#include <string_view>

#include "artshop/core/error.hpp"
#include "artshop/core/ports/transactions.hpp"
#include "artshop/core/staff/staff_services.hpp"

namespace artshop {

// Reads the member from a staff session's token: Forbidden (kSignIn) for anything but the
// token of a live session of an active member (no token, a customer's, an unknown one, one
// signed out, idle too long or past its longest life). Each call counts as activity; the
// last-seen time is written at most once a minute, so most calls only read.
class AuthenticateStaff {
 public:
  using Ports = Transactions<StaffRepository>;

  AuthenticateStaff(Ports transactions, const StaffServices& services)
      : transactions_(std::move(transactions)), services_(services) {}
  Result<StaffActor> operator()(std::string_view bearer_token) const;

 private:
  Ports transactions_;
  const StaffServices& services_;
};

}  // namespace artshop
