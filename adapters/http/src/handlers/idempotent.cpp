#include "handlers/idempotent.hpp"

#include <spdlog/spdlog.h>

#include "artshop/http/json.hpp"

namespace artshop::http::handlers {
namespace {

constexpr std::string_view kStillRunning =
    "A request with this Idempotency-Key is still being processed. Try again shortly.";

// Answers worth replaying: the request was acted on (or refused for what it says). A 5xx, a
// 401 or a 429 did nothing and a retry may fare better.
bool is_kept(unsigned status) {
  return status < 500 && status != 401 && status != 429;
}

Response replay(const StoredAnswer& answer) {
  Response response{.status = static_cast<unsigned>(answer.status), .body = answer.body};
  response.set_header("Content-Type", "application/json; charset=utf-8");
  response.set_header("Idempotent-Replayed", "true");
  return response;
}

}  // namespace

CallerHandler idempotent(IdempotencyKeys& keys, IdempotentHandler handler) {
  return [&keys, handler = std::move(handler)](const Request& request,
                                               const Caller& caller) -> Response {
    const auto key = request.header("Idempotency-Key");
    if (!key) return handler(request, caller, AnswerKeeper{});
    const IdempotentRequest idempotent_request{.user = caller.user,
                                               .key = std::string(*key),
                                               .method = request.method,
                                               .path = request.path,
                                               .body = request.body};
    const auto claim = keys.claim(idempotent_request);
    if (!claim) return error_response(claim.error(), request.request_id);
    // The first request is still running: the client comes back for its answer shortly.
    if (claim->kind == IdempotencyClaim::Kind::InProgress) {
      auto response = error_response(
          Error::conflict(ValidationErrors(ValidationErrors::kGeneral, std::string(kStillRunning)),
                          "idempotent request still running"),
          request.request_id);
      response.set_header("Retry-After", "1");
      return response;
    }
    if (claim->kind == IdempotencyClaim::Kind::Replay) return replay(*claim->answer);

    const auto& reservation = claim->reservation;
    Response response;
    try {
      response = handler(request, caller, AnswerKeeper{reservation});
    } catch (...) {
      if (auto forgotten = keys.forget(reservation); !forgotten) {
        spdlog::error("request {}: idempotency key not released: {}", request.request_id,
                      forgotten.error().detail);
      }
      throw;
    }
    if (is_kept(response.status)) {
      const auto kept = keys.remember(
          reservation, {.status = static_cast<int>(response.status), .body = response.body});
      if (!kept) {
        spdlog::error("request {}: answer not kept for its idempotency key: {}", request.request_id,
                      kept.error().detail);
      } else if (!*kept) {
        spdlog::warn("request {}: its idempotency key was taken over before it answered",
                     request.request_id);
      }
    } else if (auto forgotten = keys.forget(reservation); !forgotten) {
      spdlog::error("request {}: idempotency key not released: {}", request.request_id,
                    forgotten.error().detail);
    }
    return response;
  };
}

}  // namespace artshop::http::handlers
