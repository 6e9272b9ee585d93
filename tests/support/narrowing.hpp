#pragma once

#include "artshop/sql/unit_of_work.hpp"

namespace artshop::testing {

// Hands each use case transactions over the repositories it names, as the app builds them
// with narrow() over its one unit of work.
struct Narrowing {
  UnitOfWork& whole;
  template <class... Ports>
  operator Transactions<Ports...>() const {  // NOLINT(google-explicit-constructor)
    return narrow<Ports...>(whole);
  }
};

}  // namespace artshop::testing
