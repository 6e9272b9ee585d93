// The payment provider's webhook: "<Stripe-Signature header>\n<event body>". The header is
// verified against the body as sent, the body is read as a checkout event, and a header made
// of the input's own timestamp text with the right signature for it checks the timestamp
// parsing. Nothing may crash; an empty secret verifies nothing, a body signed now verifies,
// and a signed timestamp verifies only when it is plain digits.
#include <chrono>
#include <cstdint>
#include <string>

#include "artshop/crypto/digests.hpp"
#include "artshop/crypto/hex.hpp"
#include "artshop/payments/checkout_event.hpp"
#include "artshop/payments/webhook_signature.hpp"
#include "fuzz/fuzz_input.hpp"

namespace {

using namespace artshop;
using namespace artshop::payments;

constexpr std::string_view kSecret = "whsec_fuzz";
constexpr std::chrono::sys_seconds kNow{std::chrono::seconds{1'767'225'600}};

bool is_plain_digits(std::string_view text) {
  return !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
}

std::string header_for(std::string_view timestamp, std::string_view body) {
  const auto payload = std::string(timestamp) + '.' + std::string(body);
  return "t=" + std::string(timestamp) +
         ",v1=" + crypto::to_hex(crypto::hmac_sha256(kSecret, payload));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto text = fuzz::as_text(data, size);
  const auto [header, body] = fuzz::split_once(text, '\n');

  (void)verify_webhook_signature(kSecret, body, header, kNow);
  fuzz::require(!verify_webhook_signature("", body, sign_webhook("", body, kNow), kNow),
                "an empty secret verifies nothing");
  fuzz::require(verify_webhook_signature(kSecret, body, sign_webhook(kSecret, body, kNow), kNow),
                "a signed body verifies");

  auto timestamp = header.substr(0, header.find(','));
  if (timestamp.starts_with("t=")) timestamp.remove_prefix(2);
  if (verify_webhook_signature(kSecret, body, header_for(timestamp, body), kNow)) {
    fuzz::require(is_plain_digits(timestamp), "only a plain decimal timestamp verifies");
  }

  for (const auto event_text : {body, text}) {
    const auto event = read_checkout_event(event_text);
    if (!event) continue;
    fuzz::require(!event->event_id.empty() && !event->reference.empty(),
                  "an event names itself and our reference");
  }
  return 0;
}
