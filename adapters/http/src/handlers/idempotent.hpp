#pragma once

#include <functional>
#include <optional>
#include <string_view>

#include "artshop/core/accounts/caller.hpp"
#include "artshop/core/orders/idempotency_keys.hpp"
#include "artshop/http/router.hpp"

namespace artshop::http::handlers {

using CallerHandler = std::function<Response(const Request&, const Caller&)>;

// The header that carries a request's idempotency key (DESIGN.md section 6).
inline constexpr std::string_view kIdempotencyKeyHeader = "Idempotency-Key";

// Between an idempotent handler and the wrapper around it: the reservation the handler passes
// to its use case's command (which keeps what it made in the transaction of its effect), and
// what the use case answered, which the wrapper keeps as the key's outcome.
class IdempotentCall {
 public:
  IdempotentCall() = default;
  explicit IdempotentCall(IdempotencyRecord reservation) : reservation_(std::move(reservation)) {}

  const IdempotencyReservation& reservation() const { return reservation_; }
  const std::optional<IdempotentOutcome>& outcome() const { return outcome_; }

  // The use case made something.
  void made(IdempotentOutcome outcome) { outcome_ = std::move(outcome); }
  // The use case refused: the error's answer, the refusal noted as the outcome.
  Response refused(const Error& error, std::string_view request_id);

 private:
  IdempotencyReservation reservation_;
  std::optional<IdempotentOutcome> outcome_;
};

using IdempotentHandler = std::function<Response(const Request&, const Caller&, IdempotentCall&)>;
// Answers a repetition with what the first request made, loaded for the caller as it is now
// (an order paid since shows as paid), in the shape the first answer had.
using ReplayHandler =
    std::function<Response(const Request&, const Caller&, const IdempotentOutcome&)>;

// Makes a signed-in POST idempotent (DESIGN.md section 6) when it carries `Idempotency-Key`:
// the key is reserved for the first request, which runs; a repetition with the same method,
// path and body answers what the first one made again (rendered by `replay`, or a refusal by
// the same error mapping, with `Idempotent-Replayed: true`); while the first still runs, a
// repetition answers 409 with Retry-After at once rather than holding a worker thread for it;
// the same key with another request answers 409. The handler passes the reservation to its use
// case, which keeps its outcome together with its effect, then reports the outcome it got,
// which becomes final. A request that ends with no outcome, or refused for a reason a retry
// may not meet (a fault, no session, a rate limit), gives the reservation up so that a retry
// runs, unless an outcome was kept with an effect, which then becomes final. A key that is not
// 1 to 255 visible ASCII characters answers 400. Without the header the handler just runs.
CallerHandler idempotent(IdempotencyKeys& keys, IdempotentHandler handler, ReplayHandler replay);

}  // namespace artshop::http::handlers
