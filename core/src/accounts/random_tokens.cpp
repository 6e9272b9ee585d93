#include "artshop/core/accounts/random_tokens.hpp"

#include <array>

#include "artshop/core/accounts/token_policy.hpp"
#include "artshop/core/codec/base32.hpp"
#include "artshop/core/codec/base64.hpp"
#include "artshop/core/text.hpp"

namespace artshop {

namespace {

constexpr std::size_t kBitsPerSymbol = 5;
constexpr std::size_t kResetCodeBytes = kResetCodeLength * kBitsPerSymbol / 8;
static_assert(kResetCodeLength * kBitsPerSymbol % 8 == 0, "the code uses whole random bytes");

}  // namespace

std::string generate_refresh_token(RandomSource& random) {
  std::array<std::byte, kRefreshTokenBytes> bytes{};
  random.fill(bytes);
  return base64url::encode(bytes);
}

std::string generate_reset_code(RandomSource& random) {
  std::array<std::byte, kResetCodeBytes> bytes{};
  random.fill(bytes);
  return base32::encode(bytes, kResetCodeAlphabet);
}

std::optional<std::string> normalize_reset_code(std::string_view typed) {
  auto code = std::string(text::trim(typed));
  constexpr std::size_t kMiddle = kResetCodeLength / 2;
  if (code.size() == kResetCodeLength + 1 && (code[kMiddle] == '-' || code[kMiddle] == ' ')) {
    code.erase(kMiddle, 1);
  }
  if (code.size() != kResetCodeLength) return std::nullopt;
  for (char& c : code) {
    const auto symbol = base32::read_crockford_symbol(c);
    if (!symbol) return std::nullopt;
    c = *symbol;
  }
  return code;
}

}  // namespace artshop
