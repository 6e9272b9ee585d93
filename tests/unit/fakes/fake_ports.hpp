#pragma once

#include <gmock/gmock.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/mailer.hpp"
#include "artshop/core/ports/message_authenticator.hpp"
#include "artshop/core/ports/random_source.hpp"
#include "artshop/core/ports/text_normaliser.hpp"

namespace artshop::fakes {

class FixedClock final : public Clock {
 public:
  std::chrono::system_clock::time_point now() const override { return time; }
  void advance(std::chrono::seconds by) { time += by; }
  std::chrono::system_clock::time_point time{std::chrono::seconds(1'800'000'000)};
};

// A keyed mix standing in for HMAC: what matters here is that the same key and message give the
// same bytes, and another key others (the codes themselves are checked against the RFCs'
// vectors in staff_totp_test.cpp and through OpenSSL).
class ToyMac final : public MessageAuthenticator {
 public:
  std::vector<std::byte> mac(MacAlgorithm, std::span<const std::byte> key,
                             std::span<const std::byte> message) const override {
    std::uint64_t h = 1469598103934665603ULL;
    const auto mix = [&](std::byte b) {
      h = (h ^ std::to_integer<std::uint64_t>(b)) * 1099511628211ULL;
    };
    for (const auto b : key) mix(b);
    for (const auto b : message) mix(b);
    std::vector<std::byte> out(20);
    for (auto& b : out) {
      mix(std::byte{0x5c});
      b = static_cast<std::byte>(h >> 32U);
    }
    return out;
  }
};

// Counts upwards, so every token differs and a test run is repeatable.
class CountingRandom final : public RandomSource {
 public:
  void fill(std::span<std::byte> out) override {
    for (auto& byte : out) byte = static_cast<std::byte>(next_++);
  }

 private:
  std::uint8_t next_ = 1;
};

// "hash(<password>)" so tests can read what was stored; needs_rehash for the old marker.
class PlainHasher final : public PasswordHasher {
 public:
  std::string hash(std::string_view password) const override {
    return "hash(" + std::string(password) + ")";
  }
  bool verify(std::string_view password, std::string_view stored) const override {
    return stored == hash(password);
  }
  bool needs_rehash(std::string_view stored) const override { return !stored.starts_with("hash("); }
};

// Unicode's rules for the handful of characters the tests use, so that core's use of the port
// shows without ICU: "A"/"a" + U+0308 compose to "Ä"/"ä", full-width "Ａ" and the ligature "ﬁ"
// are compatibility forms of "A" and "fi", "Ä" folds to "ä" and "ß" to "ss".
class TinyTextNormaliser final : public TextNormaliser {
 public:
  std::string nfc(std::string_view text) const override {
    return replaced(text, {{"A\u0308", "\u00C4"}, {"a\u0308", "\u00E4"}});
  }
  std::string nfkc(std::string_view text) const override {
    return replaced(nfc(text), {{"\uFF21", "A"}, {"\uFB01", "fi"}});
  }
  std::string casefold(std::string_view text) const override {
    auto folded = replaced(text, {{"\u00C4", "\u00E4"}, {"\u00DF", "ss"}});
    for (auto& c : folded) {
      if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    }
    return folded;
  }

 private:
  static std::string replaced(std::string_view text,
                              const std::vector<std::pair<std::string, std::string>>& table) {
    std::string out(text);
    for (const auto& [from, to] : table) {
      for (auto at = out.find(from); at != std::string::npos; at = out.find(from, at + to.size())) {
        out.replace(at, from.size(), to);
      }
    }
    return out;
  }
};

class MockPasswordHasher : public PasswordHasher {
 public:
  MOCK_METHOD(std::string, hash, (std::string_view), (const, override));
  MOCK_METHOD(bool, verify, (std::string_view, std::string_view), (const, override));
  MOCK_METHOD(bool, needs_rehash, (std::string_view), (const, override));
};

class PlainDigests final : public TokenHasher {
 public:
  std::string digest(std::string_view token) const override {
    return "digest(" + std::string(token) + ")";
  }
};

// "sealed-for(<rotated token>):<successor>", opened only with the same rotated token.
class PlainSuccessorSealer final : public RefreshSuccessorSealer {
 public:
  std::string seal(std::string_view successor, std::string_view rotated_token) const override {
    return prefix(rotated_token) + std::string(successor);
  }
  std::optional<std::string> open(std::string_view sealed,
                                  std::string_view rotated_token) const override {
    if (!sealed.starts_with(prefix(rotated_token))) return std::nullopt;
    return std::string(sealed.substr(prefix(rotated_token).size()));
  }

 private:
  static std::string prefix(std::string_view rotated_token) {
    return "sealed-for(" + std::string(rotated_token) + "):";
  }
};

// "access:<user>:<session>:<exp>" tokens, verified by reading them back.
class PlainTokens final : public AccessTokenCodec {
 public:
  std::string issue(const AccessTokenClaims& claims) const override {
    return "access:" + std::to_string(claims.subject.value) + ":" + claims.session + ":" +
           std::to_string(claims.expires_at.time_since_epoch().count());
  }
  std::expected<AccessTokenClaims, TokenError> verify(
      std::string_view token, std::chrono::system_clock::time_point now) const override {
    if (!token.starts_with("access:")) return std::unexpected(TokenError::Malformed);
    const std::string text(token.substr(7));
    const auto first = text.find(':');
    const auto last = text.rfind(':');
    const std::chrono::sys_seconds expires{std::chrono::seconds(std::stoll(text.substr(last + 1)))};
    if (expires <= now) return std::unexpected(TokenError::Expired);
    return AccessTokenClaims{.subject = UserId{std::stoll(text.substr(0, first))},
                             .issued_at = expires - kAccessTokenLifetime,
                             .expires_at = expires,
                             .session = text.substr(first + 1, last - first - 1)};
  }
};

class MockMailer : public Mailer {
 public:
  MOCK_METHOD(void, send, (const EmailMessage&), (override));
};

}  // namespace artshop::fakes
