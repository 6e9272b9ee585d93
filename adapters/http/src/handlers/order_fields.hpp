#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

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

// An amount as the client wrote it, for the use case to read exactly: a JSON integer, a
// decimal string ("25", "25.50") or a JSON number, which is formatted to its shortest decimal
// text, so 25.5 is "25.5" and never passes through binary floating point arithmetic. Absent or
// null is nullopt; any other JSON is its own text, which the use case refuses as malformed.
std::optional<std::string> amount_text(const boost::json::object& body, std::string_view field);

// The numeric `{name}` path parameter; nullopt when it is not a positive integer.
std::optional<std::int64_t> path_id(const Request& request, std::string_view name);

// The return and cancel URLs of a payment: `<public_url><page>?<query>`, and the same with
// `&cancelled=1`.
ReturnUrls return_urls(std::string_view public_url, std::string_view page, std::string_view query);

// The 400 answer to fields of the wrong type (those `fields` noted and `extra`), or nullopt
// when there are none: the one early return of a handler that read a payload.
std::optional<Response> field_errors(const Request& request, const JsonFields& fields,
                                     ValidationErrors extra = {});

// Reads the JSON object body and its fields, then calls `work` with them; a body that is not
// a JSON object, or fields of the wrong type, are answered before the use case's answer.
template <class Work>
Response with_json_fields(const Request& request, Work&& work) {
  auto body = read_json_object(request);
  if (!body) return std::move(body.error());
  JsonFields fields(*body);
  ValidationErrors extra;
  auto response = work(*body, fields, extra);
  if (auto refused = field_errors(request, fields, std::move(extra))) return std::move(*refused);
  return response;
}

// Reads a command from the JSON object body with `read(body, fields, errors)` and answers
// `call(command)`; a body that is not a JSON object, or fields of the wrong type, are answered
// 400 and the use case is not called.
template <class Read, class Call>
Response read_then_call(const Request& request, Read&& read, Call&& call) {
  auto body = read_json_object(request);
  if (!body) return std::move(body.error());
  JsonFields fields(*body);
  ValidationErrors extra;
  auto command = read(std::as_const(*body), fields, extra);
  if (auto refused = field_errors(request, fields, std::move(extra))) return std::move(*refused);
  return call(std::move(command));
}

}  // namespace artshop::http::handlers
