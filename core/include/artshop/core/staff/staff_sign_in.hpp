#pragma once

#include <string>

#include "artshop/core/accounts/credentials.hpp"
#include "artshop/core/accounts/rate_limits.hpp"
#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/transactions.hpp"
#include "artshop/core/staff/staff_services.hpp"

namespace artshop {

struct StaffSignInCommand {
  std::string email;
  std::string password;
  std::string code;            // six digits of the app, or one recovery code
  std::string address;         // the client's, kept with the session and in the audit trail
  std::string rate_limit_key;  // whom the rate limits count (an IPv6 network as one client)
};

// POST /api/admin/session. The password is checked as the shop's login checks it (the same
// rate limits, the same cost for an unknown e-mail), then the code: the app's, accepted once
// (the step of the last one accepted is stored), or a recovery code, used up. A wrong password,
// an unknown e-mail, a member not set up and a wrong code all answer kWrongSignIn; a replayed
// code says so, and so does a suspension, both only after the right password.
class StaffSignIn {
 public:
  using Ports = Transactions<AccountRepository, StaffRepository, RateLimitRepository, AuditLog>;

  StaffSignIn(Ports transactions, const Credentials& credentials, const StaffServices& services,
              RateLimits limits);
  Result<IssuedStaffSession> operator()(StaffSignInCommand command);

 private:
  Ports transactions_;
  const Credentials& credentials_;
  const StaffServices& services_;
  RateLimits limits_;
  std::string dummy_hash_;  // verified against when the e-mail is unknown
};

}  // namespace artshop
