#include "artshop/core/orders/gift_card.hpp"

#include <array>

#include "artshop/core/codec/base32.hpp"

namespace artshop {
namespace {

constexpr std::size_t kBitsPerSymbol = 5;
constexpr std::size_t kNumberBytes = kGiftCardNumberLength * kBitsPerSymbol / 8;
static_assert(kNumberBytes == 10, "80 random bits");
constexpr std::size_t kGroup = 4;

}  // namespace

std::string generate_gift_card_number(RandomSource& random) {
  std::array<std::byte, kNumberBytes> bytes{};
  random.fill(bytes);
  return base32::encode(bytes, base32::kCrockfordAlphabet);
}

std::string group_gift_card_number(std::string_view number) {
  std::string grouped;
  for (std::size_t i = 0; i < number.size(); ++i) {
    if (i > 0 && i % kGroup == 0) grouped += '-';
    grouped += number[i];
  }
  return grouped;
}

std::optional<std::string> normalize_gift_card_number(std::string_view typed) {
  std::string number;
  for (const char c : typed) {
    if (c == '-' || c == ' ' || c == '\t') continue;
    const auto symbol = base32::read_crockford_symbol(c);
    if (!symbol) return std::nullopt;
    number += *symbol;
    if (number.size() > kGiftCardNumberLength) return std::nullopt;
  }
  if (number.size() != kGiftCardNumberLength) return std::nullopt;
  return number;
}

}  // namespace artshop
