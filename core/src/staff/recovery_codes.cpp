#include "artshop/core/staff/recovery_codes.hpp"

#include <array>

#include "artshop/core/codec/base32.hpp"

namespace artshop {
namespace {

constexpr std::size_t kHalf = kRecoveryCodeSymbols / 2;

std::string with_dash(std::string symbols) {
  symbols.insert(kHalf, 1, '-');
  return symbols;
}

}  // namespace

std::vector<std::string> make_recovery_codes(RandomSource& random, std::size_t count) {
  std::vector<std::string> codes;
  codes.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    // 7 bytes give 56 bits; the first 50 make the code's ten symbols.
    std::array<std::byte, 7> bytes{};
    random.fill(bytes);
    auto symbols = base32::encode(bytes, base32::kCrockfordAlphabet);
    symbols.resize(kRecoveryCodeSymbols);
    codes.push_back(with_dash(std::move(symbols)));
  }
  return codes;
}

std::optional<std::string> normalise_recovery_code(std::string_view typed) {
  std::string symbols;
  for (const char c : typed) {
    if (c == ' ' || c == '-') continue;
    const auto symbol = base32::read_crockford_symbol(c);
    if (!symbol || symbols.size() == kRecoveryCodeSymbols) return std::nullopt;
    symbols += *symbol;
  }
  if (symbols.size() != kRecoveryCodeSymbols) return std::nullopt;
  return with_dash(std::move(symbols));
}

}  // namespace artshop
