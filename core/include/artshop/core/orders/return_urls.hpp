#pragma once

#include <string>
#include <string_view>

namespace artshop {

// Where the provider sends the customer back to; the HTTP layer fills them in. Each "{id}"
// in them becomes the id of the order or deposit, which exists only once it is stored.
struct ReturnUrls {
  static constexpr std::string_view kIdPlaceholder = "{id}";
  std::string success;
  std::string cancel;
};

}  // namespace artshop
