#include "artshop/core/orders/idempotency.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

#include "artshop/core/text.hpp"

namespace artshop {
namespace {

std::chrono::sys_seconds seconds(std::chrono::system_clock::time_point time) {
  return std::chrono::floor<std::chrono::seconds>(time);
}

bool is_valid_key(std::string_view key) noexcept {
  return !key.empty() && key.size() <= IdempotencyKeys::kMaxKeyLength &&
         std::ranges::all_of(key, [](char c) { return c > ' ' && c < '\x7f'; });
}

Result<IdempotencyRecord> answered_with(const IdempotencyRecord& reservation, StoredAnswer answer) {
  if (answer.status == kIdempotencyInProgress) {
    return std::unexpected(Error::internal("an answer needs a status"));
  }
  auto answered = reservation;
  answered.status = answer.status;
  answered.response = std::move(answer.body);
  return answered;
}

}  // namespace

std::string IdempotencyKeys::hash_of(const IdempotentRequest& request) const {
  // Lengths first, so that no two different requests concatenate to the same text.
  const auto path = text::to_lower_ascii(request.path);
  return digests_.digest(fmt::format("{}:{}\n{}:{}\n{}:{}", request.method.size(), request.method,
                                     path.size(), path, request.body.size(), request.body));
}

Result<IdempotencyClaim> IdempotencyKeys::reserve(IdempotencyRepository& keys,
                                                  const IdempotentRequest& request,
                                                  const std::string& hash) {
  const auto now = seconds(clock_.now());
  const auto live_since = now - kIdempotencyKeyLifetime;
  auto existing = keys.find(request.user, request.key, std::chrono::sys_seconds::min());
  if (existing) {
    const bool expired = existing->created_at <= live_since;
    const bool running = existing->status <= kIdempotencyInProgress;
    const bool abandoned = running && existing->created_at <= now - kAbandonedAfter;
    // A request whose process died after its effect committed: the answer kept with the
    // effect is all there will be.
    const bool orphaned_answer = abandoned && existing->status != kIdempotencyInProgress;
    if (!expired && (!abandoned || orphaned_answer)) {
      if (existing->request_hash != hash) {
        return std::unexpected(Error::conflict(
            ValidationErrors(ValidationErrors::kGeneral, std::string(kOtherRequest)),
            fmt::format("idempotency key reused for another request by user {}",
                        request.user.value)));
      }
      if (running && !orphaned_answer) {
        return IdempotencyClaim{.kind = IdempotencyClaim::Kind::InProgress};
      }
      return IdempotencyClaim{.kind = IdempotencyClaim::Kind::Replay,
                              .answer = StoredAnswer{.status = std::abs(existing->status),
                                                     .body = std::move(existing->response)}};
    }
    keys.remove(request.user, request.key);
  }
  IdempotencyRecord reservation{.user = request.user,
                                .key = request.key,
                                .request_hash = hash,
                                .status = kIdempotencyInProgress,
                                .response = {},
                                .created_at = now};
  if (!keys.insert(reservation)) {
    // Cannot happen under the write lock; a store without one answers "in progress".
    return IdempotencyClaim{.kind = IdempotencyClaim::Kind::InProgress};
  }
  return IdempotencyClaim{.kind = IdempotencyClaim::Kind::Run,
                          .reservation = std::move(reservation)};
}

Result<IdempotencyClaim> IdempotencyKeys::claim(const IdempotentRequest& request) {
  if (!is_valid_key(request.key)) {
    return std::unexpected(Error::validation(kField, std::string(kBadKey)));
  }
  const auto hash = hash_of(request);
  return transactions_.write(
      [&](Ports::Scope& tx) { return reserve(tx.get<IdempotencyRepository>(), request, hash); });
}

Result<void> IdempotencyKeys::keep(IdempotencyRepository& keys,
                                   const IdempotencyRecord& reservation, StoredAnswer answer) {
  auto answered = answered_with(reservation, std::move(answer));
  if (!answered) return std::unexpected(answered.error());
  // Still running: repetitions wait for the final answer, unless this process dies first.
  answered->status = -answered->status;
  if (!keys.complete(*answered)) {
    return std::unexpected(Error::conflict(
        ValidationErrors(ValidationErrors::kGeneral, std::string(kTakenOver)),
        fmt::format("idempotency key of user {} taken over before its effect committed",
                    reservation.user.value)));
  }
  return {};
}

Result<bool> IdempotencyKeys::remember(const IdempotencyRecord& reservation, StoredAnswer answer) {
  auto answered = answered_with(reservation, std::move(answer));
  if (!answered) return std::unexpected(answered.error());
  return transactions_.write([&](Ports::Scope& tx) -> Result<bool> {
    return tx.get<IdempotencyRepository>().complete(*answered);
  });
}

Result<void> IdempotencyKeys::forget(const IdempotencyRecord& reservation) {
  return transactions_.write([&](Ports::Scope& tx) -> Result<void> {
    auto& keys = tx.get<IdempotencyRepository>();
    const auto current =
        keys.find(reservation.user, reservation.key, std::chrono::sys_seconds::min());
    // Only our own reservation: another request may have taken an abandoned key over.
    if (!current || current->created_at != reservation.created_at ||
        current->request_hash != reservation.request_hash) {
      return {};
    }
    if (current->status == kIdempotencyInProgress) {
      keys.remove(reservation.user, reservation.key);
    } else if (current->status < 0) {
      // The effect committed: what was kept with it is the answer.
      auto answered = *current;
      answered.status = -current->status;
      keys.complete(answered);
    }
    return {};
  });
}

Result<void> IdempotencyKeys::prune() {
  const auto before = seconds(clock_.now()) - kIdempotencyKeyLifetime;
  return transactions_.write([&](Ports::Scope& tx) -> Result<void> {
    tx.get<IdempotencyRepository>().prune(before);
    return {};
  });
}

}  // namespace artshop
