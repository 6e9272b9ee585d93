#pragma once

#include <chrono>
#include <string>
#include <string_view>

// Webhook signatures in Stripe's scheme, shared by the sandbox and the Stripe adapter:
// header "t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>".
namespace artshop::payments {

inline constexpr std::chrono::seconds kSignatureTolerance{300};
// The request header that carries the signature.
inline constexpr std::string_view kSignatureHeader = "Stripe-Signature";

// The header value signing `body` at `at`.
std::string sign_webhook(std::string_view secret, std::string_view body,
                         std::chrono::sys_seconds at);

// True when the header's timestamp is within `tolerance` of `now` (either way) and one of
// its v1 signatures matches, compared in constant time. Anything malformed is false.
bool verify_webhook_signature(std::string_view secret, std::string_view body,
                              std::string_view header, std::chrono::system_clock::time_point now,
                              std::chrono::seconds tolerance = kSignatureTolerance);

}  // namespace artshop::payments
