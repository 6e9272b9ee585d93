#include "artshop/core/accounts/random_tokens.hpp"

#include <array>
#include <cstdint>

#include "artshop/core/accounts/base64url.hpp"
#include "artshop/core/text.hpp"
#include "artshop/core/accounts/token_policy.hpp"

namespace artshop {

namespace {

constexpr std::size_t kBitsPerSymbol = 5;
static_assert(kResetCodeAlphabet.size() == 1U << kBitsPerSymbol);
constexpr std::size_t kResetCodeBytes = kResetCodeLength * kBitsPerSymbol / 8;
static_assert(kResetCodeLength * kBitsPerSymbol % 8 == 0, "the code uses whole random bytes");

// The letters the alphabet leaves out are read as the digits they resemble, as Crockford's
// base32 prescribes, so a code copied from a mail in a serif font still works.
char crockford_lookalike(char c) noexcept {
  switch (c) {
    case 'O':
      return '0';
    case 'I':
    case 'L':
      return '1';
    default:
      return c;
  }
}

}  // namespace

std::string generate_refresh_token(RandomSource& random) {
  std::array<std::byte, kRefreshTokenBytes> bytes{};
  random.fill(bytes);
  return base64url::encode(bytes);
}

std::string generate_reset_code(RandomSource& random) {
  std::array<std::byte, kResetCodeBytes> bytes{};
  random.fill(bytes);
  std::uint64_t bits = 0;
  for (const auto byte : bytes) bits = (bits << 8U) | std::to_integer<std::uint64_t>(byte);

  std::string code(kResetCodeLength, '0');
  for (std::size_t i = 0; i < kResetCodeLength; ++i) {
    const auto shift = (kResetCodeLength - 1 - i) * kBitsPerSymbol;
    code[i] = kResetCodeAlphabet[(bits >> shift) & 0x1FU];
  }
  return code;
}

std::optional<std::string> normalize_reset_code(std::string_view typed) {
  auto code = text::to_upper_ascii(text::trim(typed));
  constexpr std::size_t kMiddle = kResetCodeLength / 2;
  if (code.size() == kResetCodeLength + 1 && (code[kMiddle] == '-' || code[kMiddle] == ' ')) {
    code.erase(kMiddle, 1);
  }
  if (code.size() != kResetCodeLength) return std::nullopt;
  for (char& c : code) {
    c = crockford_lookalike(c);
    if (kResetCodeAlphabet.find(c) == std::string_view::npos) return std::nullopt;
  }
  return code;
}

}  // namespace artshop
