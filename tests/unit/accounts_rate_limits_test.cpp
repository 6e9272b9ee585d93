#include <gtest/gtest.h>

#include "artshop/core/accounts/rate_limits.hpp"
#include "artshop/core/rate_limiter.hpp"

namespace artshop {
namespace {

using std::chrono::hours;
using std::chrono::minutes;

TEST(AccountRateLimits, Defaults_AreTheLimitsOfTheDesign) {
  const RateLimits& limits = kDefaultRateLimits;
  EXPECT_EQ(limits.login_failures_per_email_and_ip, (RateLimitPolicy{10, minutes(15)}));
  EXPECT_EQ(limits.login_failures_per_account, (RateLimitPolicy{100, hours(1)}));
  EXPECT_EQ(limits.forgot_password_per_email, (RateLimitPolicy{3, hours(1)}));
  EXPECT_EQ(limits.registrations_per_ip, (RateLimitPolicy{10, hours(1)}));
  EXPECT_EQ(limits.support_tickets_per_ip, (RateLimitPolicy{5, hours(1)}));
  EXPECT_EQ(limits.gift_card_failures_per_user, (RateLimitPolicy{10, hours(1)}));
}

TEST(AccountRateLimits, Defaults_LimitEveryPasswordCallPerAddressAndPerAccount) {
  const RateLimits& limits = kDefaultRateLimits;
  EXPECT_EQ(limits.login_failures_per_ip, (RateLimitPolicy{50, minutes(15)}));
  EXPECT_EQ(limits.forgot_password_per_ip, (RateLimitPolicy{20, hours(1)}));
  EXPECT_EQ(limits.reset_attempts_per_ip, (RateLimitPolicy{20, hours(1)}));
  EXPECT_EQ(limits.reset_attempts_per_account, (RateLimitPolicy{10, hours(1)}));
  EXPECT_EQ(limits.change_password_per_account, (RateLimitPolicy{10, hours(1)}));
}

TEST(AccountRateLimits, Configuration_CanReplaceOneLimitKeepingTheOthers) {
  RateLimits limits = kDefaultRateLimits;
  limits.registrations_per_ip = {.limit = 2, .window = minutes(5)};
  EXPECT_NE(limits, kDefaultRateLimits);
  EXPECT_EQ(limits.support_tickets_per_ip, kDefaultRateLimits.support_tickets_per_ip);
}

// An e-mail with "|" and an address once named the bucket of another (e-mail, address) pair.
TEST(AccountRateLimits, BucketNames_OfDifferentKeys_NeverCollide) {
  EXPECT_NE(rate_bucket("login-failures", "victim@example.com|10.0.0.1", "203.0.113.9"),
            rate_bucket("login-failures", "victim@example.com", "10.0.0.1|203.0.113.9"));
  EXPECT_NE(rate_bucket("login-failures", "a:1:b"), rate_bucket("login-failures", "a", "b"));
  EXPECT_NE(rate_bucket("login-failures", "ann@example.com", ""),
            rate_bucket("login-failures", "ann@example.com"));
  EXPECT_EQ(rate_bucket("login-failures", "ann@example.com", "10.0.0.1"),
            rate_bucket("login-failures", "ann@example.com", "10.0.0.1"));
}

}  // namespace
}  // namespace artshop
