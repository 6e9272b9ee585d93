#include <gmock/gmock.h>

#include "contract/store_contract.hpp"

namespace artshop::contract {
namespace {

using namespace std::chrono_literals;

TEST_P(AccountContract, Insert_ThenFind_GivesBackEveryFieldByIdAndByEmail) {
  const auto id = write([](Repositories& repos) {
    return repos.accounts.insert("ann@example.com", "argon2-hash", kNow);
  });
  ASSERT_TRUE(id);
  const auto by_id = read([&](Repositories& repos) { return repos.accounts.find_by_id(*id); });
  const auto by_email =
      read([](Repositories& repos) { return repos.accounts.find_by_email("ann@example.com"); });
  ASSERT_TRUE(by_id);
  ASSERT_TRUE(by_email);
  for (const auto& account : {*by_id, *by_email}) {
    EXPECT_EQ(account.id, *id);
    EXPECT_EQ(account.email, "ann@example.com");
    EXPECT_EQ(account.password_hash, "argon2-hash");
    EXPECT_EQ(account.first_name, "");
    EXPECT_EQ(account.last_name, "");
    EXPECT_EQ(account.billing, BillingAddress{});
    EXPECT_EQ(account.created_at, kNow);
  }
}

TEST_P(AccountContract, Insert_WithATakenEmail_AnswersNothingAndKeepsTheFirstAccount) {
  const auto first = add_account("ann@example.com");
  const auto second = write([](Repositories& repos) {
    return repos.accounts.insert("ann@example.com", "other-hash", kNow + 1s);
  });
  EXPECT_FALSE(second);
  const auto kept =
      read([](Repositories& repos) { return repos.accounts.find_by_email("ann@example.com"); });
  ASSERT_TRUE(kept);
  EXPECT_EQ(kept->id, first);
  EXPECT_EQ(kept->password_hash, "hash");
}

TEST_P(AccountContract, TwoAccounts_GetDistinctIds) {
  EXPECT_NE(add_account("ann@example.com"), add_account("bob@example.com"));
}

TEST_P(AccountContract, Find_AnUnknownEmailOrId_AnswersNothing) {
  const auto ann = add_account("ann@example.com");
  EXPECT_FALSE(
      read([](Repositories& repos) { return repos.accounts.find_by_email("bob@example.com"); }));
  EXPECT_FALSE(read(
      [&](Repositories& repos) { return repos.accounts.find_by_id(UserId{ann.value + 100}); }));
}

TEST_P(AccountContract, Updates_ChangeThePasswordNamesAndBillingOfThatAccountOnly) {
  const auto ann = add_account("ann@example.com");
  const auto bob = add_account("bob@example.com");
  const BillingAddress billing{.country = "NO",
                               .state = "Oslo",
                               .city = "Oslo",
                               .address1 = "Karl Johans gate 1",
                               .zip_code = "0154"};
  write([&](Repositories& repos) {
    repos.accounts.update_password_hash(ann, "new-hash");
    repos.accounts.update_names(ann, "Ann", "Example");
    repos.accounts.update_billing(ann, billing);
  });
  const auto changed = read([&](Repositories& repos) { return repos.accounts.find_by_id(ann); });
  ASSERT_TRUE(changed);
  EXPECT_EQ(changed->password_hash, "new-hash");
  EXPECT_EQ(changed->first_name, "Ann");
  EXPECT_EQ(changed->last_name, "Example");
  EXPECT_EQ(changed->billing, billing);
  EXPECT_EQ(changed->email, "ann@example.com");
  const auto other = read([&](Repositories& repos) { return repos.accounts.find_by_id(bob); });
  ASSERT_TRUE(other);
  EXPECT_EQ(other->password_hash, "hash");
  EXPECT_EQ(other->billing, BillingAddress{});
}

TEST_P(AccountContract, Updates_OfAnUnknownAccount_ChangeNothing) {
  const auto ann = add_account("ann@example.com");
  const UserId stranger{ann.value + 100};
  write([&](Repositories& repos) {
    repos.accounts.update_password_hash(stranger, "new-hash");
    repos.accounts.update_names(stranger, "Eve", "Stranger");
    repos.accounts.update_billing(stranger, {.country = "SE"});
  });
  EXPECT_FALSE(read([&](Repositories& repos) { return repos.accounts.find_by_id(stranger); }));
  EXPECT_EQ(read([&](Repositories& repos) { return repos.accounts.find_by_id(ann); })->first_name,
            "");
}

TEST_P(RefreshTokenContract, Insert_ThenFind_GivesBackTheLiveRecord) {
  const auto ann = add_account("ann@example.com");
  const RefreshTokenRecord record{.token_digest = "digest-1",
                                  .user = ann,
                                  .family = "family-1",
                                  .expires_at = kNow + std::chrono::days(30),
                                  .rotated = false,
                                  .revoked = false};
  write([&](Repositories& repos) { repos.refresh_tokens.insert(record, kNow); });
  const auto found =
      read([](Repositories& repos) { return repos.refresh_tokens.find("digest-1"); });
  ASSERT_TRUE(found);
  EXPECT_EQ(found->token_digest, "digest-1");
  EXPECT_EQ(found->user, ann);
  EXPECT_EQ(found->family, "family-1");
  EXPECT_EQ(found->expires_at, kNow + std::chrono::days(30));
  EXPECT_FALSE(found->rotated);
  EXPECT_FALSE(found->revoked);
  EXPECT_FALSE(read([](Repositories& repos) { return repos.refresh_tokens.find("digest-2"); }));
}

RefreshTokenRecord live_token(std::string digest, UserId user, std::string family) {
  return {.token_digest = std::move(digest),
          .user = user,
          .family = std::move(family),
          .expires_at = kNow + std::chrono::days(30),
          .rotated = false,
          .revoked = false};
}

const RefreshSuccessor kSuccessor{.digest = "successor-digest", .sealed = "sealed-successor"};

// A token of `user`'s login `family`, rotated to kSuccessor at `at`.
void insert_rotated(Repositories& repos, const std::string& digest, UserId user,
                    const std::string& family, std::chrono::sys_seconds at) {
  repos.refresh_tokens.insert(live_token(digest, user, family), kNow);
  repos.refresh_tokens.mark_rotated(digest, kSuccessor, at);
}

TEST_P(RefreshTokenContract, MarkRotated_Twice_AnswersFalseTheSecondTime) {
  const auto ann = add_account("ann@example.com");
  write([&](Repositories& repos) {
    repos.refresh_tokens.insert(live_token("digest-1", ann, "family-1"), kNow);
  });
  EXPECT_TRUE(write([](Repositories& repos) {
    return repos.refresh_tokens.mark_rotated("digest-1", kSuccessor, kNow);
  }));
  EXPECT_FALSE(write([](Repositories& repos) {
    return repos.refresh_tokens.mark_rotated("digest-1", kSuccessor, kNow);
  }));
  const auto found =
      read([](Repositories& repos) { return repos.refresh_tokens.find("digest-1"); });
  ASSERT_TRUE(found);
  EXPECT_TRUE(found->rotated);
  EXPECT_FALSE(found->revoked);
}

TEST_P(RefreshTokenContract, MarkRotated_KeepsWhenAndTheSuccessor) {
  const auto ann = add_account("ann@example.com");
  write([&](Repositories& repos) {
    insert_rotated(repos, "digest-1", ann, "family-1", kNow + 3s);
    repos.refresh_tokens.insert(live_token("digest-2", ann, "family-2"), kNow);
    repos.refresh_tokens.mark_rotated("digest-2", {.digest = "other", .sealed = ""}, kNow);
  });
  read([&](Repositories& repos) {
    const auto found = repos.refresh_tokens.find("digest-1");
    EXPECT_EQ(found->rotated_at, kNow + 3s);
    EXPECT_EQ(found->successor_digest, "successor-digest");
    EXPECT_EQ(found->successor_sealed, "sealed-successor");
    EXPECT_EQ(repos.refresh_tokens.find("digest-2")->successor_sealed, "")
        << "no grace, nothing sealed";
  });
}

TEST_P(RefreshTokenContract, Revoking_ForgetsTheSealedSuccessors) {
  const auto ann = add_account("ann@example.com");
  write([&](Repositories& repos) {
    insert_rotated(repos, "phone-1", ann, "phone", kNow);
    insert_rotated(repos, "laptop-1", ann, "laptop", kNow);
    repos.refresh_tokens.revoke_family("phone", kNow);
    repos.refresh_tokens.revoke_user_sessions(ann, "", kNow);
  });
  read([&](Repositories& repos) {
    EXPECT_EQ(repos.refresh_tokens.find("phone-1")->successor_sealed, "");
    EXPECT_EQ(repos.refresh_tokens.find("laptop-1")->successor_sealed, "");
  });
}

TEST_P(RefreshTokenContract, ForgetSuccessors_ForgetsOnlyThoseRotatedBeforeTheTime) {
  const auto ann = add_account("ann@example.com");
  write([&](Repositories& repos) {
    insert_rotated(repos, "older", ann, "phone", kNow);
    insert_rotated(repos, "newer", ann, "laptop", kNow + 5s);
  });
  EXPECT_EQ(
      write([](Repositories& repos) { return repos.refresh_tokens.forget_successors(kNow + 5s); }),
      1);
  read([&](Repositories& repos) {
    const auto older = repos.refresh_tokens.find("older");
    EXPECT_EQ(older->successor_sealed, "");
    EXPECT_EQ(older->successor_digest, "successor-digest") << "the digest stays: it is no secret";
    EXPECT_EQ(repos.refresh_tokens.find("newer")->successor_sealed, "sealed-successor");
  });
}

TEST_P(RefreshTokenContract, MarkRotated_ARevokedOrUnknownToken_AnswersFalse) {
  const auto ann = add_account("ann@example.com");
  write([&](Repositories& repos) {
    repos.refresh_tokens.insert(live_token("digest-1", ann, "family-1"), kNow);
    repos.refresh_tokens.revoke_family("family-1", kNow);
  });
  EXPECT_FALSE(write([](Repositories& repos) {
    return repos.refresh_tokens.mark_rotated("digest-1", kSuccessor, kNow);
  }));
  EXPECT_FALSE(write([](Repositories& repos) {
    return repos.refresh_tokens.mark_rotated("unknown", kSuccessor, kNow);
  }));
}

TEST_P(RefreshTokenContract, RevokeFamily_EndsThatLoginOnly) {
  const auto ann = add_account("ann@example.com");
  write([&](Repositories& repos) {
    repos.refresh_tokens.insert(live_token("digest-1", ann, "phone"), kNow);
    repos.refresh_tokens.insert(live_token("digest-2", ann, "phone"), kNow);
    repos.refresh_tokens.insert(live_token("digest-3", ann, "laptop"), kNow);
    repos.refresh_tokens.revoke_family("phone", kNow);
  });
  read([&](Repositories& repos) {
    EXPECT_TRUE(repos.refresh_tokens.find("digest-1")->revoked);
    EXPECT_TRUE(repos.refresh_tokens.find("digest-2")->revoked);
    EXPECT_FALSE(repos.refresh_tokens.find("digest-3")->revoked);
    EXPECT_FALSE(repos.refresh_tokens.session_is_live(ann, "phone"));
    EXPECT_TRUE(repos.refresh_tokens.session_is_live(ann, "laptop"));
  });
}

TEST_P(RefreshTokenContract, RevokeUserSessions_KeepsTheGivenLoginAndOtherUsers) {
  const auto ann = add_account("ann@example.com");
  const auto bob = add_account("bob@example.com");
  write([&](Repositories& repos) {
    repos.refresh_tokens.insert(live_token("ann-phone", ann, "phone"), kNow);
    repos.refresh_tokens.insert(live_token("ann-laptop", ann, "laptop"), kNow);
    repos.refresh_tokens.insert(live_token("bob-phone", bob, "bob-phone"), kNow);
    repos.refresh_tokens.revoke_user_sessions(ann, "laptop", kNow);
  });
  read([&](Repositories& repos) {
    EXPECT_FALSE(repos.refresh_tokens.session_is_live(ann, "phone"));
    EXPECT_TRUE(repos.refresh_tokens.session_is_live(ann, "laptop"));
    EXPECT_TRUE(repos.refresh_tokens.session_is_live(bob, "bob-phone"));
  });
  write([&](Repositories& repos) { repos.refresh_tokens.revoke_user_sessions(ann, "", kNow); });
  EXPECT_FALSE(read(
      [&](Repositories& repos) { return repos.refresh_tokens.session_is_live(ann, "laptop"); }));
}

TEST_P(RefreshTokenContract, SessionIsLive_ForAnotherUserOrAnUnknownFamily_IsFalse) {
  const auto ann = add_account("ann@example.com");
  const auto bob = add_account("bob@example.com");
  write([&](Repositories& repos) {
    repos.refresh_tokens.insert(live_token("digest-1", ann, "phone"), kNow);
  });
  read([&](Repositories& repos) {
    EXPECT_FALSE(repos.refresh_tokens.session_is_live(bob, "phone"));
    EXPECT_FALSE(repos.refresh_tokens.session_is_live(ann, "tablet"));
  });
}

TEST_P(RefreshTokenContract, SessionIsLive_AfterRotation_StaysTrue) {
  const auto ann = add_account("ann@example.com");
  write([&](Repositories& repos) {
    repos.refresh_tokens.insert(live_token("digest-1", ann, "phone"), kNow);
    repos.refresh_tokens.mark_rotated("digest-1", kSuccessor, kNow);
  });
  EXPECT_TRUE(read(
      [&](Repositories& repos) { return repos.refresh_tokens.session_is_live(ann, "phone"); }));
}

TEST_P(ResetCodeContract, Replace_ThenFind_GivesBackTheCodeAndAReplacementWins) {
  const auto ann = add_account("ann@example.com");
  write([&](Repositories& repos) {
    repos.reset_codes.replace(
        {.user = ann, .code_digest = "first", .expires_at = kNow + 10min, .failed_attempts = 2});
  });
  write([&](Repositories& repos) {
    repos.reset_codes.replace(
        {.user = ann, .code_digest = "second", .expires_at = kNow + 20min, .failed_attempts = 0});
  });
  const auto found = read([&](Repositories& repos) { return repos.reset_codes.find(ann); });
  ASSERT_TRUE(found);
  EXPECT_EQ(found->user, ann);
  EXPECT_EQ(found->code_digest, "second");
  EXPECT_EQ(found->expires_at, kNow + 20min);
  EXPECT_EQ(found->failed_attempts, 0);
}

TEST_P(ResetCodeContract, FailedAttempts_AreCountedAndRemoveForgetsTheCode) {
  const auto ann = add_account("ann@example.com");
  const auto bob = add_account("bob@example.com");
  write([&](Repositories& repos) {
    repos.reset_codes.replace(
        {.user = ann, .code_digest = "code", .expires_at = kNow + 10min, .failed_attempts = 0});
    repos.reset_codes.record_failed_attempt(ann);
    repos.reset_codes.record_failed_attempt(ann);
  });
  EXPECT_EQ(read([&](Repositories& repos) { return repos.reset_codes.find(ann); })->failed_attempts,
            2);
  EXPECT_FALSE(read([&](Repositories& repos) { return repos.reset_codes.find(bob); }));
  write([&](Repositories& repos) { repos.reset_codes.remove(ann); });
  EXPECT_FALSE(read([&](Repositories& repos) { return repos.reset_codes.find(ann); }));
}

TEST_P(ResetCodeContract, FailedAttempt_WithoutACode_ChangesNothing) {
  const auto ann = add_account("ann@example.com");
  write([&](Repositories& repos) { repos.reset_codes.record_failed_attempt(ann); });
  EXPECT_FALSE(read([&](Repositories& repos) { return repos.reset_codes.find(ann); }));
}

TEST_P(RateLimitContract, CountSince_CountsTheBucketsEventsAfterTheGivenTime) {
  write([](Repositories& repos) {
    repos.rate_limits.add("login:ip:1", kNow - 2h);
    repos.rate_limits.add("login:ip:1", kNow - 30min);
    repos.rate_limits.add("login:ip:1", kNow - 10min);
    repos.rate_limits.add("login:ip:2", kNow - 10min);
  });
  read([](Repositories& repos) {
    EXPECT_EQ(repos.rate_limits.count_since("login:ip:1", kNow - 1h), 2);
    EXPECT_EQ(repos.rate_limits.count_since("login:ip:1", kNow - 3h), 3);
    EXPECT_EQ(repos.rate_limits.count_since("login:ip:2", kNow - 1h), 1);
    EXPECT_EQ(repos.rate_limits.count_since("login:ip:3", kNow - 1h), 0);
    // "Since" is exclusive: an event at that very second has left the window.
    EXPECT_EQ(repos.rate_limits.count_since("login:ip:1", kNow - 30min), 1);
  });
}

TEST_P(RateLimitContract, OldestSince_IsTheFirstEventInTheWindow) {
  write([](Repositories& repos) {
    repos.rate_limits.add("register:ip:1", kNow - 10min);
    repos.rate_limits.add("register:ip:1", kNow - 2h);
    repos.rate_limits.add("register:ip:1", kNow - 40min);
  });
  read([](Repositories& repos) {
    EXPECT_EQ(repos.rate_limits.oldest_since("register:ip:1", kNow - 1h), kNow - 40min);
    EXPECT_EQ(repos.rate_limits.oldest_since("register:ip:1", kNow), std::nullopt);
    EXPECT_EQ(repos.rate_limits.oldest_since("register:ip:2", kNow - 1h), std::nullopt);
  });
}

TEST_P(RateLimitContract, Prune_ForgetsOlderEventsOfEveryBucketAndKeepsNewerOnes) {
  write([](Repositories& repos) {
    repos.rate_limits.add("a", kNow - 3h);
    repos.rate_limits.add("b", kNow - 2h);
    repos.rate_limits.add("a", kNow - 10min);
    repos.rate_limits.prune(kNow - 1h);
  });
  read([](Repositories& repos) {
    EXPECT_EQ(repos.rate_limits.count_since("a", kNow - std::chrono::days(1)), 1);
    EXPECT_EQ(repos.rate_limits.count_since("b", kNow - std::chrono::days(1)), 0);
  });
}

}  // namespace
}  // namespace artshop::contract
