#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "artshop/http/message.hpp"

namespace artshop::http {

// Decodes %XX escapes (and '+' as a space in query strings); nullopt for a broken escape.
std::optional<std::string> percent_decode(std::string_view text, bool plus_is_space = false);

// The request target up to the query, still encoded.
std::string_view raw_path(std::string_view target) noexcept;

// Fills request.path and request.query from request.target; false for a target that is not
// an origin-form path ("/...") or carries a broken escape.
bool parse_target(Request& request);

}  // namespace artshop::http
