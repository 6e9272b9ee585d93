#pragma once

#include <boost/json/object.hpp>

#include <chrono>
#include <string>

#include "artshop/core/money.hpp"

namespace artshop::http::handlers {

// {"amount":"12.30","currency":"EUR","minorUnits":1230}: the amount as exact decimal text
// (never a binary float), its currency, and the integer the client can compute with.
boost::json::object money_json(const Money& money);

// "2026-11-22T01:19:55Z".
std::string iso_time(std::chrono::sys_seconds time);

}  // namespace artshop::http::handlers
