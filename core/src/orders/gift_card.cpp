#include "artshop/core/orders/gift_card.hpp"

#include <array>
#include <cstdint>

namespace artshop {
namespace {

constexpr std::size_t kBitsPerSymbol = 5;
constexpr std::size_t kNumberBytes = kGiftCardNumberLength * kBitsPerSymbol / 8;
static_assert(kCrockfordAlphabet.size() == 1U << kBitsPerSymbol);
static_assert(kNumberBytes == 10, "80 random bits");
constexpr std::size_t kGroup = 4;

}  // namespace

std::string generate_gift_card_number(RandomSource& random) {
  std::array<std::byte, kNumberBytes> bytes{};
  random.fill(bytes);
  // 80 bits do not fit one integer: take them as two halves of 40 bits (8 symbols each).
  std::string number;
  number.reserve(kGiftCardNumberLength);
  for (std::size_t half = 0; half < 2; ++half) {
    std::uint64_t bits = 0;
    for (std::size_t i = 0; i < kNumberBytes / 2; ++i) {
      bits = (bits << 8U) | std::to_integer<std::uint64_t>(bytes[half * kNumberBytes / 2 + i]);
    }
    for (std::size_t i = 0; i < kGiftCardNumberLength / 2; ++i) {
      const auto shift = (kGiftCardNumberLength / 2 - 1 - i) * kBitsPerSymbol;
      number += kCrockfordAlphabet[(bits >> shift) & 0x1FU];
    }
  }
  return number;
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
  for (char c : typed) {
    if (c == '-' || c == ' ' || c == '\t') continue;
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (c == 'O') c = '0';
    if (c == 'I' || c == 'L') c = '1';
    if (kCrockfordAlphabet.find(c) == std::string_view::npos) return std::nullopt;
    number += c;
    if (number.size() > kGiftCardNumberLength) return std::nullopt;
  }
  if (number.size() != kGiftCardNumberLength) return std::nullopt;
  return number;
}

}  // namespace artshop
