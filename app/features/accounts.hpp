#pragma once

#include "artshop/concurrency/bounded_thread_pool.hpp"
#include "artshop/concurrency/offloaded.hpp"
#include "artshop/core/accounts/authenticate.hpp"
#include "artshop/core/accounts/change_password.hpp"
#include "artshop/core/accounts/common_passwords.hpp"
#include "artshop/core/accounts/credentials.hpp"
#include "artshop/core/accounts/get_profile.hpp"
#include "artshop/core/accounts/log_in.hpp"
#include "artshop/core/accounts/log_out.hpp"
#include "artshop/core/accounts/password_services.hpp"
#include "artshop/core/accounts/refresh_session.hpp"
#include "artshop/core/accounts/register_account.hpp"
#include "artshop/core/accounts/request_password_reset.hpp"
#include "artshop/core/accounts/reset_password.hpp"
#include "artshop/core/accounts/session_issuer.hpp"
#include "artshop/core/accounts/update_billing.hpp"
#include "artshop/core/accounts/update_profile.hpp"
#include "artshop/crypto/aes_gcm_successor_sealer.hpp"
#include "artshop/crypto/argon2_password_hasher.hpp"
#include "artshop/crypto/digests.hpp"
#include "artshop/crypto/hmac_jwt_codec.hpp"
#include "artshop/http/router.hpp"
#include "infrastructure.hpp"

namespace artshop::app {

// Accounts: signing up, logins and their tokens, passwords and the profile. Its use cases, the
// adapters only they use, and its routes. The other features take its Authenticate.
struct Accounts {
  explicit Accounts(Infrastructure& shared);
  Accounts(const Accounts&) = delete;
  Accounts& operator=(const Accounts&) = delete;

  void add_routes(http::Router& router);

  Infrastructure& shared;
  // The calls that hash a password run here, apart from the rest; Argon2 itself runs on
  // hashing_work, at the idle priority.
  concurrency::BoundedThreadPool password_work;
  concurrency::BoundedThreadPool hashing_work;
  // Keeps a refresh token's successor through the grace period, openable with that token only.
  crypto::AesGcmRefreshSuccessorSealer successor_sealer;
  // Reset codes are kept as HMACs, under a key that is not in the database (docs/security.md).
  crypto::HmacTokenHasher reset_code_digests;
  crypto::Argon2PasswordHasher argon2;
  concurrency::OffloadedPasswordHasher hasher;  // argon2 on hashing_work
  Credentials credentials;  // hasher, with passwords and e-mails normalized by the storage's text
  crypto::HmacJwtAccessTokenCodec tokens;
  CommonPasswords common_passwords;

  SessionIssuer issuer;
  RegisterAccount register_account;
  LogIn log_in;
  RefreshSession refresh_session;
  LogOut log_out;
  RequestPasswordReset request_password_reset;
  ResetPassword reset_password;
  ChangePassword change_password;
  GetProfile get_profile;
  UpdateProfile update_profile;
  UpdateBilling update_billing;
  Authenticate authenticate;

 private:
  PasswordServices password_services();
};

}  // namespace artshop::app
