#pragma once

#include <chrono>

namespace artshop::detail {

// Stored times count whole seconds.
inline std::chrono::sys_seconds seconds(std::chrono::system_clock::time_point time) {
  return std::chrono::floor<std::chrono::seconds>(time);
}

}  // namespace artshop::detail
