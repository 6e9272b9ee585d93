#pragma once

#include <stdexcept>

namespace artshop {

// Thrown by a backend that cannot reach its database at all (the server stopped, restarting,
// or out of reach), as opposed to one that reached it and was refused. The request did not
// get its answer and may be sent again in a moment (the HTTP adapter answers it 503 with
// Retry-After); a write whose connection broke while it committed may have been applied,
// which a repeat with the same Idempotency-Key settles.
class DatabaseUnavailable : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace artshop
