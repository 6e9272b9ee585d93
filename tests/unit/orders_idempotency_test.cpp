// IdempotencyKeys: the first answer per user and key, replayed; the key reserved while the
// first request runs; another request under the same key a conflict.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "artshop/core/orders/idempotency.hpp"
#include "fakes/fake_ports.hpp"
#include "fakes/order_fakes.hpp"

namespace artshop {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::SizeIs;
using Kind = IdempotencyClaim::Kind;

class Idempotency : public ::testing::Test {
 protected:
  Idempotency() {
    ann = fakes::add_account(store.state, "ann@example.com");
    bob = fakes::add_account(store.state, "bob@example.com");
  }

  IdempotentRequest request(UserId user, std::string key = "k-1",
                            std::string body = R"({"currency":"EUR"})") {
    return {.user = user,
            .key = std::move(key),
            .method = "POST",
            .path = "/api/orders",
            .body = std::move(body)};
  }

  // Claims, expecting the key to be free, and answers `status` with `body`.
  void answer(const IdempotentRequest& r, int status, std::string body) {
    const auto claim = keys.claim(r);
    ASSERT_TRUE(claim);
    ASSERT_EQ(claim->kind, Kind::Run);
    ASSERT_EQ(keys.remember(claim->reservation, {status, std::move(body)}), true);
  }

  fakes::InMemoryUnitOfWork store;
  fakes::FixedClock clock;
  fakes::PlainDigests digests;
  IdempotencyKeys keys{store, digests, clock};
  UserId ann, bob;
};

TEST_F(Idempotency, AFreshKey_IsReservedForTheRequest) {
  const auto claim = keys.claim(request(ann));
  ASSERT_TRUE(claim);
  EXPECT_EQ(claim->kind, Kind::Run);
  ASSERT_THAT(store.state.idempotency, SizeIs(1));
  EXPECT_EQ(store.state.idempotency[0].status, kIdempotencyInProgress);
  EXPECT_EQ(store.state.idempotency[0].user, ann);
  EXPECT_EQ(store.state.idempotency[0].key, "k-1");
}

TEST_F(Idempotency, WhileTheFirstRuns_TheSameRequestIsInProgress) {
  ASSERT_EQ(keys.claim(request(ann))->kind, Kind::Run);
  EXPECT_EQ(keys.claim(request(ann))->kind, Kind::InProgress);
  EXPECT_EQ(keys.claim(request(ann))->kind, Kind::InProgress);
  EXPECT_THAT(store.state.idempotency, SizeIs(1));
}

TEST_F(Idempotency, OnceAnswered_TheSameRequestGetsTheFirstAnswer) {
  answer(request(ann), 200, R"({"order":{"id":1}})");
  for (const auto& claim : {keys.claim(request(ann)), keys.claim(request(ann))}) {
    ASSERT_TRUE(claim);
    EXPECT_EQ(claim->kind, Kind::Replay);
    EXPECT_EQ(claim->answer, (StoredAnswer{200, R"({"order":{"id":1}})"}));
  }
}

TEST_F(Idempotency, TheSamePathInAnotherCase_IsTheSameRequest) {
  answer(request(ann), 200, "{}");
  auto shouted = request(ann);
  shouted.path = "/API/Orders";
  EXPECT_EQ(keys.claim(shouted)->kind, Kind::Replay);
}

TEST_F(Idempotency, TheSameKeyWithAnotherBody_IsAConflictWithAGeneralMessage) {
  answer(request(ann), 200, "{}");
  const auto other = keys.claim(request(ann, "k-1", R"({"currency":"USD"})"));
  ASSERT_FALSE(other);
  EXPECT_EQ(other.error().kind, ErrorKind::Conflict);
  EXPECT_THAT(other.error().fields.messages(""),
              ElementsAre(std::string(IdempotencyKeys::kOtherRequest)));
  // also while the first still runs
  ASSERT_EQ(keys.claim(request(ann, "k-2"))->kind, Kind::Run);
  EXPECT_EQ(keys.claim(request(ann, "k-2", "{}")).error().kind, ErrorKind::Conflict);
}

TEST_F(Idempotency, TheSameKeyWithAnotherMethodOrPath_IsAConflict) {
  answer(request(ann), 200, "{}");
  auto deposit = request(ann);
  deposit.path = "/api/balance/deposit";
  EXPECT_EQ(keys.claim(deposit).error().kind, ErrorKind::Conflict);
}

TEST_F(Idempotency, KeysBelongToOneUser) {
  answer(request(ann), 200, "{}");
  EXPECT_EQ(keys.claim(request(bob))->kind, Kind::Run);
}

TEST_F(Idempotency, AForgottenReservation_LetsTheNextRequestRun) {
  const auto claim = keys.claim(request(ann));
  ASSERT_TRUE(keys.forget(claim->reservation));
  EXPECT_THAT(store.state.idempotency, IsEmpty());
  EXPECT_EQ(keys.claim(request(ann))->kind, Kind::Run);
}

TEST_F(Idempotency, ForgettingAnAnsweredKey_KeepsTheAnswer) {
  const auto claim = keys.claim(request(ann));
  ASSERT_TRUE(keys.remember(claim->reservation, {400, "{}"}));
  ASSERT_TRUE(keys.forget(claim->reservation));
  EXPECT_EQ(keys.claim(request(ann))->kind, Kind::Replay);
}

TEST_F(Idempotency, AKeyPastItsDay_IsFreeAgainAndPruned) {
  answer(request(ann), 200, "first");
  clock.advance(kIdempotencyKeyLifetime);
  const auto again = keys.claim(request(ann, "k-1", "another body is fine now"));
  ASSERT_TRUE(again);
  EXPECT_EQ(again->kind, Kind::Run);
  ASSERT_THAT(store.state.idempotency, SizeIs(1));

  answer(request(ann, "k-2"), 200, "second");
  clock.advance(kIdempotencyKeyLifetime + std::chrono::seconds(1));
  ASSERT_TRUE(keys.prune());
  EXPECT_THAT(store.state.idempotency, IsEmpty());
}

TEST_F(Idempotency, AReservationNeverAnswered_IsTakenOverAfterAWhile) {
  const auto first = keys.claim(request(ann));
  clock.advance(IdempotencyKeys::kAbandonedAfter - std::chrono::seconds(1));
  EXPECT_EQ(keys.claim(request(ann))->kind, Kind::InProgress);
  clock.advance(std::chrono::seconds(1));
  const auto second = keys.claim(request(ann));
  ASSERT_EQ(second->kind, Kind::Run);
  // The first one's late answer neither lands nor removes the new reservation.
  EXPECT_EQ(keys.remember(first->reservation, {200, "late"}), false);
  ASSERT_TRUE(keys.forget(first->reservation));
  EXPECT_EQ(keys.claim(request(ann))->kind, Kind::InProgress);
  ASSERT_EQ(keys.remember(second->reservation, {200, "on time"}), true);
  EXPECT_EQ(keys.claim(request(ann))->answer, (StoredAnswer{200, "on time"}));
}

// What a use case does inside its transaction: its effect (a payment event standing for it)
// and the answer kept under the reservation.
Result<void> effect_with_answer(fakes::InMemoryUnitOfWork& store,
                                const IdempotencyRecord& reservation, std::string event,
                                StoredAnswer answer) {
  return store.write([&](Repositories& repos) -> Result<void> {
    repos.payment_events.record(event, reservation.created_at);
    return IdempotencyKeys::keep(repos.idempotency, reservation, answer);
  });
}

TEST_F(Idempotency, AnAnswerKeptWithTheEffect_IsReplayedEvenIfTheProcessDiedBeforeAnswering) {
  const auto first = keys.claim(request(ann));
  ASSERT_TRUE(effect_with_answer(store, first->reservation, "evt_1", {200, "kept"}));
  // While the first may still store its final answer, a repetition waits for it.
  EXPECT_EQ(keys.claim(request(ann))->kind, Kind::InProgress);
  // No remember: the process died here. Long after, the retry must not run again.
  clock.advance(IdempotencyKeys::kAbandonedAfter * 2);
  const auto retry = keys.claim(request(ann));
  ASSERT_TRUE(retry);
  EXPECT_EQ(retry->kind, Kind::Replay);
  EXPECT_EQ(retry->answer, (StoredAnswer{200, "kept"}));
}

TEST_F(Idempotency, TheFinalAnswer_ReplacesTheOneKeptWithTheEffect) {
  const auto first = keys.claim(request(ann));
  ASSERT_TRUE(effect_with_answer(store, first->reservation, "evt_1", {200, "without link"}));
  ASSERT_EQ(keys.remember(first->reservation, {200, "with link"}), true);
  EXPECT_EQ(keys.claim(request(ann))->answer, (StoredAnswer{200, "with link"}));
}

TEST_F(Idempotency, ReleasingAfterTheEffect_MakesTheKeptAnswerTheAnswer) {
  const auto first = keys.claim(request(ann));
  ASSERT_TRUE(effect_with_answer(store, first->reservation, "evt_1", {200, "kept"}));
  ASSERT_TRUE(keys.forget(first->reservation));
  EXPECT_EQ(keys.claim(request(ann))->kind, Kind::Replay);
}

TEST_F(Idempotency, AnEffectWhoseKeyWasTakenOver_RollsBackAndTheRetryRunsItOnce) {
  const auto first = keys.claim(request(ann));
  clock.advance(IdempotencyKeys::kAbandonedAfter);
  const auto second = keys.claim(request(ann));
  ASSERT_EQ(second->kind, Kind::Run);
  // The first was only slow: its effect arrives after the takeover and must not land.
  const auto late = effect_with_answer(store, first->reservation, "evt_first", {200, "first"});
  ASSERT_FALSE(late);
  EXPECT_EQ(late.error().kind, ErrorKind::Conflict);
  EXPECT_THAT(late.error().fields.messages(""),
              ElementsAre(std::string(IdempotencyKeys::kTakenOver)));
  ASSERT_TRUE(effect_with_answer(store, second->reservation, "evt_second", {200, "second"}));
  ASSERT_EQ(keys.remember(second->reservation, {200, "second"}), true);
  EXPECT_THAT(store.state.payment_events, SizeIs(1));
  EXPECT_EQ(keys.claim(request(ann))->answer, (StoredAnswer{200, "second"}));
}

TEST_F(Idempotency, MalformedKeys_AreAValidationErrorOnTheHeader) {
  for (const auto& key : {std::string(), std::string(256, 'k'), std::string("has space"),
                          std::string("tab\there"), std::string("caf\xc3\xa9")}) {
    const auto claim = keys.claim(request(ann, key));
    ASSERT_FALSE(claim) << key;
    EXPECT_EQ(claim.error().kind, ErrorKind::Validation);
    EXPECT_TRUE(claim.error().fields.has(IdempotencyKeys::kField));
  }
  EXPECT_TRUE(keys.claim(request(ann, std::string(255, 'k'))));
}

}  // namespace
}  // namespace artshop
