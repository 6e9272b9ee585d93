// What the dependency rule must refuse: a library header its list does not name, among
// headers it allows (the standard library, fmt, core, this folder's own).
#include "offender.hpp"

#include <fmt/format.h>

#include <boost/asio/io_context.hpp>
#include <string>

#include "artshop/core/money.hpp"
