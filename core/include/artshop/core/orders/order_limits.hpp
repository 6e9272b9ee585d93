#pragma once

#include <cstddef>

namespace artshop {

// How much one customer may have open at once (docs/limits.md), so that nobody can hold the
// shop's exclusive pictures or fill its tables with payments that never come. Configurable.
struct OrderLimits {
  std::size_t max_cart_lines = 50;          // pictures in one order
  std::size_t max_pending_orders = 5;       // unpaid orders within their payment window
  std::size_t max_pending_deposits = 5;     // unpaid deposits within their payment window
  std::size_t max_reserved_exclusives = 3;  // exclusive pictures held by unpaid orders
};

}  // namespace artshop
