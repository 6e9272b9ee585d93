#include "contract/store_contract.hpp"

namespace artshop::contract {
namespace {

using namespace std::chrono_literals;

bool take(Repositories& repos, std::string_view chore, std::string_view holder, sys_seconds now,
          std::chrono::seconds term) {
  return repos.leases.take(chore, holder, now, now + term);
}

TEST_P(LeaseContract, Take_AFreeChore_GivesItToTheFirstHolderOnly) {
  EXPECT_TRUE(
      write([](Repositories& repos) { return take(repos, "housekeeping", "a", kNow, 60s); }));
  EXPECT_FALSE(
      write([](Repositories& repos) { return take(repos, "housekeeping", "b", kNow, 60s); }));
  EXPECT_TRUE(write([](Repositories& repos) { return take(repos, "seeding", "b", kNow, 60s); }))
      << "leases on other chores are independent";
}

TEST_P(LeaseContract, Take_ByItsHolder_RenewsTheTerm) {
  write([](Repositories& repos) { return take(repos, "housekeeping", "a", kNow, 60s); });
  EXPECT_TRUE(
      write([](Repositories& repos) { return take(repos, "housekeeping", "a", kNow + 50s, 60s); }));
  EXPECT_FALSE(write([](Repositories& repos) {
    return take(repos, "housekeeping", "b", kNow + 100s, 60s);
  })) << "the renewal runs until 110 s";
}

TEST_P(LeaseContract, Take_AfterTheTermEnded_GoesToAnotherHolder) {
  write([](Repositories& repos) { return take(repos, "housekeeping", "a", kNow, 60s); });
  EXPECT_FALSE(
      write([](Repositories& repos) { return take(repos, "housekeeping", "b", kNow + 59s, 60s); }));
  EXPECT_TRUE(
      write([](Repositories& repos) { return take(repos, "housekeeping", "b", kNow + 60s, 60s); }));
  EXPECT_FALSE(write([](Repositories& repos) {
    return take(repos, "housekeeping", "a", kNow + 61s, 60s);
  })) << "the old holder lost it";
}

TEST_P(LeaseContract, Release_FreesTheChoreButOnlyForItsHolder) {
  write([](Repositories& repos) { return take(repos, "housekeeping", "a", kNow, 60s); });
  write([](Repositories& repos) { repos.leases.release("housekeeping", "b"); });
  EXPECT_FALSE(write([](Repositories& repos) {
    return take(repos, "housekeeping", "b", kNow, 60s);
  })) << "someone else's release does nothing";
  write([](Repositories& repos) { repos.leases.release("housekeeping", "a"); });
  EXPECT_TRUE(
      write([](Repositories& repos) { return take(repos, "housekeeping", "b", kNow, 60s); }));
}

}  // namespace
}  // namespace artshop::contract
