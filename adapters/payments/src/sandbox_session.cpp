#include "sandbox_session.hpp"

#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>
#include <optional>

#include "artshop/core/codec/base64.hpp"
#include "artshop/core/currency.hpp"
#include "artshop/crypto/digests.hpp"
#include "artshop/json/members.hpp"

namespace artshop::payments {

namespace {

using std::unexpected;

// Far longer than any session we seal; bounds the work a forged token can cause.
constexpr std::size_t kMaxTokenLength = std::size_t{16} * 1024;
constexpr std::string_view kKeyPurpose = "sandbox-session";

std::string mac_of(std::string_view key, std::string_view payload) {
  return base64url::encode(crypto::hmac_sha256(key, payload));
}

std::optional<std::string> string_of(const boost::json::object& object, std::string_view key) {
  const auto* text = string_member(object, key);
  if (text == nullptr) return std::nullopt;
  return std::string(*text);
}

// The payload's fields, all required: a token we sealed always has every one of them.
std::optional<SandboxSession> read_payload(std::string_view json) {
  boost::system::error_code error;
  const boost::json::value value = boost::json::parse(json, error);
  const auto* object = error ? nullptr : value.if_object();
  if (object == nullptr) return std::nullopt;
  auto id = string_of(*object, "sid");
  auto reference = string_of(*object, "ref");
  const auto minor_units = integer_member(*object, "amt");
  const auto currency_code = string_of(*object, "cur");
  auto description = string_of(*object, "desc");
  auto email = string_of(*object, "email");
  auto return_url = string_of(*object, "ret");
  auto cancel_url = string_of(*object, "can");
  const auto expires_at = integer_member(*object, "exp");
  auto browser = string_of(*object, "br");
  if (!id || !reference || !minor_units || !currency_code || !description || !email ||
      !return_url || !cancel_url || !expires_at || !browser) {
    return std::nullopt;
  }
  const auto currency = parse_currency(*currency_code);
  if (!currency) return std::nullopt;
  return SandboxSession{.id = std::move(*id),
                        .reference = std::move(*reference),
                        .amount = Money(*minor_units, *currency),
                        .description = std::move(*description),
                        .customer_email = std::move(*email),
                        .return_url = std::move(*return_url),
                        .cancel_url = std::move(*cancel_url),
                        .expires_at = std::chrono::sys_seconds{std::chrono::seconds{*expires_at}},
                        .browser = std::move(*browser)};
}

}  // namespace

SandboxSessionCodec::SandboxSessionCodec(std::string_view secret) {
  const auto derived = crypto::hmac_sha256(secret, kKeyPurpose);
  key_.assign(reinterpret_cast<const char*>(derived.data()), derived.size());
}

std::string SandboxSessionCodec::seal(const SandboxSession& session) const {
  const boost::json::object payload{
      {"sid", session.id},
      {"ref", session.reference},
      {"amt", session.amount.minor_units()},
      {"cur", code(session.amount.currency())},
      {"desc", session.description},
      {"email", session.customer_email},
      {"ret", session.return_url},
      {"can", session.cancel_url},
      {"exp", session.expires_at.time_since_epoch().count()},
      {"br", session.browser},
  };
  std::string token = base64url::encode(boost::json::serialize(payload));
  const std::string mac = mac_of(key_, token);
  return token.append(".").append(mac);
}

std::expected<SandboxSession, SessionError> SandboxSessionCodec::open(
    std::string_view token, std::chrono::system_clock::time_point now) const {
  if (token.size() > kMaxTokenLength) return unexpected(SessionError::Invalid);
  const auto dot = token.rfind('.');
  if (dot == std::string_view::npos) return unexpected(SessionError::Invalid);
  const std::string_view payload = token.substr(0, dot);
  if (!crypto::equal_in_constant_time(mac_of(key_, payload), token.substr(dot + 1))) {
    return unexpected(SessionError::Invalid);
  }
  const auto json = base64url::decode(payload);
  auto session = json ? read_payload(*json) : std::nullopt;
  if (!session) return unexpected(SessionError::Invalid);
  if (now >= session->expires_at) return unexpected(SessionError::Expired);
  return std::move(*session);
}

}  // namespace artshop::payments
