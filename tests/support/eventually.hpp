#pragma once

#include <chrono>
#include <functional>

namespace artshop::testing {

// Looks at `done` until it holds (true) or `timeout` passes (false). The pauses between looks
// start at a millisecond and grow to 50 ms, so a quick condition is seen at once and a slow
// one costs few looks.
bool eventually(const std::function<bool()>& done,
                std::chrono::milliseconds timeout = std::chrono::seconds(20));

}  // namespace artshop::testing
