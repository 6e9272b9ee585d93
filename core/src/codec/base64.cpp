#include "artshop/core/codec/base64.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

namespace artshop {
namespace {

constexpr std::uint8_t kNotInAlphabet = 0xFF;
constexpr char kPad = '=';

struct Alphabet {
  std::string_view symbols;
  std::array<std::uint8_t, 256> values;
};

constexpr Alphabet make_alphabet(std::string_view symbols) {
  Alphabet alphabet{.symbols = symbols, .values = {}};
  alphabet.values.fill(kNotInAlphabet);
  for (std::size_t i = 0; i < symbols.size(); ++i) {
    alphabet.values[static_cast<std::uint8_t>(symbols[i])] = static_cast<std::uint8_t>(i);
  }
  return alphabet;
}

constexpr auto kStandard =
    make_alphabet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/");
constexpr auto kUrlSafe =
    make_alphabet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_");

enum class Padding : bool { Omitted, Written };

std::string encode_with(const Alphabet& alphabet, std::span<const std::byte> bytes,
                        Padding padding) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::size_t count = std::min<std::size_t>(3, bytes.size() - i);
    std::uint32_t group = 0;
    for (std::size_t j = 0; j < 3; ++j) {
      group = (group << 8U) | (j < count ? std::to_integer<std::uint32_t>(bytes[i + j]) : 0U);
    }
    // n bytes fill n + 1 symbols; the rest of the quantum is padding.
    for (std::size_t j = 0; j <= count; ++j) {
      out += alphabet.symbols[(group >> (18U - 6U * j)) & 0x3FU];
    }
    if (padding == Padding::Written) out.append(3 - count, kPad);
  }
  return out;
}

std::optional<std::string> decode_with(const Alphabet& alphabet, std::string_view text) {
  if (text.size() % 4 == 1) return std::nullopt;
  std::string out;
  out.reserve(text.size() * 3 / 4);
  std::uint32_t buffer = 0;
  unsigned bits = 0;
  for (const char c : text) {
    const std::uint8_t value = alphabet.values[static_cast<std::uint8_t>(c)];
    if (value == kNotInAlphabet) return std::nullopt;
    buffer = (buffer << 6U) | value;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((buffer >> bits) & 0xFFU);
    }
  }
  // What is left over are the padding bits of the last character; they must be zero.
  if ((buffer & ((1U << bits) - 1U)) != 0) return std::nullopt;
  return out;
}

std::span<const std::byte> bytes_of(std::string_view text) {
  return std::as_bytes(std::span(text.data(), text.size()));
}

}  // namespace

namespace base64 {

std::string encode(std::span<const std::byte> bytes) {
  return encode_with(kStandard, bytes, Padding::Written);
}

std::string encode(std::string_view bytes) {
  return encode(bytes_of(bytes));
}

std::optional<std::string> decode(std::string_view text) {
  if (text.ends_with(kPad)) {
    if (text.size() % 4 != 0) return std::nullopt;
    text.remove_suffix(text.ends_with("==") ? 2 : 1);
    // A last quantum has two or three symbols: a third pad is no quantum at all.
    if (text.ends_with(kPad)) return std::nullopt;
  }
  return decode_with(kStandard, text);
}

}  // namespace base64

namespace base64url {

std::string encode(std::span<const std::byte> bytes) {
  return encode_with(kUrlSafe, bytes, Padding::Omitted);
}

std::string encode(std::string_view bytes) {
  return encode(bytes_of(bytes));
}

std::optional<std::string> decode(std::string_view text) {
  return decode_with(kUrlSafe, text);
}

}  // namespace base64url
}  // namespace artshop
