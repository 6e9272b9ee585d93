#pragma once

#include <chrono>

namespace artshop {

// At most `limit` events per `window`; the next one is answered 429.
struct RateLimitPolicy {
  int limit = 0;
  std::chrono::seconds window{0};
  friend constexpr bool operator==(const RateLimitPolicy&, const RateLimitPolicy&) = default;
};

// Every rate limit of the shop. The defaults are DESIGN.md section 5; configuration may
// replace any of them.
struct RateLimits {
  // Failed logins per (e-mail, client IP): stops guessing one account from one place.
  RateLimitPolicy login_failures_per_email_and_ip{10, std::chrono::minutes{15}};
  // Failed logins per account from anywhere: stops a guessing botnet spread over many IPs.
  RateLimitPolicy login_failures_per_account{100, std::chrono::hours{1}};
  // Reset mails per e-mail address: nobody's inbox can be flooded through the shop.
  RateLimitPolicy forgot_password_per_email{3, std::chrono::hours{1}};
  RateLimitPolicy registrations_per_ip{10, std::chrono::hours{1}};
  RateLimitPolicy support_tickets_per_ip{5, std::chrono::hours{1}};
  // Wrong gift-card numbers per user: 80-bit numbers cannot be guessed, but probing is noise.
  RateLimitPolicy gift_card_failures_per_user{10, std::chrono::hours{1}};

  friend constexpr bool operator==(const RateLimits&, const RateLimits&) = default;
};

inline constexpr RateLimits kDefaultRateLimits{};

}  // namespace artshop
