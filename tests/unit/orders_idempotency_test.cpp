// IdempotencyKeys: the first outcome per user and key, replayed; the key reserved while the
// first request runs; another request under the same key a conflict.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "artshop/core/orders/idempotency_keys.hpp"
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
                            std::string asked = R"(orders {"currency":"EUR"})") {
    return {.user = user, .key = std::move(key), .asked = std::move(asked)};
  }

  Result<IdempotencyClaim> claim(const IdempotentRequest& r) { return keys.claim(r, "Key"); }

  // Claims, expecting the key to be free, and remembers `outcome`.
  void answer(const IdempotentRequest& r, IdempotentOutcome outcome) {
    const auto claimed = claim(r);
    ASSERT_TRUE(claimed);
    ASSERT_EQ(claimed->kind, Kind::Run);
    ASSERT_EQ(keys.remember(claimed->reservation, std::move(outcome)), true);
  }

  fakes::InMemoryUnitOfWork store;
  fakes::FixedClock clock;
  fakes::PlainDigests digests;
  IdempotencyKeys keys{store, digests, clock};
  UserId ann, bob;
};

TEST_F(Idempotency, AFreshKey_IsReservedForTheRequest) {
  const auto claimed = claim(request(ann));
  ASSERT_TRUE(claimed);
  EXPECT_EQ(claimed->kind, Kind::Run);
  ASSERT_THAT(store.state.idempotency, SizeIs(1));
  EXPECT_EQ(store.state.idempotency[0].state, IdempotencyState::Running);
  EXPECT_EQ(store.state.idempotency[0].outcome, std::nullopt);
  EXPECT_EQ(store.state.idempotency[0].user, ann);
  EXPECT_EQ(store.state.idempotency[0].key, "k-1");
}

TEST_F(Idempotency, WhileTheFirstRuns_TheSameRequestIsInProgress) {
  ASSERT_EQ(claim(request(ann))->kind, Kind::Run);
  EXPECT_EQ(claim(request(ann))->kind, Kind::InProgress);
  EXPECT_EQ(claim(request(ann))->kind, Kind::InProgress);
  EXPECT_THAT(store.state.idempotency, SizeIs(1));
}

TEST_F(Idempotency, OnceAnswered_TheSameRequestGetsTheFirstOutcome) {
  answer(request(ann), IdempotentOutcome::order(OrderId{1}));
  for (const auto& claimed : {claim(request(ann)), claim(request(ann))}) {
    ASSERT_TRUE(claimed);
    EXPECT_EQ(claimed->kind, Kind::Replay);
    EXPECT_EQ(claimed->outcome, IdempotentOutcome::order(OrderId{1}));
  }
}

TEST_F(Idempotency, TheSameKeyForAnotherRequest_IsAConflictWithAGeneralMessage) {
  answer(request(ann), IdempotentOutcome::order(OrderId{1}));
  const auto other = claim(request(ann, "k-1", R"(orders {"currency":"USD"})"));
  ASSERT_FALSE(other);
  EXPECT_EQ(other.error().kind, ErrorKind::Conflict);
  EXPECT_THAT(other.error().fields.messages(""),
              ElementsAre(std::string(IdempotencyKeys::kOtherRequest)));
  // also while the first still runs
  ASSERT_EQ(claim(request(ann, "k-2"))->kind, Kind::Run);
  EXPECT_EQ(claim(request(ann, "k-2", "{}")).error().kind, ErrorKind::Conflict);
}

TEST_F(Idempotency, KeysBelongToOneUser) {
  answer(request(ann), IdempotentOutcome::order(OrderId{1}));
  EXPECT_EQ(claim(request(bob))->kind, Kind::Run);
}

TEST_F(Idempotency, AForgottenReservation_LetsTheNextRequestRun) {
  const auto claimed = claim(request(ann));
  ASSERT_TRUE(keys.forget(claimed->reservation));
  EXPECT_THAT(store.state.idempotency, IsEmpty());
  EXPECT_EQ(claim(request(ann))->kind, Kind::Run);
}

TEST_F(Idempotency, ForgettingAnAnsweredKey_KeepsItsOutcome) {
  const auto claimed = claim(request(ann));
  const auto refusal = IdempotentOutcome::refused(Error::general("No."));
  ASSERT_TRUE(keys.remember(claimed->reservation, refusal));
  ASSERT_TRUE(keys.forget(claimed->reservation));
  EXPECT_EQ(claim(request(ann))->outcome, refusal);
}

TEST_F(Idempotency, AKeyPastItsDay_IsFreeAgainAndPruned) {
  answer(request(ann), IdempotentOutcome::order(OrderId{1}));
  clock.advance(kIdempotencyKeyLifetime);
  const auto again = claim(request(ann, "k-1", "another body is fine now"));
  ASSERT_TRUE(again);
  EXPECT_EQ(again->kind, Kind::Run);
  ASSERT_THAT(store.state.idempotency, SizeIs(1));

  answer(request(ann, "k-2"), IdempotentOutcome::order(OrderId{2}));
  clock.advance(kIdempotencyKeyLifetime + std::chrono::seconds(1));
  ASSERT_TRUE(keys.prune());
  EXPECT_THAT(store.state.idempotency, IsEmpty());
}

TEST_F(Idempotency, AReservationNeverAnswered_IsTakenOverAfterAWhile) {
  const auto first = claim(request(ann));
  clock.advance(IdempotencyKeys::kAbandonedAfter - std::chrono::seconds(1));
  EXPECT_EQ(claim(request(ann))->kind, Kind::InProgress);
  clock.advance(std::chrono::seconds(1));
  const auto second = claim(request(ann));
  ASSERT_EQ(second->kind, Kind::Run);
  // The first one's late answer neither lands nor removes the new reservation.
  EXPECT_EQ(keys.remember(first->reservation, IdempotentOutcome::order(OrderId{1})), false);
  ASSERT_TRUE(keys.forget(first->reservation));
  EXPECT_EQ(claim(request(ann))->kind, Kind::InProgress);
  ASSERT_EQ(keys.remember(second->reservation, IdempotentOutcome::order(OrderId{2})), true);
  EXPECT_EQ(claim(request(ann))->outcome, IdempotentOutcome::order(OrderId{2}));
}

// What a use case does inside its transaction: its effect (a payment event standing for it)
// and its outcome kept under the reservation.
Result<void> effect_with_answer(fakes::InMemoryUnitOfWork& store,
                                const IdempotencyRecord& reservation, std::string event,
                                IdempotentOutcome outcome) {
  return store.write([&](Repositories& repos) -> Result<void> {
    repos.payment_events.record({.event_id = event}, reservation.created_at);
    return IdempotencyKeys::keep(repos.idempotency, reservation, std::move(outcome));
  });
}

TEST_F(Idempotency, AnAnswerKeptWithTheEffect_IsReplayedEvenIfTheProcessDiedBeforeAnswering) {
  const auto first = claim(request(ann));
  ASSERT_TRUE(
      effect_with_answer(store, first->reservation, "evt_1", IdempotentOutcome::order(OrderId{1})));
  // While the first may still store its final answer, a repetition waits for it.
  EXPECT_EQ(claim(request(ann))->kind, Kind::InProgress);
  // No remember: the process died here. Long after, the retry must not run again.
  clock.advance(IdempotencyKeys::kAbandonedAfter * 2);
  const auto retry = claim(request(ann));
  ASSERT_TRUE(retry);
  EXPECT_EQ(retry->kind, Kind::Replay);
  EXPECT_EQ(retry->outcome, IdempotentOutcome::order(OrderId{1}));
}

TEST_F(Idempotency, TheFinalAnswer_ReplacesTheOneKeptWithTheEffect) {
  const auto first = claim(request(ann));
  ASSERT_TRUE(
      effect_with_answer(store, first->reservation, "evt_1", IdempotentOutcome::order(OrderId{1})));
  ASSERT_EQ(keys.remember(first->reservation,
                          IdempotentOutcome::order(OrderId{1}, "https://pay.example/1")),
            true);
  EXPECT_EQ(claim(request(ann))->outcome,
            IdempotentOutcome::order(OrderId{1}, "https://pay.example/1"));
}

TEST_F(Idempotency, ReleasingAfterTheEffect_MakesTheKeptAnswerTheAnswer) {
  const auto first = claim(request(ann));
  ASSERT_TRUE(
      effect_with_answer(store, first->reservation, "evt_1", IdempotentOutcome::order(OrderId{1})));
  ASSERT_TRUE(keys.forget(first->reservation));
  EXPECT_EQ(claim(request(ann))->kind, Kind::Replay);
}

TEST_F(Idempotency, AnEffectWhoseKeyWasTakenOver_RollsBackAndTheRetryRunsItOnce) {
  const auto first = claim(request(ann));
  clock.advance(IdempotencyKeys::kAbandonedAfter);
  const auto second = claim(request(ann));
  ASSERT_EQ(second->kind, Kind::Run);
  // The first was only slow: its effect arrives after the takeover and must not land.
  const auto late = effect_with_answer(store, first->reservation, "evt_first",
                                       IdempotentOutcome::order(OrderId{1}));
  ASSERT_FALSE(late);
  EXPECT_EQ(late.error().kind, ErrorKind::Conflict);
  EXPECT_THAT(late.error().fields.messages(""),
              ElementsAre(std::string(IdempotencyKeys::kTakenOver)));
  ASSERT_TRUE(effect_with_answer(store, second->reservation, "evt_second",
                                 IdempotentOutcome::order(OrderId{2})));
  ASSERT_EQ(keys.remember(second->reservation, IdempotentOutcome::order(OrderId{2})), true);
  EXPECT_THAT(store.state.payment_events, SizeIs(1));
  EXPECT_EQ(claim(request(ann))->outcome, IdempotentOutcome::order(OrderId{2}));
}

TEST_F(Idempotency, MalformedKeys_AreAValidationErrorOnTheFieldTheCallerNames) {
  for (const auto& key : {std::string(), std::string(256, 'k'), std::string("has space"),
                          std::string("tab\there"), std::string("caf\xc3\xa9")}) {
    const auto refused = claim(request(ann, key));
    ASSERT_FALSE(refused) << key;
    EXPECT_EQ(refused.error().kind, ErrorKind::Validation);
    EXPECT_THAT(refused.error().fields.messages("Key"),
                ElementsAre(std::string(IdempotencyKeys::kBadKey)));
  }
  EXPECT_TRUE(claim(request(ann, std::string(255, 'k'))));
}

}  // namespace
}  // namespace artshop
