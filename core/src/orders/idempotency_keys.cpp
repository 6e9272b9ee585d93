#include "artshop/core/orders/idempotency_keys.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace artshop {
namespace {

std::chrono::sys_seconds seconds(std::chrono::system_clock::time_point time) {
  return std::chrono::floor<std::chrono::seconds>(time);
}

bool is_valid_key(std::string_view key) noexcept {
  return !key.empty() && key.size() <= IdempotencyKeys::kMaxKeyLength &&
         std::ranges::all_of(key, [](char c) { return c > ' ' && c < '\x7f'; });
}

IdempotencyRecord with_outcome(const IdempotencyRecord& reservation, IdempotencyState state,
                               IdempotentOutcome outcome) {
  auto done = reservation;
  done.state = state;
  done.outcome = std::move(outcome);
  return done;
}

}  // namespace

Result<IdempotencyClaim> IdempotencyKeys::reserve(IdempotencyRepository& keys,
                                                  const IdempotentRequest& request,
                                                  const std::string& hash) {
  const auto now = seconds(clock_.now());
  const auto live_since = now - kIdempotencyKeyLifetime;
  auto existing = keys.find(request.user, request.key, std::chrono::sys_seconds::min());
  if (existing) {
    const bool expired = existing->created_at <= live_since;
    const bool running = existing->state != IdempotencyState::Answered;
    const bool abandoned = running && existing->created_at <= now - kAbandonedAfter;
    // A request whose process died after its effect committed: the outcome kept with the
    // effect is all there will be.
    const bool orphaned_answer = abandoned && existing->state == IdempotencyState::EffectKept;
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
                              .outcome = std::move(existing->outcome)};
    }
    keys.remove(request.user, request.key);
  }
  IdempotencyRecord reservation{.user = request.user,
                                .key = request.key,
                                .request_hash = hash,
                                .state = IdempotencyState::Running,
                                .outcome = std::nullopt,
                                .created_at = now};
  if (!keys.insert(reservation)) {
    // Cannot happen under the write lock; a store without one answers "in progress".
    return IdempotencyClaim{.kind = IdempotencyClaim::Kind::InProgress};
  }
  return IdempotencyClaim{.kind = IdempotencyClaim::Kind::Run,
                          .reservation = std::move(reservation)};
}

Result<IdempotencyClaim> IdempotencyKeys::claim(const IdempotentRequest& request,
                                                std::string_view key_field) {
  if (!is_valid_key(request.key)) {
    return std::unexpected(Error::validation(key_field, std::string(kBadKey)));
  }
  const auto hash = digests_.digest(request.asked);
  return transactions_.write(
      [&](Ports::Scope& tx) { return reserve(tx.get<IdempotencyRepository>(), request, hash); });
}

Result<void> IdempotencyKeys::keep(IdempotencyRepository& keys,
                                   const IdempotencyReservation& reservation,
                                   IdempotentOutcome outcome) {
  if (!reservation) return {};
  // Still running: repetitions wait for the final outcome, unless this process dies first.
  if (!keys.complete(
          with_outcome(*reservation, IdempotencyState::EffectKept, std::move(outcome)))) {
    return std::unexpected(Error::conflict(
        ValidationErrors(ValidationErrors::kGeneral, std::string(kTakenOver)),
        fmt::format("idempotency key of user {} taken over before its effect committed",
                    reservation->user.value)));
  }
  return {};
}

Result<bool> IdempotencyKeys::remember(const IdempotencyRecord& reservation,
                                       IdempotentOutcome outcome) {
  const auto answered = with_outcome(reservation, IdempotencyState::Answered, std::move(outcome));
  return transactions_.write([&](Ports::Scope& tx) -> Result<bool> {
    return tx.get<IdempotencyRepository>().complete(answered);
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
    if (current->state == IdempotencyState::Running) {
      keys.remove(reservation.user, reservation.key);
    } else if (current->state == IdempotencyState::EffectKept) {
      // The effect committed: what was kept with it is the outcome.
      auto answered = *current;
      answered.state = IdempotencyState::Answered;
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
