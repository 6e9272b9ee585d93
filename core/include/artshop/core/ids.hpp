#pragma once

#include <compare>
#include <cstdint>

namespace artshop {

// A database id that cannot be mixed up with another kind of id.
template <class Tag>
struct Id {
  std::int64_t value = 0;
  friend constexpr auto operator<=>(Id, Id) noexcept = default;
};

}  // namespace artshop
