#pragma once

#include "artshop/core/accounts/authenticate.hpp"
#include "artshop/core/accounts/log_in.hpp"
#include "artshop/core/accounts/refresh_session.hpp"
#include "artshop/core/accounts/register_account.hpp"
#include "artshop/core/accounts/session_issuer.hpp"
#include "fake_ports.hpp"
#include "in_memory_store.hpp"

namespace artshop::fakes {

// The shop's accounts over the in-memory store and the fakes: registration, login, refresh and
// the bearer check, for the tests of use cases that need customers signed up and in. The
// common passwords are empty until a test sets them.
struct AccountFakes {
  InMemoryUnitOfWork store;
  FixedClock clock;
  CountingRandom random;
  PlainHasher hasher;
  TinyTextNormaliser text;
  Credentials credentials{hasher, text};
  PlainDigests digests;
  PlainTokens tokens;
  CommonPasswords common;
  PlainSuccessorSealer sealer;
  SessionIssuer issuer{tokens, digests, random};
  RegisterAccount register_account{store, credentials, common, clock, kDefaultRateLimits};
  LogIn log_in{store, credentials, issuer, clock, kDefaultRateLimits};
  RefreshSession refresh{store, digests, sealer, issuer, clock, kDefaultRefreshGrace};
  Authenticate authenticate{tokens, clock, store};
};

}  // namespace artshop::fakes
