#include <gtest/gtest.h>

#include "artshop/core/error.hpp"
#include "artshop/sqlite/connection_pool.hpp"
#include "artshop/sqlite/migrations.hpp"
#include "artshop/sqlite/sqlite_unit_of_work.hpp"
#include "support/temp_dir.hpp"

namespace artshop::sqlite {
namespace {

using std::chrono::sys_seconds;
const sys_seconds kNow{std::chrono::seconds(1'800'000'000)};

class SqliteAccounts : public ::testing::Test {
 protected:
  SqliteAccounts() : pool(dir.path() / "artshop.db", 2), transactions(pool) {
    auto connection = pool.acquire();
    migrate(*connection, artshop_schema());
  }

  UserId add_account(std::string_view email) {
    return transactions
        .write([&](Repositories& repos) -> Result<UserId> {
          return *repos.accounts.insert(email, "hash", kNow);
        })
        .value();
  }

  testing::TempDir dir;
  ConnectionPool pool;
  SqliteUnitOfWork transactions;
};

TEST_F(SqliteAccounts, AnEmailCanHoldOnlyOneAccount) {
  add_account("ann@example.com");
  const auto second = transactions.write([](Repositories& repos) -> Result<bool> {
    return repos.accounts.insert("ann@example.com", "other", kNow).has_value();
  });
  EXPECT_EQ(second, false);
}

TEST_F(SqliteAccounts, AWriteThatReturnsAnErrorRollsBackEverything) {
  const auto result = transactions.write([](Repositories& repos) -> Result<void> {
    repos.accounts.insert("bob@example.com", "hash", kNow);
    return std::unexpected(Error::general("changed my mind"));
  });
  ASSERT_FALSE(result);
  const auto found = transactions.read([](Repositories& repos) -> Result<bool> {
    return repos.accounts.find_by_email("bob@example.com").has_value();
  });
  EXPECT_EQ(found, false);
}

TEST_F(SqliteAccounts, StoresNamesAndBillingOfOneAccountOnly) {
  const auto ann = add_account("ann@example.com");
  const auto bob = add_account("bob@example.com");
  const auto ann_after = transactions.write([&](Repositories& repos) -> Result<Account> {
    repos.accounts.update_names(ann, "Ann", "Lee");
    repos.accounts.update_billing(ann, {"NO", "", "Oslo", "Karl Johans gate 1", "0154"});
    return *repos.accounts.find_by_id(ann);
  });
  ASSERT_TRUE(ann_after);
  EXPECT_EQ(ann_after->first_name, "Ann");
  EXPECT_EQ(ann_after->billing.city, "Oslo");
  const auto bob_after = transactions.read(
      [&](Repositories& repos) -> Result<Account> { return *repos.accounts.find_by_id(bob); });
  EXPECT_EQ(bob_after->first_name, "");
  EXPECT_EQ(bob_after->billing.city, "");
}

TEST_F(SqliteAccounts, ARefreshTokenRotatesOnlyOnceAndItsFamilyCanBeRevoked) {
  const auto ann = add_account("ann@example.com");
  const auto outcome = transactions.write([&](Repositories& repos) -> Result<bool> {
    auto& tokens = repos.refresh_tokens;
    tokens.insert({.token_digest = "d1",
                   .user = ann,
                   .family = "f",
                   .expires_at = kNow + std::chrono::days(30)},
                  kNow);
    EXPECT_TRUE(tokens.mark_rotated("d1", {}, kNow));
    EXPECT_FALSE(tokens.mark_rotated("d1", {}, kNow)) << "a second rotation loses the race";
    tokens.insert({.token_digest = "d2",
                   .user = ann,
                   .family = "f",
                   .expires_at = kNow + std::chrono::days(30)},
                  kNow);
    tokens.revoke_family("f", kNow);
    return tokens.find("d2")->revoked && tokens.find("d1")->rotated;
  });
  EXPECT_EQ(outcome, true);
}

TEST_F(SqliteAccounts, RevokingOtherSessionsKeepsTheCallersLogin) {
  const auto ann = add_account("ann@example.com");
  const auto outcome =
      transactions.write([&](Repositories& repos) -> Result<std::pair<bool, bool>> {
        auto& tokens = repos.refresh_tokens;
        const auto later = kNow + std::chrono::days(30);
        tokens.insert({.token_digest = "phone", .user = ann, .family = "a", .expires_at = later},
                      kNow);
        tokens.insert({.token_digest = "laptop", .user = ann, .family = "b", .expires_at = later},
                      kNow);
        tokens.revoke_user_sessions(ann, "a", kNow);
        return std::pair{tokens.find("phone")->revoked, tokens.find("laptop")->revoked};
      });
  EXPECT_EQ(outcome->first, false);
  EXPECT_EQ(outcome->second, true);
}

TEST_F(SqliteAccounts, RevokingWithNoLoginToKeepEndsEverySession) {
  const auto ann = add_account("ann@example.com");
  const auto outcome = transactions.write([&](Repositories& repos) -> Result<bool> {
    auto& tokens = repos.refresh_tokens;
    tokens.insert({.token_digest = "phone", .user = ann, .family = "a", .expires_at = kNow}, kNow);
    tokens.revoke_user_sessions(ann, std::string_view{}, kNow);
    return tokens.find("phone")->revoked;
  });
  EXPECT_EQ(outcome, true);
}

TEST_F(SqliteAccounts, ALoginIsLiveUntilItsFamilyIsRevokedAndOnlyForItsOwnAccount) {
  const auto ann = add_account("ann@example.com");
  const auto bob = add_account("bob@example.com");
  const auto live = [&](UserId user, std::string_view family) {
    return transactions
        .read([&](Repositories& repos) -> Result<bool> {
          return repos.refresh_tokens.session_is_live(user, family);
        })
        .value();
  };
  transactions.write([&](Repositories& repos) -> Result<void> {
    repos.refresh_tokens.insert({.token_digest = "t1",
                                 .user = ann,
                                 .family = "f1",
                                 .expires_at = kNow + std::chrono::days(30)},
                                kNow);
    repos.refresh_tokens.insert({.token_digest = "t2",
                                 .user = ann,
                                 .family = "f2",
                                 .expires_at = kNow + std::chrono::days(30)},
                                kNow);
    repos.refresh_tokens.mark_rotated("t1", {}, kNow);
    return {};
  });
  EXPECT_TRUE(live(ann, "f1")) << "a rotated token still belongs to a live login";
  EXPECT_FALSE(live(bob, "f1")) << "another account's login";
  EXPECT_FALSE(live(ann, "never-issued"));
  transactions.write([&](Repositories& repos) -> Result<void> {
    repos.refresh_tokens.revoke_family("f1", kNow);
    return {};
  });
  EXPECT_FALSE(live(ann, "f1"));
  EXPECT_TRUE(live(ann, "f2"));
}

TEST_F(SqliteAccounts, ResetCodesAreReplacedCountedAndRemoved) {
  const auto ann = add_account("ann@example.com");
  const auto outcome = transactions.write([&](Repositories& repos) -> Result<int> {
    auto& codes = repos.reset_codes;
    codes.replace({.user = ann, .code_digest = "old", .expires_at = kNow, .failed_attempts = 0});
    codes.replace({.user = ann, .code_digest = "new", .expires_at = kNow, .failed_attempts = 0});
    codes.record_failed_attempt(ann);
    codes.record_failed_attempt(ann);
    const auto code = codes.find(ann);
    EXPECT_EQ(code->code_digest, "new");
    codes.remove(ann);
    EXPECT_FALSE(codes.find(ann).has_value());
    return code->failed_attempts;
  });
  EXPECT_EQ(outcome, 2);
}

TEST_F(SqliteAccounts, RateLimitEventsAreCountedPerBucketWithinTheWindow) {
  const auto outcome = transactions.write([&](Repositories& repos) -> Result<int> {
    auto& events = repos.rate_limits;
    events.add("login:a", kNow - std::chrono::hours(2));
    events.add("login:a", kNow - std::chrono::minutes(5));
    events.add("login:a", kNow);
    events.add("login:b", kNow);
    EXPECT_EQ(events.oldest_since("login:a", kNow - std::chrono::hours(1)),
              kNow - std::chrono::minutes(5));
    events.prune(kNow - std::chrono::hours(1));
    EXPECT_EQ(events.count_since("login:a", kNow - std::chrono::days(1)), 2);
    return events.count_since("login:a", kNow - std::chrono::hours(1));
  });
  EXPECT_EQ(outcome, 2);
}

}  // namespace
}  // namespace artshop::sqlite
