#pragma once

#include <optional>
#include <string>

#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/text_normaliser.hpp"
#include "artshop/core/ports/transactions.hpp"
#include "artshop/core/staff/staff_services.hpp"

namespace artshop {

struct AddStaffCommand {
  // Who invites (POST /api/admin/staff, needs manage_staff); nobody: `artshop staff add`.
  std::optional<StaffActor> actor;
  std::string email;
  std::string role;
  std::string address;  // the client's; the command line's is kCommandLineAddress
};

struct AddedStaff {
  StaffMember member;
  std::string setup_link;
};

// Makes an account staff, invited: the account is created, without a password, when the
// e-mail has none. Answers the one-time set-up link (24 hours). The first owner is added from
// the command line; later members by an owner.
class AddStaff {
 public:
  using Ports = Transactions<AccountRepository, StaffRepository, AuditLog>;

  AddStaff(Ports transactions, const TextNormaliser& text, SetupLinks links)
      : transactions_(std::move(transactions)), text_(text), links_(links) {}
  Result<AddedStaff> operator()(const AddStaffCommand& command);

 private:
  Ports transactions_;
  const TextNormaliser& text_;
  SetupLinks links_;
};

}  // namespace artshop
