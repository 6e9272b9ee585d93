#pragma once

#include <string>

#include "artshop/core/accounts/common_passwords.hpp"
#include "artshop/core/accounts/credentials.hpp"
#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/random_source.hpp"

namespace artshop {

// What every password call needs besides its transaction: the slow hasher (with the text rules
// of passwords and e-mails), the keyed digest reset codes are stored as, and the shop's public
// address for links (referred to, not copied: the app settles it once it knows the port it
// listens on).
struct PasswordServices {
  const Credentials& credentials;
  const TokenHasher& reset_code_digests;
  RandomSource& random;
  const CommonPasswords& common_passwords;
  const Clock& clock;
  const std::string& shop_url;
};

}  // namespace artshop
