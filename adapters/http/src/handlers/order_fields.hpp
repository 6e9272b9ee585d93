#pragma once

#include <boost/json/object.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/accounts/profile_forms.hpp"
#include "artshop/core/orders/order.hpp"
#include "artshop/core/orders/place_order.hpp"
#include "artshop/core/orders/return_urls.hpp"
#include "artshop/http/json.hpp"
#include "handlers/request_fields.hpp"

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

// An amount as the client wrote it, for the use case to read exactly: a JSON integer, a
// decimal string ("25", "25.50") or a JSON number, which is formatted to its shortest decimal
// text, so 25.5 is "25.5" and never passes through binary floating point arithmetic. Absent or
// null is nullopt; any other JSON is its own text, which the use case refuses as malformed.
std::optional<std::string> amount_text(const boost::json::object& body, std::string_view field);

// The return and cancel URLs of a payment: `<public_url><page>?<query>`, and the same with
// `&cancelled=1`.
ReturnUrls return_urls(std::string_view public_url, std::string_view page, std::string_view query);

}  // namespace artshop::http::handlers
