#include "artshop/core/staff/complete_setup.hpp"

#include "artshop/core/accounts/password_policy.hpp"
#include "artshop/core/staff/recovery_codes.hpp"

namespace artshop {
namespace {

Error link_invalid() {
  return Error::not_found(
      ValidationErrors(ValidationErrors::kGeneral, std::string(staff_messages::kLinkInvalid)),
      "no live set-up link");
}

struct Pending {
  StaffSetupLink link;
  StaffMember member;
  std::string email;
  bool needs_password = false;
};

}  // namespace

Result<SetupCompleted> CompleteSetup::operator()(const CompleteSetupCommand& command) {
  const auto digest = services_.digests.digest(command.token);
  auto pending = transactions_.read([&](Ports::Scope& tx) -> Result<Pending> {
    auto& staff = tx.get<StaffRepository>();
    auto link = staff.find_setup_link(digest);
    // A link never opened has no secret: no app can show its codes.
    if (!link || link->expires_at <= services_.now() || link->sealed_secret.empty()) {
      return std::unexpected(link_invalid());
    }
    auto member = staff.find(link->member);
    const auto account = tx.get<AccountRepository>().find_by_id(link->member);
    if (!member || !account) return std::unexpected(Error::internal("a set-up link of nobody"));
    return Pending{.link = std::move(*link),
                   .member = std::move(*member),
                   .email = account->email,
                   .needs_password = account->password_hash.empty()};
  });
  if (!pending) return std::unexpected(pending.error());
  if (pending->member.status == StaffStatus::Suspended) {
    return std::unexpected(Error::general(std::string(staff_messages::kSuspended)));
  }

  ValidationErrors errors;
  if (pending->needs_password) {
    for (auto& problem :
         new_password_problems(command.password, pending->email, common_passwords_)) {
      errors.add("password", std::move(problem));
    }
  }
  const auto step =
      match_staff_code(services_, pending->link.sealed_secret, command.code, std::nullopt);
  if (!step) errors.add("code", std::string(staff_messages::kWrongCode));
  if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));

  // Slow on purpose, and outside any transaction so it holds no lock.
  const auto password_hash =
      pending->needs_password ? credentials_.hash(command.password) : std::string();
  const auto codes = make_recovery_codes(services_.random);
  std::vector<std::string> code_digests;
  code_digests.reserve(codes.size());
  for (const auto& code : codes) code_digests.push_back(services_.code_digests.digest(code));

  auto session = transactions_.write([&](Ports::Scope& tx) -> Result<IssuedStaffSession> {
    auto& staff = tx.get<StaffRepository>();
    // Used by another tab meanwhile, or replaced.
    const auto link = staff.find_setup_link(digest);
    if (!link || link->sealed_secret != pending->link.sealed_secret) {
      return std::unexpected(link_invalid());
    }
    auto member = staff.find(link->member);
    if (!member) return std::unexpected(Error::internal("a set-up link of nobody"));
    if (!password_hash.empty()) {
      tx.get<AccountRepository>().update_password_hash(member->id, password_hash);
    }
    staff.replace_second_factor(
        {.member = member->id, .sealed_secret = link->sealed_secret, .last_used_step = *step},
        code_digests);
    staff.remove_setup_links(member->id);
    staff.update(member->id, member->role, StaffStatus::Active);
    staff.record_sign_in(member->id, services_.now());
    auto issued = issue_staff_session(staff, services_, *member, command.address);
    auto record =
        staff_audit(issued.actor, command.address, "staff.setup", member->id, services_.now());
    record.before = audit_values({{"status", name_of(member->status)}});
    record.after = audit_values({{"status", name_of(StaffStatus::Active)}});
    tx.get<AuditLog>().append(record);
    return issued;
  });
  if (!session) return std::unexpected(session.error());
  return SetupCompleted{.recovery_codes = codes, .session = std::move(*session)};
}

}  // namespace artshop
