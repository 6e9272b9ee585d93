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
  // It refuses only the addresses that have failed against the account themselves, so an
  // attacker cannot lock the owner out (docs/security.md).
  RateLimitPolicy login_failures_per_account{100, std::chrono::hours{1}};
  // Failed logins per client IP, whatever the e-mail: stops one place spraying a password
  // over many accounts.
  RateLimitPolicy login_failures_per_ip{50, std::chrono::minutes{15}};
  // Reset mails per e-mail address: nobody's inbox can be flooded through the shop.
  RateLimitPolicy forgot_password_per_email{3, std::chrono::hours{1}};
  // Reset mails per client IP, whatever the e-mail: one place cannot mail the whole list.
  RateLimitPolicy forgot_password_per_ip{20, std::chrono::hours{1}};
  // Reset attempts (a code typed in) per client IP and per e-mail: each one hashes a password.
  RateLimitPolicy reset_attempts_per_ip{20, std::chrono::hours{1}};
  RateLimitPolicy reset_attempts_per_account{10, std::chrono::hours{1}};
  // Change-password attempts per account: a stolen access token cannot guess the password.
  RateLimitPolicy change_password_per_account{10, std::chrono::hours{1}};
  RateLimitPolicy registrations_per_ip{10, std::chrono::hours{1}};
  RateLimitPolicy support_tickets_per_ip{5, std::chrono::hours{1}};
  // Confirmations of support tickets per recipient, whatever the client address: the form
  // cannot be used to flood an inbox that is not the sender's. Past it the ticket is stored and
  // answered as usual; only its confirmation is not sent.
  RateLimitPolicy support_confirmations_per_recipient{3, std::chrono::days{1}};
  // Wrong gift-card numbers per user: 80-bit numbers cannot be guessed, but probing is noise.
  RateLimitPolicy gift_card_failures_per_user{10, std::chrono::hours{1}};

  friend constexpr bool operator==(const RateLimits&, const RateLimits&) = default;
};

inline constexpr RateLimits kDefaultRateLimits{};

}  // namespace artshop
