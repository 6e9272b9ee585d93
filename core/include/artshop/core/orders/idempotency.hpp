#pragma once

#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/transactions.hpp"

// Idempotency keys (DESIGN.md section 6): a POST that carries `Idempotency-Key` runs once per
// user and key; a repetition gets the first answer again, the same key with another request
// is a conflict. The HTTP adapter drives it around a handler:
//
//   claim ─ Run ────────► handler ─► remember (status < 500) or forget (5xx, 401, 429)
//         │                 └ the use case keeps its answer in its own transaction (KeepAnswer)
//         ├ Replay ─────► the stored answer
//         └ InProgress ─► 409 with Retry-After: the client asks again later
//
// The answer of a request that changed something is written in the same transaction as the
// change: a crash between the two can neither lose the answer of an effect that happened nor
// let a retry carry the effect out again. Repetitions still wait for the final answer (a
// Pending order's payment link comes after its commit); only when the first request's process
// died is the kept answer replayed. A reservation left with no answer at all did nothing, so a
// retry may take it over once it is kAbandonedAfter old; should the first request still be
// alive, its effect finds the key taken over and rolls back.
namespace artshop {

// One request that carries a key. The hash covers the method, the path (lower-cased, since
// paths match without regard to case) and the body.
struct IdempotentRequest {
  UserId user;
  std::string key;
  std::string method;
  std::string path;
  std::string body;
};

struct StoredAnswer {
  int status = 0;
  std::string body;
  friend bool operator==(const StoredAnswer&, const StoredAnswer&) = default;
};

struct IdempotencyClaim {
  enum class Kind : std::uint8_t {
    Run,         // the key is reserved for this request: run it, then remember or forget
    Replay,      // answered before: `answer` is the first answer
    InProgress,  // the same request is running elsewhere: wait for its answer
  };
  Kind kind = Kind::Run;
  std::optional<StoredAnswer> answer;  // Replay only
  IdempotencyRecord reservation;       // Run only: what remember and forget need
};

// Given to a use case by the caller that holds a reservation: called inside the transaction of
// the use case's effect with its outcome, it stores the answer that outcome gets. An error rolls
// the effect back. Empty when the request carries no key.
template <class Outcome>
using KeepAnswer = std::function<Result<void>(IdempotencyRepository&, const Outcome&)>;

// A use case's last step inside its transaction: the outcome, once its answer is kept.
template <class Outcome>
Result<Outcome> with_kept_answer(const KeepAnswer<Outcome>& keep, IdempotencyRepository& keys,
                                 Outcome outcome) {
  if (keep) {
    if (auto kept = keep(keys, outcome); !kept) return std::unexpected(kept.error());
  }
  return outcome;
}

class IdempotencyKeys {
 public:
  using Ports = Transactions<IdempotencyRepository>;

  static constexpr std::string_view kField = "Idempotency-Key";
  static constexpr std::size_t kMaxKeyLength = 255;
  static constexpr std::string_view kBadKey =
      "An Idempotency-Key is 1 to 255 visible ASCII characters.";
  static constexpr std::string_view kOtherRequest =
      "This Idempotency-Key was already used for another request.";
  static constexpr std::string_view kTakenOver =
      "A repetition of this request with the same Idempotency-Key was carried out instead.";
  // A reservation that never got its answer (its process died) is given up after this long.
  // Taking over a live one is safe too (its effect then rolls back), only wasteful.
  static constexpr std::chrono::minutes kAbandonedAfter{1};

  IdempotencyKeys(Ports transactions, const TokenHasher& digests, const Clock& clock)
      : transactions_(std::move(transactions)), digests_(digests), clock_(clock) {}

  // Reserves the key for this request in its own write transaction, or tells what became of
  // it. A malformed key is a Validation error on kField; a key used for another request within
  // its lifetime is a Conflict with a general message.
  Result<IdempotencyClaim> claim(const IdempotentRequest& request);

  // Inside the transaction of the request's effect: stores `answer` under the reservation,
  // replayed only if the request never stores its final answer (its process died). A Conflict
  // when the reservation is no longer this request's (a retry took it over).
  static Result<void> keep(IdempotencyRepository& keys, const IdempotencyRecord& reservation,
                           StoredAnswer answer);

  // Stores the answer under the reservation, over one kept with the effect; false when the
  // reservation is gone.
  Result<bool> remember(const IdempotencyRecord& reservation, StoredAnswer answer);

  // Gives the reservation up, so that a retry with the key runs anew; when the request's effect
  // committed, the answer kept with it becomes the answer instead.
  Result<void> forget(const IdempotencyRecord& reservation);

  // Forgets keys past their 24 hours. Run periodically.
  Result<void> prune();

 private:
  std::string hash_of(const IdempotentRequest& request) const;
  // The verdict on a request, reserving its key when it may run. Inside a write transaction.
  Result<IdempotencyClaim> reserve(IdempotencyRepository& keys, const IdempotentRequest& request,
                                   const std::string& hash);

  Ports transactions_;
  const TokenHasher& digests_;
  const Clock& clock_;
};

}  // namespace artshop
