#pragma once

#include <functional>

#include "artshop/core/accounts/sessions.hpp"
#include "artshop/core/orders/idempotency.hpp"
#include "artshop/http/router.hpp"

namespace artshop::http::handlers {

using CallerHandler = std::function<Response(const Request&, const Caller&)>;

// Makes a signed-in POST idempotent (DESIGN.md section 6) when it carries `Idempotency-Key`:
// the key is reserved for the first request, which runs; a repetition with the same method,
// path and body answers the first answer again (same status and body, with
// `Idempotent-Replayed: true`); while the first still runs, a repetition answers 409 with
// Retry-After at once rather than holding a worker thread for it; the same key with another
// request answers 409. Answers of 5xx, 401 and 429 (nothing was done, a retry may
// succeed) are not kept: the reservation is dropped so that a retry runs. A key that is not 1
// to 255 visible ASCII characters answers 400. Without the header the handler just runs.
CallerHandler idempotent(IdempotencyKeys& keys, CallerHandler handler);

}  // namespace artshop::http::handlers
