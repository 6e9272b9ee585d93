#include "artshop/core/accounts/base64url.hpp"

#include <array>
#include <cstdint>

namespace artshop::base64url {

namespace {

constexpr std::string_view kAlphabet =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
constexpr std::uint8_t kNotInAlphabet = 0xFF;

constexpr std::array<std::uint8_t, 256> make_decoding_table() {
  std::array<std::uint8_t, 256> table{};
  table.fill(kNotInAlphabet);
  for (std::size_t i = 0; i < kAlphabet.size(); ++i) {
    table[static_cast<std::uint8_t>(kAlphabet[i])] = static_cast<std::uint8_t>(i);
  }
  return table;
}
constexpr auto kDecodingTable = make_decoding_table();

template <class Byte>
std::string encode_bytes(std::span<const Byte> bytes) {
  std::string out;
  out.reserve((bytes.size() * 4 + 2) / 3);
  std::size_t i = 0;
  const auto at = [&](std::size_t k) {
    return static_cast<std::uint32_t>(static_cast<std::uint8_t>(bytes[k]));
  };
  for (; i + 3 <= bytes.size(); i += 3) {
    const std::uint32_t group = (at(i) << 16U) | (at(i + 1) << 8U) | at(i + 2);
    out += kAlphabet[(group >> 18U) & 0x3FU];
    out += kAlphabet[(group >> 12U) & 0x3FU];
    out += kAlphabet[(group >> 6U) & 0x3FU];
    out += kAlphabet[group & 0x3FU];
  }
  const std::size_t rest = bytes.size() - i;
  if (rest == 1) {
    const std::uint32_t group = at(i) << 16U;
    out += kAlphabet[(group >> 18U) & 0x3FU];
    out += kAlphabet[(group >> 12U) & 0x3FU];
  } else if (rest == 2) {
    const std::uint32_t group = (at(i) << 16U) | (at(i + 1) << 8U);
    out += kAlphabet[(group >> 18U) & 0x3FU];
    out += kAlphabet[(group >> 12U) & 0x3FU];
    out += kAlphabet[(group >> 6U) & 0x3FU];
  }
  return out;
}

}  // namespace

std::string encode(std::span<const std::byte> bytes) {
  return encode_bytes(bytes);
}

std::string encode(std::string_view bytes) {
  return encode_bytes(std::span<const char>(bytes.data(), bytes.size()));
}

std::optional<std::string> decode(std::string_view text) {
  if (text.size() % 4 == 1) return std::nullopt;
  std::string out;
  out.reserve(text.size() * 3 / 4);
  std::uint32_t buffer = 0;
  unsigned bits = 0;
  for (const char c : text) {
    const std::uint8_t value = kDecodingTable[static_cast<std::uint8_t>(c)];
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

}  // namespace artshop::base64url
