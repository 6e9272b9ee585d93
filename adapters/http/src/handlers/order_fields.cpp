#include "handlers/order_fields.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <boost/json/serialize.hpp>
#include <boost/json/value.hpp>

namespace artshop::http::handlers {
namespace {

// Screen sizes and time-zone offsets are small: a wild number is clamped here, so that it fits
// an int, and refused by the use case's bounds.
constexpr std::int64_t kBrowserNumberLimit = 100'000;

int small_int(std::int64_t value) {
  return static_cast<int>(std::clamp(value, -kBrowserNumberLimit, kBrowserNumberLimit));
}

// The payload's value, or else the request's header. A header past the limit is left out
// rather than refused: the customer cannot change what their browser sends, and the payment
// provider does without it.
std::string payload_or_header(JsonFields& fields, std::string_view field, const Request& request,
                              std::string_view header, std::size_t max_length) {
  if (auto value = fields.optional_string(field)) return std::move(*value);
  const auto sent = request.header(header).value_or("");
  return sent.size() <= max_length ? std::string(sent) : std::string();
}

}  // namespace

PayerFields read_payer(JsonFields& fields, const Request& request) {
  PayerFields payer;
  payer.names = {.first_name = fields.string("firstName"), .last_name = fields.string("lastName")};
  payer.billing = {.country = fields.string("country"),
                   .state = fields.string("state"),
                   .city = fields.string("city"),
                   .address1 = fields.string("address1"),
                   .zip_code = fields.string("zipCode")};
  payer.agreed_to_terms = fields.boolean("agreedToPP_TOS");
  auto& browser = payer.browser;
  browser.javascript_enabled = fields.optional_boolean("javascriptEnabled").value_or(true);
  browser.accept_language = payload_or_header(fields, "acceptLanguage", request, "Accept-Language",
                                              kMaxAcceptLanguageLength);
  browser.screen_width = small_int(fields.int64("screenWidth"));
  browser.screen_height = small_int(fields.int64("screenHeight"));
  browser.time_zone_offset = small_int(fields.int64("timeZoneOffset"));
  browser.user_agent =
      payload_or_header(fields, "userAgent", request, "User-Agent", kMaxUserAgentLength);
  return payer;
}

std::optional<std::string> amount_text(const boost::json::object& body, std::string_view field) {
  const auto* value = find_property(body, field);
  if (value == nullptr || value->is_null()) return std::nullopt;
  if (const auto* integer = value->if_int64()) return std::to_string(*integer);
  if (const auto* unsigned_integer = value->if_uint64()) return std::to_string(*unsigned_integer);
  // The shortest text that reads back as the same double: what the client wrote (25.5 ->
  // "25.5"). Exponent forms ("1e+21") are refused by the use case.
  if (const auto* number = value->if_double()) return fmt::format("{}", *number);
  if (const auto* text = value->if_string()) return std::string(*text);
  return boost::json::serialize(*value);
}

ReturnUrls return_urls(std::string_view public_url, std::string_view page, std::string_view query) {
  const auto success = fmt::format("{}{}?{}", public_url, page, query);
  return {.success = success, .cancel = success + "&cancelled=1"};
}

}  // namespace artshop::http::handlers
