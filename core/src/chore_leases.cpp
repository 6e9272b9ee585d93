#include "artshop/core/chore_leases.hpp"

namespace artshop {

bool ChoreLeases::take(std::string_view chore, std::chrono::seconds term) {
  const auto now = std::chrono::floor<std::chrono::seconds>(clock_.now());
  bool taken = false;
  transactions_.run(TransactionMode::Write, [&](Ports::Scope& scope) {
    taken = scope.get<LeaseRepository>().take(chore, holder_, now, now + term);
    return true;
  });
  return taken;
}

void ChoreLeases::release(std::string_view chore) {
  transactions_.run(TransactionMode::Write, [&](Ports::Scope& scope) {
    scope.get<LeaseRepository>().release(chore, holder_);
    return true;
  });
}

}  // namespace artshop
