#pragma once

#include <chrono>

namespace artshop::detail {

// The free images are counted per UTC day, from its midnight.
inline std::chrono::sys_seconds start_of_day(std::chrono::system_clock::time_point now) {
  return std::chrono::floor<std::chrono::days>(now);
}

}  // namespace artshop::detail
