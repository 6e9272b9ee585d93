#pragma once

#include <chrono>
#include <string>
#include <string_view>

#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/leases.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

// Lets one server of a shop, whichever comes first, run a chore that must not run on two at
// once; the others skip it. A server that dies holding a lease holds it only until its term
// ends, so a chore is never left undone for longer than one term.
class ChoreLeases {
 public:
  using Ports = Transactions<LeaseRepository>;

  // `holder` names this server among all that share the database (unique per process).
  ChoreLeases(Ports transactions, const Clock& clock, std::string holder)
      : transactions_(std::move(transactions)), clock_(clock), holder_(std::move(holder)) {}

  // Whether this server may run `chore` now: it takes the chore's lease for `term`, or renews
  // it when it holds it already. False when another server holds it.
  bool take(std::string_view chore, std::chrono::seconds term);
  // Gives the lease back once the chore is done.
  void release(std::string_view chore);

  const std::string& holder() const noexcept { return holder_; }

 private:
  Ports transactions_;
  const Clock& clock_;
  std::string holder_;
};

}  // namespace artshop
