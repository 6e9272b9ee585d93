#pragma once

#include <string>
#include <vector>

#include "artshop/core/accounts/common_passwords.hpp"
#include "artshop/core/accounts/credentials.hpp"
#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/transactions.hpp"
#include "artshop/core/staff/staff_services.hpp"

namespace artshop {

struct CompleteSetupCommand {
  std::string token;
  std::string password;  // required when the account has none; ignored otherwise
  std::string code;      // the authenticator's first code
  std::string address;
};

struct SetupCompleted {
  std::vector<std::string> recovery_codes;  // shown once
  IssuedStaffSession session;
};

// POST /api/admin/setup/{token}: the member proves the app shows the right codes (and sets a
// password when the account has none), gets ten recovery codes and a session. The link is used
// up and the member is active. A wrong code stores nothing.
class CompleteSetup {
 public:
  using Ports = Transactions<AccountRepository, StaffRepository, AuditLog>;

  CompleteSetup(Ports transactions, const Credentials& credentials,
                const CommonPasswords& common_passwords, const StaffServices& services)
      : transactions_(std::move(transactions)),
        credentials_(credentials),
        common_passwords_(common_passwords),
        services_(services) {}
  Result<SetupCompleted> operator()(const CompleteSetupCommand& command);

 private:
  Ports transactions_;
  const Credentials& credentials_;
  const CommonPasswords& common_passwords_;
  const StaffServices& services_;
};

}  // namespace artshop
