#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_set>

namespace artshop {

// The shipped list of passwords attackers try first (core/data/common-passwords.txt).
// Lookups ignore ASCII case: "Password1" is as guessable as "password1".
class CommonPasswords {
 public:
  CommonPasswords() = default;

  // One password per line; blank lines and lines starting with '#' are skipped, a trailing
  // CR is dropped. Surrounding spaces are kept: they are part of the password.
  static CommonPasswords parse(std::string_view text);

  bool contains(std::string_view password) const;
  std::size_t size() const noexcept { return passwords_.size(); }

 private:
  std::unordered_set<std::string> passwords_;  // lower-cased
};

}  // namespace artshop
