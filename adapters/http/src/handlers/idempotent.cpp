#include "handlers/idempotent.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <charconv>

#include "artshop/core/text.hpp"
#include "artshop/http/json.hpp"

namespace artshop::http::handlers {
namespace {

constexpr std::string_view kStillRunning =
    "A request with this Idempotency-Key is still being processed. Try again shortly.";

// Refusals worth replaying: the request was refused for what it says. A fault, a missing
// session or a rate limit did nothing and a retry may fare better.
bool is_kept(const IdempotentOutcome& outcome) {
  if (outcome.kind != IdempotentOutcome::Kind::Refused) return true;
  const auto kind = outcome.refusal.kind;
  return kind != ErrorKind::Internal && kind != ErrorKind::Unauthenticated &&
         kind != ErrorKind::TooManyRequests;
}

// What the request asks for: its method, its path (lower-cased, since paths match without
// regard to case) and its body, lengths first so that no two requests read the same. Keys
// kept before outcomes were stored were hashed over this same text.
std::string asked(const Request& request) {
  const auto path = text::to_lower_ascii(request.path);
  return fmt::format("{}:{}\n{}:{}\n{}:{}", request.method.size(), request.method, path.size(),
                     path, request.body.size(), request.body);
}

// An answer kept whole by an older version of the shop: "<status> <body>".
Response earlier_answer(std::string_view kept) {
  const auto space = kept.find(' ');
  unsigned status = 0;
  std::from_chars(kept.data(), kept.data() + std::min(space, kept.size()), status);
  Response response{.status = status,
                    .body = std::string(space == std::string_view::npos ? std::string_view{}
                                                                        : kept.substr(space + 1))};
  response.set_header("Content-Type", "application/json; charset=utf-8");
  return response;
}

Response replayed(const Request& request, const Caller& caller, const IdempotentOutcome& outcome,
                  const ReplayHandler& replay) {
  auto response = [&] {
    switch (outcome.kind) {
      case IdempotentOutcome::Kind::Refused:
        return error_response(outcome.refusal, request.request_id);
      case IdempotentOutcome::Kind::Earlier:
        return earlier_answer(outcome.reference);
      default:
        return replay(request, caller, outcome);
    }
  }();
  response.set_header("Idempotent-Replayed", "true");
  return response;
}

void release(IdempotencyKeys& keys, const IdempotencyRecord& reservation,
             std::string_view request_id) {
  if (auto forgotten = keys.forget(reservation); !forgotten) {
    spdlog::error("request {}: idempotency key not released: {}", request_id,
                  forgotten.error().detail);
  }
}

}  // namespace

Response IdempotentCall::refused(const Error& error, std::string_view request_id) {
  outcome_ = IdempotentOutcome::refused(error);
  return error_response(error, request_id);
}

CallerHandler idempotent(IdempotencyKeys& keys, IdempotentHandler handler, ReplayHandler replay) {
  return [&keys, handler = std::move(handler), replay = std::move(replay)](
             const Request& request, const Caller& caller) -> Response {
    const auto key = request.header(kIdempotencyKeyHeader);
    if (!key) {
      IdempotentCall call;
      return handler(request, caller, call);
    }
    const auto claim =
        keys.claim({.user = caller.user, .key = std::string(*key), .asked = asked(request)},
                   kIdempotencyKeyHeader);
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
    if (claim->kind == IdempotencyClaim::Kind::Replay) {
      return replayed(request, caller, *claim->outcome, replay);
    }

    const auto& reservation = claim->reservation;
    IdempotentCall call{reservation};
    Response response;
    try {
      response = handler(request, caller, call);
    } catch (...) {
      release(keys, reservation, request.request_id);
      throw;
    }
    if (call.outcome() && is_kept(*call.outcome())) {
      const auto kept = keys.remember(reservation, *call.outcome());
      if (!kept) {
        spdlog::error("request {}: outcome not kept for its idempotency key: {}",
                      request.request_id, kept.error().detail);
      } else if (!*kept) {
        spdlog::warn("request {}: its idempotency key was taken over before it answered",
                     request.request_id);
      }
    } else {
      release(keys, reservation, request.request_id);
    }
    return response;
  };
}

}  // namespace artshop::http::handlers
