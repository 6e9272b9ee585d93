#pragma once

#include <chrono>
#include <cstdint>
#include <expected>
#include <string>
#include <string_view>

#include "artshop/core/money.hpp"

namespace artshop::payments {

// What the sandbox's checkout page and its buttons need to know about one payment. It travels
// inside the payment link, so the process keeps no state per checkout.
struct SandboxSession {
  std::string id;  // random hex: names the session ("cs_sandbox_<id>") and its event ("evt_<id>")
  std::string reference;
  Money amount{0, Currency::EUR};
  std::string description;
  std::string customer_email;
  std::string return_url;
  std::string cancel_url;
  std::chrono::sys_seconds expires_at;
  std::string browser;  // one line about the shopper's browser, as 3-D Secure would see it
};

enum class SessionError : std::uint8_t { Invalid, Expired };

// Seals a session into a URL-safe token "<base64url JSON>.<base64url HMAC-SHA256>" and opens
// it again. The MAC key is derived from the provider's secret for this purpose alone, so a
// token can never pass for a webhook signature or the other way round.
class SandboxSessionCodec {
 public:
  explicit SandboxSessionCodec(std::string_view secret);

  std::string seal(const SandboxSession& session) const;

  // Invalid for anything not sealed by us (tampered, truncated, foreign); Expired once
  // `now` has reached the session's expiry.
  std::expected<SandboxSession, SessionError> open(std::string_view token,
                                                   std::chrono::system_clock::time_point now) const;

 private:
  std::string key_;
};

}  // namespace artshop::payments
