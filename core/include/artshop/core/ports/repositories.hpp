#pragma once

#include "artshop/core/accounts/repositories.hpp"

namespace artshop {

// Every repository port, bound to one transaction. A UnitOfWork hands this to the work it
// runs; each feature adds its repositories here.
struct Repositories {
  AccountRepository& accounts;
  RefreshTokenRepository& refresh_tokens;
  ResetCodeRepository& reset_codes;
  RateLimitRepository& rate_limits;
};

}  // namespace artshop
