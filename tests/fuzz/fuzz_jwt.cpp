// The access-token verifier. The input is verified twice: as a bearer token exactly as sent,
// and as "<header JSON>\n<claims JSON>" signed with the verifier's own key, which carries the
// input past the signature check into the claims. Nothing may crash; a token that verifies
// must carry claims the shop could have issued, and issuing those claims again must verify to
// the same claims.
#include <chrono>
#include <cstdint>

#include "artshop/core/codec/base64.hpp"
#include "artshop/crypto/digests.hpp"
#include "artshop/crypto/hmac_jwt_codec.hpp"
#include "fuzz/fuzz_input.hpp"

namespace {

using namespace artshop;
using namespace artshop::crypto;

const JwtKey& key() {
  static const JwtKey signing{.kid = "fuzz", .secret = std::vector<std::byte>(32, std::byte{7})};
  return signing;
}

const HmacJwtAccessTokenCodec& codec() {
  static const HmacJwtAccessTokenCodec tokens(JwtKeyring(key()), JwtSettings{});
  return tokens;
}

// 2026-01-01T00:00:00Z: a fixed "now" keeps every run reproducible.
constexpr std::chrono::sys_seconds kNow{std::chrono::seconds{1'767'225'600}};

std::string signed_token(std::string_view header, std::string_view claims) {
  const auto signing_input = base64url::encode(header) + '.' + base64url::encode(claims);
  return signing_input + '.' + base64url::encode(hmac_sha256(key().secret, signing_input));
}

void require_plausible(const std::expected<AccessTokenClaims, TokenError>& claims) {
  if (!claims) return;
  fuzz::require(claims->subject.value > 0, "a verified subject is positive");
  fuzz::require(claims->expires_at > kNow, "a verified token has not expired");
  const auto again = codec().verify(codec().issue(*claims), kNow);
  fuzz::require(again && again->subject == claims->subject &&
                    again->issued_at == claims->issued_at &&
                    again->expires_at == claims->expires_at && again->session == claims->session,
                "re-issued claims verify to the same claims");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto text = fuzz::as_text(data, size);

  require_plausible(codec().verify(text, kNow));

  const auto [header, claims] = fuzz::split_once(text, '\n');
  require_plausible(codec().verify(signed_token(header, claims), kNow));
  return 0;
}
