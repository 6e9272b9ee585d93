#pragma once

#include "artshop/core/staff/add_staff.hpp"
#include "artshop/core/staff/authenticate_staff.hpp"
#include "artshop/core/staff/change_staff.hpp"
#include "artshop/core/staff/complete_setup.hpp"
#include "artshop/core/staff/list_audit.hpp"
#include "artshop/core/staff/list_staff.hpp"
#include "artshop/core/staff/new_setup_link.hpp"
#include "artshop/core/staff/open_setup_link.hpp"
#include "artshop/core/staff/staff_sign_in.hpp"
#include "artshop/core/staff/staff_sign_out.hpp"
#include "artshop/crypto/aes_gcm_secret_sealer.hpp"
#include "artshop/crypto/digests.hpp"
#include "artshop/crypto/openssl_message_authenticator.hpp"
#include "artshop/http/router.hpp"
#include "features/accounts.hpp"
#include "infrastructure.hpp"

namespace artshop::app {

// The back office's staff: set-up, sign-in with a second factor, sessions, staff management and
// the audit trail (docs/back-office.md). Its use cases, the adapters only they use, its routes.
// Passwords are the accounts' own: it takes the Accounts feature's credentials and password pool.
struct Staff {
  Staff(Infrastructure& shared, Accounts& accounts);
  Staff(const Staff&) = delete;
  Staff& operator=(const Staff&) = delete;

  void add_routes(http::Router& router);

  Infrastructure& shared;
  Accounts& accounts;
  crypto::OpensslMessageAuthenticator authenticator;
  // TOTP secrets are sealed, and recovery codes digested, under keys derived from one kept
  // outside the database (staff_secret_key).
  std::vector<std::byte> staff_key;
  crypto::AesGcmSecretSealer secrets;
  crypto::HmacTokenHasher recovery_code_digests;
  StaffServices services;

  AddStaff add_staff;
  OpenSetupLink open_setup_link;
  CompleteSetup complete_setup;
  StaffSignIn sign_in;
  StaffSignOut sign_out;
  ListStaff list_staff;
  ChangeStaff change_staff;
  NewSetupLink new_setup_link;
  ListAudit list_audit;
  AuthenticateStaff authenticate;
};

// The back office's sessions as configured (staff_session_idle, staff_session_max).
StaffSessionPolicy staff_session_policy(const Config& config);

}  // namespace artshop::app
