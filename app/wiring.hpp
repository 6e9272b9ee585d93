#pragma once

#include "config.hpp"

namespace artshop::app {

// Builds every adapter, plugs them into the use cases, and serves until SIGTERM. Returns the
// process exit code.
int serve(const Config& config);

}  // namespace artshop::app
