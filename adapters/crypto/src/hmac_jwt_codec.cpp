#include "artshop/crypto/hmac_jwt_codec.hpp"

#include <algorithm>
#include <array>
#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <charconv>

#include "artshop/core/codec/base64.hpp"
#include "artshop/crypto/digests.hpp"
#include "artshop/json/members.hpp"

namespace artshop::crypto {

namespace {

constexpr std::string_view kAlgorithm = "HS256";
constexpr std::string_view kType = "JWT";

using std::unexpected;

std::string sign(const JwtKey& key, std::string_view signing_input) {
  return base64url::encode(hmac_sha256(key.secret, signing_input));
}

// The three dot-separated segments, or nullopt when there are not exactly three.
std::optional<std::array<std::string_view, 3>> split_segments(std::string_view token) noexcept {
  std::array<std::string_view, 3> segments;
  for (std::size_t i = 0; i < 2; ++i) {
    const auto dot = token.find('.');
    if (dot == std::string_view::npos) return std::nullopt;
    segments[i] = token.substr(0, dot);
    token.remove_prefix(dot + 1);
  }
  if (token.find('.') != std::string_view::npos) return std::nullopt;
  segments[2] = token;
  return segments;
}

// The segment's JSON object. Boost.JSON refuses malformed UTF-8 and deep nesting; of duplicate
// names it keeps the last, as RFC 7515 section 4 allows a JWS parser to do.
std::optional<boost::json::object> decode_json_segment(std::string_view segment) {
  const auto json = base64url::decode(segment);
  if (!json) return std::nullopt;
  boost::system::error_code error;
  auto value = boost::json::parse(*json, error);
  if (error || !value.is_object()) return std::nullopt;
  return std::move(value.get_object());
}

// A user id as we write it: a positive decimal without sign or leading zeros.
std::optional<UserId> parse_subject(const boost::json::string* text) noexcept {
  if (text == nullptr || text->empty() || text->front() == '0') return std::nullopt;
  std::int64_t value = 0;
  const auto* last = text->data() + text->size();
  const auto [end, error] = std::from_chars(text->data(), last, value);
  if (error != std::errc{} || end != last || value <= 0) return std::nullopt;
  return UserId{value};
}

// Between 1970 and 9999: anything else is no time we issued, and keeping to it means the
// seconds can be turned into finer clock units without overflowing.
bool is_plausible_time(std::int64_t seconds_since_epoch) noexcept {
  constexpr std::int64_t kEndOfYear9999 = 253'402'300'799;
  return seconds_since_epoch >= 0 && seconds_since_epoch <= kEndOfYear9999;
}

bool header_has_only_known_parameters(const boost::json::object& header) {
  // Anything else ("crit", "jku", "x5u", ...) asks for processing this verifier does not do.
  return std::ranges::all_of(header, [](const boost::json::key_value_pair& member) {
    return member.key() == "alg" || member.key() == "typ" || member.key() == "kid";
  });
}

// The claims of a token whose signature holds, checked against what we issue.
std::expected<AccessTokenClaims, TokenError> read_access_claims(
    const boost::json::object& claims, const JwtSettings& settings,
    std::chrono::system_clock::time_point now) {
  const auto* token_use = string_member(claims, "token_use");
  if (token_use == nullptr || *token_use != HmacJwtAccessTokenCodec::kAccessTokenUse) {
    return unexpected(TokenError::WrongTokenType);
  }
  const auto* issuer = string_member(claims, "iss");
  const auto* audience = string_member(claims, "aud");
  const auto subject = parse_subject(string_member(claims, "sub"));
  const auto issued_at = integer_member(claims, "iat");
  const auto expires_at = integer_member(claims, "exp");
  if (issuer == nullptr || audience == nullptr || !subject || !issued_at || !expires_at) {
    return unexpected(TokenError::MissingClaim);
  }
  const auto* session = string_member(claims, "sid");  // optional, but a string when present
  if (session == nullptr && claims.contains("sid")) return unexpected(TokenError::Malformed);
  if (*issuer != settings.issuer) return unexpected(TokenError::WrongIssuer);
  if (*audience != settings.audience) return unexpected(TokenError::WrongAudience);
  if (!is_plausible_time(*issued_at) || !is_plausible_time(*expires_at)) {
    return unexpected(TokenError::Malformed);
  }

  const std::chrono::sys_seconds expiry{std::chrono::seconds{*expires_at}};
  if (expiry <= std::chrono::floor<std::chrono::seconds>(now)) {
    return unexpected(TokenError::Expired);
  }
  return AccessTokenClaims{.subject = *subject,
                           .issued_at = std::chrono::sys_seconds{std::chrono::seconds{*issued_at}},
                           .expires_at = expiry,
                           .session = session != nullptr ? std::string(*session) : std::string()};
}

}  // namespace

HmacJwtAccessTokenCodec::HmacJwtAccessTokenCodec(JwtKeyring keys, JwtSettings settings)
    : keys_(std::move(keys)), settings_(std::move(settings)) {}

std::string HmacJwtAccessTokenCodec::issue(const AccessTokenClaims& claims) const {
  const auto& key = keys_.signing_key();
  const boost::json::object header{{"alg", kAlgorithm}, {"typ", kType}, {"kid", key.kid}};
  boost::json::object payload{{"sub", std::to_string(claims.subject.value)},
                              {"iat", claims.issued_at.time_since_epoch().count()},
                              {"exp", claims.expires_at.time_since_epoch().count()},
                              {"iss", settings_.issuer},
                              {"aud", settings_.audience},
                              {"token_use", kAccessTokenUse}};
  if (!claims.session.empty()) payload.emplace("sid", claims.session);
  auto token = base64url::encode(boost::json::serialize(header)) + '.' +
               base64url::encode(boost::json::serialize(payload));
  return token + '.' + sign(key, token);
}

std::expected<AccessTokenClaims, TokenError> HmacJwtAccessTokenCodec::verify(
    std::string_view token, std::chrono::system_clock::time_point now) const {
  if (token.size() > kMaxTokenLength) return unexpected(TokenError::Malformed);
  const auto segments = split_segments(token);
  if (!segments) return unexpected(TokenError::Malformed);
  const auto [header_segment, payload_segment, signature_segment] = *segments;

  // The header is read before the signature is checked, so it is trusted for nothing but
  // choosing the key: the algorithm is pinned, not taken from it.
  const auto header = decode_json_segment(header_segment);
  if (!header) return unexpected(TokenError::Malformed);
  const auto* algorithm = string_member(*header, "alg");
  if (algorithm == nullptr) return unexpected(TokenError::Malformed);
  if (*algorithm != kAlgorithm) return unexpected(TokenError::UnsupportedAlgorithm);
  if (!header_has_only_known_parameters(*header)) return unexpected(TokenError::Malformed);
  const auto* type = string_member(*header, "typ");
  if (type == nullptr || *type != kType) return unexpected(TokenError::WrongTokenType);
  const auto* kid = string_member(*header, "kid");
  const JwtKey* key = kid != nullptr ? keys_.find(*kid) : nullptr;
  if (key == nullptr) return unexpected(TokenError::UnknownKey);

  const auto signature = base64url::decode(signature_segment);
  const auto expected_signature =
      hmac_sha256(key->secret, token.substr(0, header_segment.size() + 1 + payload_segment.size()));
  const std::string_view expected(reinterpret_cast<const char*>(expected_signature.data()),
                                  expected_signature.size());
  if (!signature || !equal_in_constant_time(*signature, expected)) {
    return unexpected(TokenError::BadSignature);
  }

  const auto claims = decode_json_segment(payload_segment);
  if (!claims) return unexpected(TokenError::Malformed);
  return read_access_claims(*claims, settings_, now);
}

}  // namespace artshop::crypto
