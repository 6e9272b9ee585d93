#pragma once

#include <functional>
#include <optional>
#include <type_traits>
#include <utility>

#include "artshop/core/ports/repositories.hpp"

namespace artshop {

// Runs a piece of work in one transaction over the repositories, without the use case
// knowing which database is behind them. A write transaction takes the write lock up front
// (no upgrade deadlocks) and either commits whole or leaves nothing behind. Transactions do
// not nest: `work` uses the repositories it is given and never starts another write.
class UnitOfWork {
 public:
  enum class Mode : bool { Read, Write };

  virtual ~UnitOfWork() = default;

  // Calls `work` inside a transaction; commits when it returns true, rolls back when it
  // returns false or throws (the exception then propagates).
  virtual void run(Mode mode, const std::function<bool(Repositories&)>& work) = 0;

  // Runs a function returning std::expected: commits on a value, rolls back on an error.
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
    using Outcome = std::invoke_result_t<Work, Repositories&>;
    std::optional<Outcome> outcome;
    run(mode, [&](Repositories& repos) {
      outcome.emplace(work(repos));
      return outcome->has_value();
    });
    return std::move(*outcome);
  }
};

}  // namespace artshop
