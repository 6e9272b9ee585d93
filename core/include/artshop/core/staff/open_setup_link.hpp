#pragma once

#include <string>
#include <string_view>

#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/transactions.hpp"
#include "artshop/core/staff/staff_services.hpp"

namespace artshop {

struct SetupPage {
  std::string email;
  StaffRole role = StaffRole::Support;
  bool needs_password = false;  // the account has none yet
  std::string secret;           // base32, for typing into an app
  std::string otpauth_url;      // for a QR code
};

// GET /api/admin/setup/{token}: what the set-up page shows. The TOTP secret is drawn at the
// first opening and kept with the link, sealed, so a reload shows the same one. An unknown,
// used or expired link is NotFound with kLinkInvalid.
class OpenSetupLink {
 public:
  using Ports = Transactions<AccountRepository, StaffRepository>;

  OpenSetupLink(Ports transactions, const StaffServices& services)
      : transactions_(std::move(transactions)), services_(services) {}
  Result<SetupPage> operator()(std::string_view token);

 private:
  Ports transactions_;
  const StaffServices& services_;
};

}  // namespace artshop
