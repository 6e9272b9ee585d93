#pragma once

#include <chrono>

namespace artshop {

// The time, so that rules about expiry and limits can be tested with a fixed clock.
class Clock {
 public:
  virtual ~Clock() = default;
  virtual std::chrono::system_clock::time_point now() const = 0;
};

}  // namespace artshop
