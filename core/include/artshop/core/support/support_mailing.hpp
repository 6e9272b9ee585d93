#pragma once

#include <string>

namespace artshop {

// Where the support mails point: the shop's support address for the notices, and the shop's
// public address for the link in the confirmations (referred to, not copied: the app settles
// it once it knows the port it listens on).
struct SupportMailing {
  std::string support_address;
  const std::string& shop_url;
};

}  // namespace artshop
