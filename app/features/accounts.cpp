#include "features/accounts.hpp"

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "artshop/core/accounts/shipped_common_passwords.hpp"
#include "artshop/crypto/hex.hpp"
#include "artshop/crypto/signing_key_file.hpp"
#include "artshop/http/api.hpp"

namespace artshop::app {
namespace {

crypto::JwtKey configured_key(std::string_view hex) {
  auto secret = crypto::from_hex(hex);
  if (!secret || secret->size() < crypto::JwtKeyring::kMinSecretBytes) {
    throw std::runtime_error("jwt signing keys must be the hex of at least 32 random bytes");
  }
  return {.kid = crypto::derive_key_id(*secret), .secret = std::move(*secret)};
}

crypto::JwtKeyring signing_keys(const Config& config, RandomSource& random) {
  auto signing = config.jwt_signing_key.empty()
                     ? crypto::load_or_create_signing_key(config.data_dir, random)
                     : configured_key(config.jwt_signing_key);
  std::vector<crypto::JwtKey> previous;
  previous.reserve(config.jwt_previous_keys.size());
  for (const auto& hex : config.jwt_previous_keys) previous.push_back(configured_key(hex));
  return crypto::JwtKeyring(std::move(signing), std::move(previous));
}

}  // namespace

Accounts::Accounts(Infrastructure& infrastructure)
    : shared(infrastructure),
      password_work("passwords", shared.config.password_pool.threads,
                    shared.config.password_pool.queue),
      // Each thread waiting on it waits for one task at a time: room for all of them.
      hashing_work("hashing", shared.config.password_pool.threads,
                   shared.config.password_pool.threads, computation_priority(shared.config)),
      successor_sealer(shared.random),
      reset_code_digests(installation_secret(shared.config.reset_code_key, "reset_code_key",
                                             shared.config.reset_code_key_file(), shared.random)),
      argon2(shared.random, shared.config.argon2),
      hasher(argon2, hashing_work),
      credentials(hasher, shared.storage.text),
      tokens(signing_keys(shared.config, shared.random), crypto::JwtSettings{}),
      common_passwords(CommonPasswords::parse(shipped_common_passwords_text())),
      issuer(tokens, shared.digests, shared.random),
      register_account(narrow<AccountRepository, RateLimitRepository>(shared.transactions),
                       credentials, common_passwords, shared.clock, shared.config.limits),
      log_in(narrow<AccountRepository, RefreshTokenRepository, RateLimitRepository>(
                 shared.transactions),
             credentials, issuer, shared.clock, shared.config.limits),
      refresh_session(narrow<RefreshTokenRepository>(shared.transactions), shared.digests,
                      successor_sealer, issuer, shared.clock,
                      std::chrono::seconds(shared.config.refresh_grace_seconds)),
      log_out(narrow<RefreshTokenRepository>(shared.transactions), shared.digests, shared.clock),
      request_password_reset(
          narrow<AccountRepository, ResetCodeRepository, RateLimitRepository, MailOutbox>(
              shared.transactions),
          password_services(), shared.config.limits),
      reset_password(narrow<AccountRepository, ResetCodeRepository, RefreshTokenRepository,
                            RateLimitRepository, MailOutbox>(shared.transactions),
                     password_services(), shared.config.limits),
      change_password(
          narrow<AccountRepository, RefreshTokenRepository, RateLimitRepository, MailOutbox>(
              shared.transactions),
          password_services(), shared.config.limits),
      get_profile(narrow<AccountRepository>(shared.transactions)),
      update_profile(narrow<AccountRepository>(shared.transactions)),
      update_billing(narrow<AccountRepository>(shared.transactions)),
      authenticate(tokens, shared.clock, narrow<RefreshTokenRepository>(shared.transactions)) {}

PasswordServices Accounts::password_services() {
  return {.credentials = credentials,
          .reset_code_digests = reset_code_digests,
          .random = shared.random,
          .common_passwords = common_passwords,
          .clock = shared.clock,
          .shop_url = shared.public_url};
}

void Accounts::add_routes(http::Router& router) {
  http::add_account_routes(router,
                           {.register_account = register_account,
                            .log_in = log_in,
                            .refresh_session = refresh_session,
                            .log_out = log_out,
                            .request_password_reset = request_password_reset,
                            .reset_password = reset_password,
                            .change_password = change_password,
                            .get_profile = get_profile,
                            .update_profile = update_profile,
                            .update_billing = update_billing,
                            .authenticate = authenticate,
                            .password_work = password_work},
                           shared.config.client_addresses);
}

}  // namespace artshop::app
