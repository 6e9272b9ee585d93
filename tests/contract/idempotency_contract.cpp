#include <gmock/gmock.h>

#include "contract/store_contract.hpp"

namespace artshop::contract {
namespace {

using namespace std::chrono_literals;

IdempotencyRecord reservation(UserId user, std::string key, sys_seconds created_at) {
  return {.user = user,
          .key = std::move(key),
          .request_hash = "sha256(POST /api/orders {...})",
          .status = kIdempotencyInProgress,
          .response = "",
          .created_at = created_at};
}

IdempotencyRecord answered(IdempotencyRecord record, int status, std::string response) {
  record.status = status;
  record.response = std::move(response);
  return record;
}

TEST_P(IdempotencyContract, Insert_ThenFind_GivesBackEveryField) {
  const auto ann = add_account("ann@example.com");
  const auto record = answered(reservation(ann, "key-1", kNow), 201, R"({"orderId":1})");
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
    return repos.idempotency.insert(answered(reservation(ann, "key-1", kNow + 1s), 200, "{}"));
  }));
  EXPECT_TRUE(write([&](Repositories& repos) {
    return repos.idempotency.insert(reservation(bob, "key-1", kNow));
  }));
  EXPECT_EQ(
      read([&](Repositories& repos) { return repos.idempotency.find(ann, "key-1", kNow - 1h); }),
      first);
}

TEST_P(IdempotencyContract, Complete_AReservation_StoresItsAnswer) {
  const auto ann = add_account("ann@example.com");
  const auto held = reservation(ann, "key-1", kNow);
  write([&](Repositories& repos) { repos.idempotency.insert(held); });
  const auto done = answered(held, 201, R"({"orderId":7})");
  EXPECT_TRUE(write([&](Repositories& repos) { return repos.idempotency.complete(done); }));
  EXPECT_EQ(
      read([&](Repositories& repos) { return repos.idempotency.find(ann, "key-1", kNow - 1h); }),
      done);
}

// The owner may store its answer inside the effect's transaction and overwrite it with the
// final answer afterwards.
TEST_P(IdempotencyContract, Complete_AnAnsweredRecord_OverwritesTheAnswer) {
  const auto ann = add_account("ann@example.com");
  const auto held = reservation(ann, "key-1", kNow);
  write([&](Repositories& repos) { repos.idempotency.insert(held); });
  write([&](Repositories& repos) {
    repos.idempotency.complete(answered(held, 201, R"({"orderId":7})"));
  });
  const auto final_answer = answered(held, 201, R"({"orderId":7,"paymentLink":"https://p"})");
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
  EXPECT_FALSE(write(
      [&](Repositories& repos) { return repos.idempotency.complete(answered(stale, 201, "{}")); }));
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
  EXPECT_FALSE(write(
      [&](Repositories& repos) { return repos.idempotency.complete(answered(held, 201, "{}")); }));
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
