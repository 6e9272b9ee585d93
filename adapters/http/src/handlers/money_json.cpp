#include "handlers/money_json.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>

namespace artshop::http::handlers {

boost::json::object money_json(const Money& money) {
  return {{"amount", money.amount_text()},
          {"currency", code(money.currency())},
          {"minorUnits", money.minor_units()}};
}

std::string iso_time(std::chrono::sys_seconds time) { return fmt::format("{:%FT%TZ}", time); }

}  // namespace artshop::http::handlers
