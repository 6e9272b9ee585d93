#pragma once

#include <string_view>

namespace artshop {

// The text of core/data/common-passwords.txt, compiled into the library; parse it with
// CommonPasswords::parse.
std::string_view shipped_common_passwords_text();

}  // namespace artshop
