#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/accounts/profile_forms.hpp"
#include "artshop/core/orders/checkout.hpp"
#include "artshop/core/orders/order.hpp"
#include "artshop/http/json.hpp"

// Reading the payloads of orders and deposits, shared by their handlers.
namespace artshop::http::handlers {

// The payer part of an order or a deposit payload: names, billing address, agreedToPP_TOS and
// the browser details for 3-D Secure (acceptLanguage and userAgent default to the request's
// own headers).
struct PayerFields {
  ProfileForm names;
  BillingForm billing;
  bool agreed_to_terms = false;
  BrowserInfo browser;
};
PayerFields read_payer(JsonFields& fields, const Request& request);

// An amount in major units of `currency` (the payload's currency code) as minor units,
// exactly: a JSON integer, a decimal string ("25", "25.50") or a JSON number, which is
// formatted to its shortest decimal text and parsed like a string, so 25.5 is 2550 cents and
// 25.555 is refused. Absent or null reads as 0. A malformed amount, one with more decimals
// than the currency has, or one too large adds an error under `field`. An unknown currency
// reads as 0 too: the use case reports the currency.
std::int64_t read_amount(const boost::json::object& body, std::string_view field,
                         std::string_view currency, ValidationErrors& errors);

// The numeric `{name}` path parameter; nullopt when it is not a positive integer.
std::optional<std::int64_t> path_id(const Request& request, std::string_view name);

// The return and cancel URLs of a payment: `<public_url><page>?<query>`, and the same with
// `&cancelled=1`.
ReturnUrls return_urls(std::string_view public_url, std::string_view page, std::string_view query);

// Reads the JSON object body and its fields, then calls `work` with them; a body that is not
// a JSON object, or fields of the wrong type, are answered before the use case's answer.
template <class Work>
Response with_json_fields(const Request& request, Work&& work) {
  auto body = read_json_object(request);
  if (!body) return std::move(body.error());
  JsonFields fields(*body);
  ValidationErrors extra;
  auto response = work(*body, fields, extra);
  if (!fields.errors().empty() || !extra.empty()) {
    auto errors = fields.errors();
    errors.merge(extra);
    return error_response(Error::validation(std::move(errors)), request.request_id);
  }
  return response;
}

}  // namespace artshop::http::handlers
