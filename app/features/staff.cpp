#include "features/staff.hpp"

#include "artshop/http/api.hpp"

namespace artshop::app {

StaffSessionPolicy staff_session_policy(const Config& config) {
  return {.idle = std::chrono::seconds(config.staff_session_idle),
          .max = std::chrono::seconds(config.staff_session_max)};
}

Staff::Staff(Infrastructure& infrastructure, Accounts& accounts_feature)
    : shared(infrastructure),
      accounts(accounts_feature),
      staff_key(installation_secret(shared.config.staff_secret_key, "staff_secret_key",
                                    shared.config.staff_secret_key_file(), shared.random)),
      secrets(staff_key, shared.random),
      recovery_code_digests(crypto::derive_subkey(staff_key, "artshop staff recovery codes")),
      services{.digests = shared.digests,
               .code_digests = recovery_code_digests,
               .secrets = secrets,
               .authenticator = authenticator,
               .random = shared.random,
               .clock = shared.clock,
               .shop_url = shared.public_url,
               .sessions = staff_session_policy(shared.config)},
      add_staff(narrow<AccountRepository, StaffRepository, AuditLog>(shared.transactions),
                shared.storage.text, services.links()),
      open_setup_link(narrow<AccountRepository, StaffRepository>(shared.transactions), services),
      complete_setup(narrow<AccountRepository, StaffRepository, AuditLog>(shared.transactions),
                     accounts.credentials, accounts.common_passwords, services),
      sign_in(narrow<AccountRepository, StaffRepository, RateLimitRepository, AuditLog>(
                  shared.transactions),
              accounts.credentials, services, shared.config.limits),
      sign_out(narrow<StaffRepository, AuditLog>(shared.transactions), services),
      list_staff(narrow<StaffRepository>(shared.transactions)),
      change_staff(narrow<StaffRepository, AuditLog>(shared.transactions), services),
      new_setup_link(narrow<StaffRepository, AuditLog>(shared.transactions), services),
      list_audit(narrow<AuditLog>(shared.transactions)),
      authenticate(narrow<StaffRepository>(shared.transactions), services) {}

void Staff::add_routes(http::Router& router) {
  http::add_admin_routes(router,
                         {.authenticate = authenticate,
                          .open_setup_link = open_setup_link,
                          .complete_setup = complete_setup,
                          .sign_in = sign_in,
                          .sign_out = sign_out,
                          .list_staff = list_staff,
                          .add_staff = add_staff,
                          .change_staff = change_staff,
                          .new_setup_link = new_setup_link,
                          .list_audit = list_audit,
                          .session_idle = services.sessions.idle,
                          .password_work = accounts.password_work},
                         shared.config.client_addresses);
}

}  // namespace artshop::app
