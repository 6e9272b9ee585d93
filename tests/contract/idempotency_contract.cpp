#include <gmock/gmock.h>

#include "contract/store_contract.hpp"

namespace artshop::contract {
namespace {

using namespace std::chrono_literals;

IdempotencyRecord reservation(UserId user, std::string key, sys_seconds created_at) {
  return {.user = user,
          .key = std::move(key),
          .request_hash = "sha256(POST /api/orders {...})",
          .state = IdempotencyState::Running,
          .outcome = std::nullopt,
          .created_at = created_at};
}

IdempotencyRecord answered(IdempotencyRecord record, IdempotentOutcome outcome,
                           IdempotencyState state = IdempotencyState::Answered) {
  record.state = state;
  record.outcome = std::move(outcome);
  return record;
}

TEST_P(IdempotencyContract, EveryKindOfOutcome_ComesBackAsStored) {
  const auto ann = add_account("ann@example.com");
  ValidationErrors fields("depositAmount", "A deposit is 5.00 EUR to 1,000.00 EUR.");
  fields.add("depositAmount", "12:34:not a length");
  fields.add_general("Line one\nand two: \"quoted\"");
  auto not_found = Error::not_found("detail for the log only");
  const std::vector<IdempotentOutcome> outcomes{
      IdempotentOutcome::order(OrderId{7}),
      IdempotentOutcome::order(OrderId{8}, "https://pay.example/ord_8"),
      IdempotentOutcome::deposit(PaymentId{9}, "https://pay.example/dep_9"),
      IdempotentOutcome::gift_card_redemption("c0ffee"),
      IdempotentOutcome::refused(Error::validation(fields)),
      IdempotentOutcome::refused(Error::conflict(ValidationErrors("", "Taken."), "log")),
      IdempotentOutcome::refused(not_found),
      {.kind = IdempotentOutcome::Kind::Earlier, .reference = R"(200 {"order":{"id":1}})"},
  };
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    const auto key = "key-" + std::to_string(i);
    const auto record =
        answered(reservation(ann, key, kNow), outcomes[i],
                 i % 2 == 0 ? IdempotencyState::Answered : IdempotencyState::EffectKept);
    EXPECT_TRUE(write([&](Repositories& repos) { return repos.idempotency.insert(record); }));
    EXPECT_EQ(read([&](Repositories& repos) {
                return repos.idempotency.find(ann, key, kNow - kIdempotencyKeyLifetime);
              }),
              record)
        << i;
  }
}

TEST_P(IdempotencyContract, Insert_ThenFind_GivesBackEveryField) {
  const auto ann = add_account("ann@example.com");
  const auto record =
      answered(reservation(ann, "key-1", kNow), IdempotentOutcome::order(OrderId{1}));
  EXPECT_TRUE(write([&](Repositories& repos) { return repos.idempotency.insert(record); }));
  EXPECT_EQ(read([&](Repositories& repos) {
              return repos.idempotency.find(ann, "key-1", kNow - kIdempotencyKeyLifetime);
            }),
            record);
}

TEST_P(IdempotencyContract, Find_IgnoresRecordsCreatedAtOrBeforeSinceAndOtherUsersKeys) {
  const auto ann = add_account("ann@example.com");
  const auto bob = add_account("bob@example.com");
  write([&](Repositories& repos) { repos.idempotency.insert(reservation(ann, "key-1", kNow)); });
  read([&](Repositories& repos) {
    EXPECT_TRUE(repos.idempotency.find(ann, "key-1", kNow - 1s));
    EXPECT_FALSE(repos.idempotency.find(ann, "key-1", kNow));
    EXPECT_FALSE(repos.idempotency.find(bob, "key-1", kNow - 1s));
    EXPECT_FALSE(repos.idempotency.find(ann, "key-2", kNow - 1s));
  });
}

TEST_P(IdempotencyContract, Insert_OnAnExistingKey_AnswersFalseAndKeepsTheFirstRecord) {
  const auto ann = add_account("ann@example.com");
  const auto bob = add_account("bob@example.com");
  const auto first = reservation(ann, "key-1", kNow);
  write([&](Repositories& repos) { repos.idempotency.insert(first); });
  EXPECT_FALSE(write([&](Repositories& repos) {
    return repos.idempotency.insert(
        answered(reservation(ann, "key-1", kNow + 1s), IdempotentOutcome::order(OrderId{1})));
  }));
  EXPECT_TRUE(write([&](Repositories& repos) {
    return repos.idempotency.insert(reservation(bob, "key-1", kNow));
  }));
  EXPECT_EQ(
      read([&](Repositories& repos) { return repos.idempotency.find(ann, "key-1", kNow - 1h); }),
      first);
}

TEST_P(IdempotencyContract, Complete_AReservation_StoresItsOutcome) {
  const auto ann = add_account("ann@example.com");
  const auto held = reservation(ann, "key-1", kNow);
  write([&](Repositories& repos) { repos.idempotency.insert(held); });
  const auto done = answered(held, IdempotentOutcome::order(OrderId{7}));
  EXPECT_TRUE(write([&](Repositories& repos) { return repos.idempotency.complete(done); }));
  EXPECT_EQ(
      read([&](Repositories& repos) { return repos.idempotency.find(ann, "key-1", kNow - 1h); }),
      done);
}

// The owner may store its outcome inside the effect's transaction and overwrite it with the
// final one afterwards.
TEST_P(IdempotencyContract, Complete_AnAnsweredRecord_OverwritesTheOutcome) {
  const auto ann = add_account("ann@example.com");
  const auto held = reservation(ann, "key-1", kNow);
  write([&](Repositories& repos) { repos.idempotency.insert(held); });
  write([&](Repositories& repos) {
    repos.idempotency.complete(
        answered(held, IdempotentOutcome::order(OrderId{7}), IdempotencyState::EffectKept));
  });
  const auto final_answer = answered(held, IdempotentOutcome::order(OrderId{7}, "https://p"));
  EXPECT_TRUE(write([&](Repositories& repos) { return repos.idempotency.complete(final_answer); }));
  EXPECT_EQ(
      read([&](Repositories& repos) { return repos.idempotency.find(ann, "key-1", kNow - 1h); }),
      final_answer);
}

TEST_P(IdempotencyContract, Complete_AReservationTakenOverByANewerOne_AnswersFalse) {
  const auto ann = add_account("ann@example.com");
  const auto stale = reservation(ann, "key-1", kNow);
  const auto newer = reservation(ann, "key-1", kNow + 25h);
  write([&](Repositories& repos) {
    repos.idempotency.insert(stale);
    repos.idempotency.remove(ann, "key-1");
    repos.idempotency.insert(newer);
  });
  EXPECT_FALSE(write([&](Repositories& repos) {
    return repos.idempotency.complete(answered(stale, IdempotentOutcome::order(OrderId{1})));
  }));
  EXPECT_EQ(read([&](Repositories& repos) { return repos.idempotency.find(ann, "key-1", kNow); }),
            newer);
}

TEST_P(IdempotencyContract, Complete_AReservationGivenUp_AnswersFalseAndStoresNothing) {
  const auto ann = add_account("ann@example.com");
  const auto held = reservation(ann, "key-1", kNow);
  write([&](Repositories& repos) {
    repos.idempotency.insert(held);
    repos.idempotency.remove(ann, "key-1");
  });
  EXPECT_FALSE(write([&](Repositories& repos) {
    return repos.idempotency.complete(answered(held, IdempotentOutcome::order(OrderId{1})));
  }));
  EXPECT_FALSE(
      read([&](Repositories& repos) { return repos.idempotency.find(ann, "key-1", kNow - 1h); }));
}

TEST_P(IdempotencyContract, Prune_ForgetsRecordsCreatedBeforeTheGivenTime) {
  const auto ann = add_account("ann@example.com");
  write([&](Repositories& repos) {
    repos.idempotency.insert(reservation(ann, "old", kNow - 25h));
    repos.idempotency.insert(reservation(ann, "edge", kNow - 24h));
    repos.idempotency.insert(reservation(ann, "new", kNow - 1h));
    repos.idempotency.prune(kNow - 24h);
  });
  read([&](Repositories& repos) {
    const auto long_ago = kNow - std::chrono::days(30);
    EXPECT_FALSE(repos.idempotency.find(ann, "old", long_ago));
    EXPECT_TRUE(repos.idempotency.find(ann, "edge", long_ago));
    EXPECT_TRUE(repos.idempotency.find(ann, "new", long_ago));
  });
}

}  // namespace
}  // namespace artshop::contract
