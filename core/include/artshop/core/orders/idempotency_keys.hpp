#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/transactions.hpp"

// Idempotency keys (DESIGN.md section 6): a request that carries a key runs once per user and
// key; a repetition gets what the first one made, the same key with another request is a
// conflict. An adapter drives it around a use case:
//
//   claim ─ Run ────────► use case ─► remember its outcome, or forget (nothing was done)
//         │                 └ keeps its outcome in its own transaction (keep)
//         ├ Replay ─────► the kept outcome, which the adapter renders as it is now
//         └ InProgress ─► the client asks again later
//
// The outcome of a request that changed something is written in the same transaction as the
// change: a crash between the two can neither lose what an effect made nor let a retry carry
// the effect out again. Repetitions still wait for the final outcome (a Pending order's payment
// link comes after its commit); only when the first request's process died is the outcome kept
// with the effect replayed. A reservation left with no outcome at all did nothing, so a retry
// may take it over once it is kAbandonedAfter old; should the first request still be alive,
// its effect finds the key taken over and rolls back.
namespace artshop {

// One request that carries a key. `asked` is what the request asks for, as its adapter tells
// requests apart (e.g. its route and payload); only its digest is kept.
struct IdempotentRequest {
  UserId user;
  std::string key;
  std::string asked;
};

struct IdempotencyClaim {
  enum class Kind : std::uint8_t {
    Run,         // the key is reserved for this request: run it, then remember or forget
    Replay,      // done before: `outcome` is what the first request made
    InProgress,  // the same request is running elsewhere: wait for its outcome
  };
  Kind kind = Kind::Run;
  std::optional<IdempotentOutcome> outcome;  // Replay only
  IdempotencyRecord reservation;             // Run only: what remember and forget need
};

// Carried by a use case's command: the reservation of the request's key, or none when the
// request carries no key.
using IdempotencyReservation = std::optional<IdempotencyRecord>;

class IdempotencyKeys {
 public:
  using Ports = Transactions<IdempotencyRepository>;

  static constexpr std::size_t kMaxKeyLength = 255;
  static constexpr std::string_view kBadKey =
      "An Idempotency-Key is 1 to 255 visible ASCII characters.";
  static constexpr std::string_view kOtherRequest =
      "This Idempotency-Key was already used for another request.";
  static constexpr std::string_view kTakenOver =
      "A repetition of this request with the same Idempotency-Key was carried out instead.";
  // A reservation that never got its outcome (its process died) is given up after this long.
  // Taking over a live one is safe too (its effect then rolls back), only wasteful.
  static constexpr std::chrono::minutes kAbandonedAfter{1};

  IdempotencyKeys(Ports transactions, const TokenHasher& digests, const Clock& clock)
      : transactions_(std::move(transactions)), digests_(digests), clock_(clock) {}

  // Reserves the key for this request in its own write transaction, or tells what became of
  // it. A malformed key is a Validation error on `key_field` (where the caller's adapter carries
  // it); a key used for another request within its lifetime is a Conflict with a general
  // message.
  Result<IdempotencyClaim> claim(const IdempotentRequest& request, std::string_view key_field);

  // A use case's last step inside the transaction of its effect: stores what it made under the
  // reservation, replayed only if the request never stores its final outcome (its process
  // died). Nothing without a reservation. A Conflict, which rolls the effect back, when the
  // reservation is no longer this request's (a retry took it over).
  static Result<void> keep(IdempotencyRepository& keys, const IdempotencyReservation& reservation,
                           IdempotentOutcome outcome);

  // Stores the final outcome under the reservation, over one kept with the effect; false when
  // the reservation is gone.
  Result<bool> remember(const IdempotencyRecord& reservation, IdempotentOutcome outcome);

  // Gives the reservation up, so that a retry with the key runs anew; when the request's effect
  // committed, the outcome kept with it becomes the final one instead.
  Result<void> forget(const IdempotencyRecord& reservation);

  // Forgets keys past their 24 hours. Run periodically.
  Result<void> prune();

 private:
  // The verdict on a request, reserving its key when it may run. Inside a write transaction.
  Result<IdempotencyClaim> reserve(IdempotencyRepository& keys, const IdempotentRequest& request,
                                   const std::string& hash);

  Ports transactions_;
  const TokenHasher& digests_;
  const Clock& clock_;
};

}  // namespace artshop
