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
#include "artshop/core/ports/unit_of_work.hpp"

// Idempotency keys (DESIGN.md section 6): a POST that carries `Idempotency-Key` runs once per
// user and key; a repetition gets the first answer again, the same key with another request
// is a conflict. The HTTP adapter drives it around a handler:
//
//   claim ─ Run ────────► handler ─► remember (status < 500) or forget (5xx, 401, 429)
//         ├ Replay ─────► the stored answer
//         └ InProgress ─► 409 with Retry-After: the client asks again later
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

class IdempotencyKeys {
 public:
  static constexpr std::string_view kField = "Idempotency-Key";
  static constexpr std::size_t kMaxKeyLength = 255;
  static constexpr std::string_view kBadKey =
      "An Idempotency-Key is 1 to 255 visible ASCII characters.";
  static constexpr std::string_view kOtherRequest =
      "This Idempotency-Key was already used for another request.";
  // A reservation that never got its answer (its process died) is given up after this long.
  static constexpr std::chrono::minutes kAbandonedAfter{10};

  IdempotencyKeys(UnitOfWork& transactions, const TokenHasher& digests, const Clock& clock)
      : transactions_(transactions), digests_(digests), clock_(clock) {}

  // Reserves the key for this request in its own write transaction, or tells what became of
  // it. A malformed key is a Validation error on kField; a key used for another request within
  // its lifetime is a Conflict with a general message.
  Result<IdempotencyClaim> claim(const IdempotentRequest& request);

  // Stores the first answer under the reservation; false when the reservation is gone.
  Result<bool> remember(const IdempotencyRecord& reservation, StoredAnswer answer);

  // Gives the reservation up, so that a retry with the key runs anew.
  Result<void> forget(const IdempotencyRecord& reservation);

  // Forgets keys past their 24 hours. Run periodically.
  Result<void> prune();

 private:
  std::string hash_of(const IdempotentRequest& request) const;
  // The verdict on a request, reserving its key when it may run. Inside a write transaction.
  Result<IdempotencyClaim> reserve(Repositories& repos, const IdempotentRequest& request,
                                   const std::string& hash);

  UnitOfWork& transactions_;
  const TokenHasher& digests_;
  const Clock& clock_;
};

}  // namespace artshop
