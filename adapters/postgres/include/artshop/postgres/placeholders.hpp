#pragma once

#include <string>
#include <string_view>

namespace artshop::postgres {

// A statement of the shared dialect written the way PostgreSQL numbers its parameters.
struct NumberedStatement {
  std::string sql;
  int parameters = 0;  // the highest parameter number it uses
};

// Rewrites the shared dialect's parameters (`?1`..`?N`, or `?`, which takes the number after
// the highest one so far, as SQLite numbers it) to PostgreSQL's `$1`..`$N`. A `?` inside a
// quoted string, a quoted identifier or a comment is text and stays as it is.
NumberedStatement number_parameters(std::string_view sql);

}  // namespace artshop::postgres
