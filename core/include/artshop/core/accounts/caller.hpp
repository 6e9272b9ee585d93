#pragma once

#include <string>

#include "artshop/core/accounts/user_id.hpp"

namespace artshop {

// The caller of a signed-in call, read from a verified access token.
struct Caller {
  UserId user;
  std::string session;  // the login's refresh-token family
};

}  // namespace artshop
