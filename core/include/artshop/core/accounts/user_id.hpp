#pragma once

#include "artshop/core/ids.hpp"

namespace artshop {

struct UserTag;
// A customer account's id; the subject of its access tokens.
using UserId = Id<UserTag>;

}  // namespace artshop
