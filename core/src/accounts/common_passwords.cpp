#include "artshop/core/accounts/common_passwords.hpp"

#include "artshop/core/text.hpp"

namespace artshop {

CommonPasswords CommonPasswords::parse(std::string_view text) {
  CommonPasswords list;
  while (!text.empty()) {
    const auto end = text.find('\n');
    auto line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    if (line.ends_with('\r')) line.remove_suffix(1);
    if (line.empty() || line.starts_with('#')) continue;
    list.passwords_.insert(text::to_lower_ascii(line));
  }
  return list;
}

bool CommonPasswords::contains(std::string_view password) const {
  return passwords_.contains(text::to_lower_ascii(password));
}

}  // namespace artshop
