#include "artshop/core/staff/totp.hpp"

#include <fmt/format.h>

#include <array>
#include <stdexcept>

#include "artshop/core/codec/base32.hpp"
#include "artshop/core/text.hpp"

namespace artshop {
namespace {

constexpr std::array<std::uint32_t, 9> kPowersOfTen{1,      10,      100,      1000,     10000,
                                                    100000, 1000000, 10000000, 100000000};

std::string_view name_of(MacAlgorithm algorithm) noexcept {
  switch (algorithm) {
    case MacAlgorithm::Sha1:
      return "SHA1";
    case MacAlgorithm::Sha256:
      return "SHA256";
    case MacAlgorithm::Sha512:
      return "SHA512";
  }
  return "SHA1";
}

// The typed digits without the spaces apps show in the middle ("123 456"); empty when
// anything else is there or the count is wrong.
std::string digits_of(std::string_view typed, int digits) {
  std::string out;
  for (const char c : typed) {
    if (c == ' ') continue;
    if (c < '0' || c > '9') return {};
    out += c;
  }
  return out.size() == static_cast<std::size_t>(digits) ? out : std::string{};
}

}  // namespace

bool equal_without_early_exit(std::string_view a, std::string_view b) noexcept {
  if (a.size() != b.size()) return false;
  unsigned difference = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    difference |= static_cast<unsigned>(a[i] ^ b[i]);
  }
  return difference == 0;
}

std::uint64_t totp_step_at(std::chrono::sys_seconds time, std::chrono::seconds period) noexcept {
  const auto since_epoch = time.time_since_epoch().count();
  if (since_epoch <= 0 || period.count() <= 0) return 0;
  return static_cast<std::uint64_t>(since_epoch) / static_cast<std::uint64_t>(period.count());
}

std::string hotp_code(const MessageAuthenticator& authenticator, std::span<const std::byte> secret,
                      std::uint64_t counter, MacAlgorithm algorithm, int digits) {
  if (digits < 6 || digits > 8) throw std::invalid_argument("a one-time code has 6 to 8 digits");
  std::array<std::byte, 8> message{};
  for (std::size_t i = 0; i < message.size(); ++i) {
    message[message.size() - 1 - i] = static_cast<std::byte>((counter >> (8 * i)) & 0xFFU);
  }
  const auto mac = authenticator.mac(algorithm, secret, message);
  if (mac.size() < 20) throw std::logic_error("the MAC is shorter than any HMAC");
  // Dynamic truncation (RFC 4226 section 5.3): the last byte's low nibble picks where 31 bits
  // are read from.
  const auto offset = std::to_integer<std::size_t>(mac.back() & std::byte{0x0F});
  const std::uint32_t binary =
      (std::to_integer<std::uint32_t>(mac[offset] & std::byte{0x7F}) << 24U) |
      (std::to_integer<std::uint32_t>(mac[offset + 1]) << 16U) |
      (std::to_integer<std::uint32_t>(mac[offset + 2]) << 8U) |
      std::to_integer<std::uint32_t>(mac[offset + 3]);
  const auto index = static_cast<std::size_t>(digits);
  return fmt::format("{:0{}}", binary % kPowersOfTen.at(index), digits);
}

std::string totp_code(const MessageAuthenticator& authenticator, std::span<const std::byte> secret,
                      std::chrono::sys_seconds time, const TotpSettings& settings) {
  return hotp_code(authenticator, secret, totp_step_at(time, settings.period), settings.algorithm,
                   settings.digits);
}

std::string_view describe(TotpRefusal refusal) noexcept {
  switch (refusal) {
    case TotpRefusal::Malformed:
      return "the code is not the digits an authenticator app shows";
    case TotpRefusal::NoMatch:
      return "the code is wrong or has expired";
    case TotpRefusal::AlreadyUsed:
      return "the code has already been used";
  }
  return "the code was refused";
}

std::expected<std::uint64_t, TotpRefusal> match_totp(const MessageAuthenticator& authenticator,
                                                     std::span<const std::byte> secret,
                                                     std::string_view typed,
                                                     std::chrono::sys_seconds now,
                                                     std::optional<std::uint64_t> last_used_step,
                                                     const TotpSettings& settings) {
  const auto code = digits_of(typed, settings.digits);
  if (code.empty()) return std::unexpected(TotpRefusal::Malformed);
  const auto present = totp_step_at(now, settings.period);
  const auto tolerance =
      static_cast<std::uint64_t>(settings.tolerance < 0 ? 0 : settings.tolerance);
  const auto earliest = present < tolerance ? 0 : present - tolerance;
  std::optional<std::uint64_t> fresh;
  bool replayed = false;
  for (auto step = earliest; step <= present + tolerance; ++step) {
    const bool matched = equal_without_early_exit(
        code, hotp_code(authenticator, secret, step, settings.algorithm, settings.digits));
    if (!matched) continue;
    if (last_used_step && step <= *last_used_step) {
      replayed = true;
    } else if (!fresh) {
      fresh = step;
    }
  }
  if (fresh) return *fresh;
  return std::unexpected(replayed ? TotpRefusal::AlreadyUsed : TotpRefusal::NoMatch);
}

std::string otpauth_uri(std::string_view issuer, std::string_view account,
                        std::span<const std::byte> secret, const TotpSettings& settings) {
  const auto encoded_issuer = text::percent_encode(issuer);
  return fmt::format("otpauth://totp/{}:{}?secret={}&issuer={}&algorithm={}&digits={}&period={}",
                     encoded_issuer, text::percent_encode(account), base32::encode(secret),
                     encoded_issuer, name_of(settings.algorithm), settings.digits,
                     settings.period.count());
}

}  // namespace artshop
