#include "artshop/payments/webhook_signature.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cstdint>
#include <optional>
#include <vector>

#include "artshop/crypto/digests.hpp"
#include "artshop/crypto/hex.hpp"

namespace artshop::payments {

namespace {

// A header longer than this is no header we would send; bounds the work an attacker can ask.
constexpr std::size_t kMaxHeaderLength = 4096;
// Between 1970 and 9999, so that the arithmetic below cannot overflow.
constexpr std::int64_t kLatestTimestamp = 253'402'300'799;

std::string expected_signature(std::string_view secret, std::string_view body,
                               std::string_view timestamp) {
  std::string signed_payload;
  signed_payload.reserve(timestamp.size() + 1 + body.size());
  signed_payload.append(timestamp).append(".").append(body);
  return crypto::to_hex(crypto::hmac_sha256(secret, signed_payload));
}

struct ParsedHeader {
  std::int64_t timestamp = 0;
  std::string_view timestamp_text;
  std::vector<std::string_view> signatures;  // the v1 values; other schemes are ignored
};

std::optional<std::int64_t> parse_timestamp(std::string_view text) noexcept {
  std::int64_t value = 0;
  const auto* last = text.data() + text.size();
  const auto [end, error] = std::from_chars(text.data(), last, value);
  if (text.empty() || error != std::errc{} || end != last || value < 0 ||
      value > kLatestTimestamp) {
    return std::nullopt;
  }
  return value;
}

// "t=<seconds>,v1=<hex>[,v1=<hex>...][,v0=...]": exactly one t and at least one v1.
std::optional<ParsedHeader> parse_header(std::string_view header) {
  if (header.size() > kMaxHeaderLength) return std::nullopt;
  ParsedHeader parsed;
  bool has_timestamp = false;
  while (!header.empty()) {
    const auto comma = header.find(',');
    const std::string_view item = header.substr(0, comma);
    header = comma == std::string_view::npos ? std::string_view{} : header.substr(comma + 1);
    const auto equals = item.find('=');
    if (equals == std::string_view::npos) return std::nullopt;
    const std::string_view key = item.substr(0, equals);
    const std::string_view value = item.substr(equals + 1);
    if (key == "t") {
      const auto timestamp = parse_timestamp(value);
      if (has_timestamp || !timestamp) return std::nullopt;
      has_timestamp = true;
      parsed.timestamp = *timestamp;
      parsed.timestamp_text = value;
    } else if (key == "v1") {
      parsed.signatures.push_back(value);
    }
  }
  if (!has_timestamp || parsed.signatures.empty()) return std::nullopt;
  return parsed;
}

}  // namespace

std::string sign_webhook(std::string_view secret, std::string_view body,
                         std::chrono::sys_seconds at) {
  const std::string timestamp = std::to_string(at.time_since_epoch().count());
  return fmt::format("t={},v1={}", timestamp, expected_signature(secret, body, timestamp));
}

bool verify_webhook_signature(std::string_view secret, std::string_view body,
                              std::string_view header, std::chrono::system_clock::time_point now,
                              std::chrono::seconds tolerance) {
  if (secret.empty()) return false;  // anyone could forge a MAC under an empty key
  const auto parsed = parse_header(header);
  if (!parsed) return false;
  const auto signed_at = std::chrono::sys_seconds{std::chrono::seconds{parsed->timestamp}};
  const auto drift = std::chrono::abs(std::chrono::floor<std::chrono::seconds>(now) - signed_at);
  if (drift > tolerance) return false;

  const std::string expected = expected_signature(secret, body, parsed->timestamp_text);
  bool matched = false;
  // Every candidate is compared, so the position of a match does not show in the timing.
  for (const std::string_view candidate : parsed->signatures) {
    matched = crypto::equal_in_constant_time(expected, candidate) || matched;
  }
  return matched;
}

}  // namespace artshop::payments
