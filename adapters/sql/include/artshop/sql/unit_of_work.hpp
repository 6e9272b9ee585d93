#pragma once

#include <functional>
#include <utility>

#include "artshop/core/ports/transactions.hpp"
#include "artshop/sql/repositories.hpp"

namespace artshop {

// A transaction over every repository of the shop: what a database that holds all the tables
// offers (SQLite, PostgreSQL, the in-memory store of the tests). It is the stores' side, not
// core's: use cases take the Transactions of the ports they use (core's one transaction
// port), which `narrow` builds over it. A write transaction takes
// the write lock up front (no upgrade deadlocks) and either commits whole or leaves nothing
// behind. Transactions do not nest: `work` uses the repositories it is given and never starts
// another write. Work may run more than once and only its last attempt commits: a database
// that fails conflicting transactions runs them again (PostgresUnitOfWork), so work is a
// function of its attempt, as Transactions (transactions.hpp) says.
class UnitOfWork {
 public:
  using Mode = TransactionMode;

  virtual ~UnitOfWork() = default;

  // Calls `work` inside a transaction, maybe more than once; commits when its last attempt
  // returns true, rolls back when it returns false or throws (the exception then propagates).
  virtual void run(Mode mode, const std::function<bool(Repositories&)>& work) = 0;

  // Runs a function returning std::expected: commits on a value, rolls back on an error, and
  // answers what its last attempt answered.
  template <class Work>
  auto write(Work&& work) {
    return transact(Mode::Write, std::forward<Work>(work));
  }
  template <class Work>
  auto read(Work&& work) {
    return transact(Mode::Read, std::forward<Work>(work));
  }

 private:
  template <class Work>
  auto transact(Mode mode, Work&& work) {
    const auto run_all = [this](Mode all, const std::function<bool(Repositories&)>& all_work) {
      run(all, all_work);
    };
    return detail::run_expected<Repositories>(run_all, mode, std::forward<Work>(work));
  }
};

// Transactions over the repositories `Ports` of a whole unit of work, which must outlive them:
//   LogOut log_out(narrow<RefreshTokenRepository>(unit_of_work), digests, clock);
template <class... Ports>
Transactions<Ports...> narrow(UnitOfWork& unit_of_work) {
  using Narrow = Transactions<Ports...>;
  return Narrow([&unit_of_work](TransactionMode mode, const typename Narrow::Work& work) {
    unit_of_work.run(mode, [&](Repositories& repos) { return work(repos.get<Ports>()...); });
  });
}

}  // namespace artshop
