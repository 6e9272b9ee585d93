#pragma once

#include <functional>
#include <optional>

#include "artshop/core/accounts/sessions.hpp"
#include "artshop/core/orders/idempotency.hpp"
#include "artshop/http/router.hpp"

namespace artshop::http::handlers {

using CallerHandler = std::function<Response(const Request&, const Caller&)>;

// Given to an idempotent handler: turns the answer it renders from a use case's outcome into
// the KeepAnswer of the use case's command, so that the answer is stored in the transaction of
// the effect. Without an Idempotency-Key it keeps nothing.
class AnswerKeeper {
 public:
  AnswerKeeper() = default;
  explicit AnswerKeeper(IdempotencyRecord reservation) : reservation_(std::move(reservation)) {}

  template <class Outcome, class Render>
  KeepAnswer<Outcome> keep(Render render) const {
    if (!reservation_) return {};
    return [reservation = *reservation_, render = std::move(render)](
               IdempotencyRepository& keys, const Outcome& outcome) -> Result<void> {
      const Response answer = render(outcome);
      // An effect whose answer is a failure is not worth committing.
      if (answer.status >= 500) return std::unexpected(Error::internal("answer not rendered"));
      return IdempotencyKeys::keep(
          keys, reservation, {.status = static_cast<int>(answer.status), .body = answer.body});
    };
  }

 private:
  std::optional<IdempotencyRecord> reservation_;
};

using IdempotentHandler =
    std::function<Response(const Request&, const Caller&, const AnswerKeeper&)>;

// Makes a signed-in POST idempotent (DESIGN.md section 6) when it carries `Idempotency-Key`:
// the key is reserved for the first request, which runs; a repetition with the same method,
// path and body answers the first answer again (same status and body, with
// `Idempotent-Replayed: true`); while the first still runs, a repetition answers 409 with
// Retry-After at once rather than holding a worker thread for it; the same key with another
// request answers 409. The handler passes the AnswerKeeper's KeepAnswer to its use case, which
// stores the answer together with its effect; the answer the handler returns then replaces it.
// Answers of 5xx, 401 and 429 (nothing was done, a retry may succeed) are not kept: the
// reservation is dropped so that a retry runs, unless an answer was kept with an effect, which
// then becomes the answer. A key that is not 1 to 255 visible ASCII characters answers 400.
// Without the header the handler just runs.
CallerHandler idempotent(IdempotencyKeys& keys, IdempotentHandler handler);

}  // namespace artshop::http::handlers
