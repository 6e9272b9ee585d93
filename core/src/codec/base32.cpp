#include "artshop/core/codec/base32.hpp"

#include <cstdint>

namespace artshop::base32 {

namespace {
constexpr unsigned kBitsPerSymbol = 5;
constexpr unsigned kSymbolMask = 0x1FU;
}  // namespace

std::string encode(std::span<const std::byte> bytes, std::string_view alphabet) {
  std::string out;
  out.reserve((bytes.size() * 8 + kBitsPerSymbol - 1) / kBitsPerSymbol);
  std::uint32_t buffer = 0;
  unsigned bits = 0;
  for (const auto byte : bytes) {
    buffer = (buffer << 8U) | std::to_integer<std::uint32_t>(byte);
    bits += 8;
    while (bits >= kBitsPerSymbol) {
      bits -= kBitsPerSymbol;
      out += alphabet[(buffer >> bits) & kSymbolMask];
    }
  }
  if (bits > 0) out += alphabet[(buffer << (kBitsPerSymbol - bits)) & kSymbolMask];
  return out;
}

std::optional<char> read_crockford_symbol(char typed) noexcept {
  char c = typed >= 'a' && typed <= 'z' ? static_cast<char>(typed - 'a' + 'A') : typed;
  if (c == 'O') c = '0';
  if (c == 'I' || c == 'L') c = '1';
  if (kCrockfordAlphabet.find(c) == std::string_view::npos) return std::nullopt;
  return c;
}

}  // namespace artshop::base32
