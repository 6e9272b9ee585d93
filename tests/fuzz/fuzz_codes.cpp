// The codes and amounts customers type, as core reads them: gift-card numbers, password-reset
// codes, base64 and base64url texts and money amounts. Nothing may crash, and each reading must
// be a fixed point: what it accepts is in the canonical form, reads back as itself, and (for the
// strict base64url and amounts) is the one spelling of its value.
#include <cstdint>
#include <string>

#include "artshop/core/accounts/random_tokens.hpp"
#include "artshop/core/accounts/token_policy.hpp"
#include "artshop/core/codec/base32.hpp"
#include "artshop/core/codec/base64.hpp"
#include "artshop/core/money.hpp"
#include "artshop/core/orders/gift_card.hpp"
#include "fuzz/fuzz_input.hpp"

namespace {

using namespace artshop;

bool only_symbols_of(std::string_view text, std::string_view alphabet) {
  return text.find_first_not_of(alphabet) == std::string_view::npos;
}

void check_gift_card_number(std::string_view typed) {
  const auto number = normalize_gift_card_number(typed);
  if (!number) return;
  fuzz::require(number->size() == kGiftCardNumberLength &&
                    only_symbols_of(*number, base32::kCrockfordAlphabet),
                "a gift-card number is 16 Crockford symbols");
  fuzz::require(normalize_gift_card_number(*number) == number, "a number reads as itself");
  fuzz::require(normalize_gift_card_number(group_gift_card_number(*number)) == number,
                "a grouped number reads as the number");
}

void check_reset_code(std::string_view typed) {
  const auto code = normalize_reset_code(typed);
  if (!code) return;
  fuzz::require(code->size() == kResetCodeLength && only_symbols_of(*code, kResetCodeAlphabet),
                "a reset code is 8 Crockford symbols");
  fuzz::require(normalize_reset_code(*code) == code, "a code reads as itself");
}

void check_base64url(std::string_view text) {
  if (const auto bytes = base64url::decode(text)) {
    fuzz::require(base64url::encode(*bytes) == text, "base64url has one spelling per value");
  }
  fuzz::require(base64url::decode(base64url::encode(text)) == std::string(text),
                "base64url decodes what it encodes");
}

// Standard base64 is read padded or not, so its one spelling is the padded one.
void check_base64(std::string_view text) {
  if (const auto bytes = base64::decode(text)) {
    const auto spelling = base64::encode(*bytes);
    fuzz::require(spelling.starts_with(text) &&
                      spelling.find_first_not_of('=', text.size()) == std::string::npos,
                  "base64 is read as its padded spelling");
  }
  fuzz::require(base64::decode(base64::encode(text)) == std::string(text),
                "base64 decodes what it encodes");
}

void check_amount(std::string_view text) {
  for (const auto currency : kAllCurrencies) {
    const auto money = Money::parse(text, currency);
    if (!money) continue;
    fuzz::require(Money::parse(money->amount_text(), currency) == money,
                  "an amount reads back from its text");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto text = fuzz::as_text(data, size);
  check_gift_card_number(text);
  check_reset_code(text);
  check_base64url(text);
  check_base64(text);
  check_amount(text);
  return 0;
}
