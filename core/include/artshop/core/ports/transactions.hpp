#pragma once

#include <functional>
#include <optional>
#include <stdexcept>
#include <tuple>
#include <type_traits>
#include <utility>

namespace artshop {

// Thrown by a backend whose transaction kept failing because of others running at the same
// time (a database that detects conflicts rather than queueing writers), after running it
// again as long as was reasonable. Nothing was written; the same call may be made again.
class TransactionContention : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A write transaction takes the write lock up front, so that reading a row and changing it
// cannot deadlock on an upgrade or race with another writer.
enum class TransactionMode : bool { Read, Write };

template <class... Ports>
class Transactions;

namespace detail {

// Calls `work`, which answers a std::expected, inside one transaction that `run` opens and
// binds `Context` to: commits on a value, rolls back on an error, and answers what the work
// answered in its last attempt, the one that committed.
template <class Context, class Run, class Work>
auto run_expected(const Run& run, TransactionMode mode, Work&& work) {
  using Outcome = std::invoke_result_t<Work, Context&>;
  std::optional<Outcome> outcome;
  run(mode, [&](Context& context) {
    // An attempt that failed half-way (its write refused by the database) must not leave its
    // answer behind for a caller whose last attempt never answered.
    outcome.reset();
    outcome.emplace(std::invoke(work, context));
    return outcome->has_value();
  });
  // A backend that returns without calling the work has no answer to give.
  if (!outcome) throw std::logic_error("the transaction did not run its work");
  return std::move(*outcome);
}

template <class Port, class... Among>
inline constexpr bool kIsOneOf = (std::is_same_v<Port, Among> || ...);

template <class Wide, class... Ports>
inline constexpr bool kOffers = false;
template <class... Wide, class... Ports>
inline constexpr bool kOffers<Transactions<Wide...>, Ports...> = (kIsOneOf<Ports, Wide...> && ...);

// Transactions over every one of `Ports`, and maybe more.
template <class Wide, class... Ports>
concept TransactionsOver = kOffers<Wide, Ports...>;

}  // namespace detail

// Runs work in one transaction over exactly `Ports`, the ports a use case reads and writes
// together: a use case's constructor takes the Transactions it needs, so its header says what
// it touches and the compiler refuses work that reaches for anything else. A small copyable
// value; the backend behind it is whatever callable it is built from:
//
//   Transactions<AccountRepository, Ledger> transactions{
//       [&](TransactionMode mode, const auto& work) {
//         // open a transaction, then commit when work(accounts, ledger) answers true,
//         // roll back when it answers false or throws (the exception propagates)
//       }};
//
// The shop's own stores build theirs with `narrow` over their UnitOfWork, the database
// adapters' side (artshop/sql/unit_of_work.hpp). A Transactions over more ports converts to one
// over fewer, in any order, so one backend can serve several use cases.
// Transactions do not nest: work uses the ports it is given and never starts another write.
//
// Work may run more than once; only its last attempt commits. A backend whose database fails
// transactions that conflict (PostgreSQL's SERIALIZABLE) rolls the attempt back and calls the
// work again on a fresh transaction, so work must be a function of its attempt: it changes
// nothing outside its ports (no mail sent, no file written, no other port called for an
// effect), and takes nothing from an earlier attempt. What it captures it only reads: it
// neither moves out of it, nor appends to it, nor counts in it; what it prepares it makes
// afresh at the start of each attempt, and effects outside the database wait for the answer,
// which is the last attempt's.
template <class... Ports>
class Transactions {
 public:
  using Mode = TransactionMode;

  // The ports, bound to one running transaction.
  class Scope {
   public:
    explicit Scope(Ports&... ports) noexcept : ports_(ports...) {}

    template <class Port>
    Port& get() const noexcept {
      static_assert(detail::kIsOneOf<Port, Ports...>, "the transaction has no such port");
      return std::get<Port&>(ports_);
    }

   private:
    std::tuple<Ports&...> ports_;
  };

  // What a backend is handed: the work over its ports, true to commit. The backend may call
  // it again after rolling an attempt back.
  using Work = std::function<bool(Ports&...)>;
  using Backend = std::function<void(Mode, const Work&)>;

  explicit Transactions(Backend backend) : backend_(std::move(backend)) {}

  // Work over some of the ports of a wider transaction runs in the wider one. Implicit, so that
  // one store over several ports can be handed to every use case that needs some of them.
  template <detail::TransactionsOver<Ports...> Wider>
  Transactions(const Wider& wider)
      : backend_([wider](Mode mode, const Work& work) {
          wider.run(mode, [&](typename Wider::Scope& scope) {
            return work(scope.template get<Ports>()...);
          });
        }) {}

  // Calls `work` inside a transaction, maybe more than once (see above); commits when its
  // last attempt returns true, rolls back when it returns false or throws (the exception then
  // propagates).
  void run(Mode mode, const std::function<bool(Scope&)>& work) const {
    backend_(mode, [&](Ports&... ports) {
      Scope scope(ports...);
      return work(scope);
    });
  }

  // Runs a function of Scope& returning std::expected: commits on a value, rolls back on an
  // error, and answers what its last attempt answered.
  template <class ScopedWork>
  auto write(ScopedWork&& work) const {
    return transact(Mode::Write, std::forward<ScopedWork>(work));
  }
  template <class ScopedWork>
  auto read(ScopedWork&& work) const {
    return transact(Mode::Read, std::forward<ScopedWork>(work));
  }

 private:
  template <class ScopedWork>
  auto transact(Mode mode, ScopedWork&& work) const {
    const auto run_scoped = [this](Mode scoped, const std::function<bool(Scope&)>& scoped_work) {
      run(scoped, scoped_work);
    };
    return detail::run_expected<Scope>(run_scoped, mode, std::forward<ScopedWork>(work));
  }

  Backend backend_;
};

}  // namespace artshop
