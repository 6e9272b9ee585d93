// The JSON request mapping: a request body read the way the handlers read it. The body is
// parsed as an object, every field a handler asks for is read with JsonFields, the payer and
// amounts of orders and deposits are read with the shared order field readers, the cart's
// nested objects too, and the account and billing forms are validated; the answer for the
// collected errors is rendered. Nothing may crash, and a field read with the wrong type must
// show up as an error under that field's name.
#include <array>
#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>
#include <cstdint>
#include <string_view>

#include "artshop/core/accounts/account_forms.hpp"
#include "artshop/core/accounts/profile_forms.hpp"
#include "artshop/core/accounts/shipped_common_passwords.hpp"
#include "artshop/http/json.hpp"
#include "artshop/unicode/icu_text_normaliser.hpp"
#include "fuzz/fuzz_input.hpp"
#include "handlers/order_fields.hpp"

namespace {

using namespace artshop;
using namespace artshop::http;

constexpr auto kStringFields = std::to_array<std::string_view>(
    {"email",    "password",    "repeatedPassword",  "currentPassword", "code",
     "name",     "description", "supportTicketType", "refreshToken",    "giftCardNumber",
     "currency", "firstName",   "lastName",          "country",         "state",
     "city",     "address1",    "zipCode",           "acceptLanguage",  "userAgent"});
constexpr auto kBooleanFields = std::to_array<std::string_view>(
    {"agreedToPrivacyPolicy", "agreedToPP_TOS", "payByBalance", "javascriptEnabled"});
constexpr auto kIntegerFields = std::to_array<std::string_view>(
    {"screenWidth", "screenHeight", "timeZoneOffset", "offerId", "offerAttributeId"});
constexpr auto kAmountFields = std::to_array<std::string_view>({"giftCardAmount", "depositAmount"});

const CommonPasswords& common_passwords() {
  static const auto passwords = CommonPasswords::parse(shipped_common_passwords_text());
  return passwords;
}

// The shop's own normaliser: e-mails of any text reach ICU as they would in the shop.
const TextNormaliser& text() {
  static const unicode::IcuTextNormaliser normaliser;
  return normaliser;
}

// A present, non-null value of another type than asked for must be reported under its name.
void require_type_errors_reported(const boost::json::object& body, const JsonFields& fields) {
  for (const auto name : kStringFields) {
    const auto* value = find_property(body, name);
    if (value != nullptr && !value->is_null() && !value->is_string()) {
      fuzz::require(fields.errors().has(name), "a non-string field is reported");
    }
  }
  for (const auto name : kBooleanFields) {
    const auto* value = find_property(body, name);
    if (value != nullptr && !value->is_null() && !value->is_bool()) {
      fuzz::require(fields.errors().has(name), "a non-boolean field is reported");
    }
  }
}

void read_cart(const boost::json::object& body, ValidationErrors& errors) {
  const auto* items = find_property(body, "cartItems");
  if (items == nullptr || !items->is_array()) return;
  for (const auto& item : items->as_array()) {
    const auto* object = item.if_object();
    if (object == nullptr) continue;
    JsonFields line(*object);
    line.optional_int64("offerId");
    line.optional_int64("offerAttributeId");
    errors.merge(line.errors());
  }
}

void validate_forms(JsonFields& fields, handlers::PayerFields payer) {
  (void)validate_registration({.email = fields.string("email"),
                               .password = fields.string("password"),
                               .repeated_password = fields.string("repeatedPassword"),
                               .agreed_to_privacy_policy = fields.boolean("agreedToPrivacyPolicy")},
                              common_passwords(), text());
  (void)validate_login({.email = fields.string("email"), .password = fields.string("password")},
                       text());
  (void)validate_password_reset({.email = fields.string("email"),
                                 .password = fields.string("password"),
                                 .repeated_password = fields.string("repeatedPassword"),
                                 .code = fields.string("code")},
                                common_passwords(), text());
  (void)validate_password_change({.current_password = fields.string("currentPassword"),
                                  .password = fields.string("password"),
                                  .repeated_password = fields.string("repeatedPassword")},
                                 "someone@example.com", common_passwords());
  (void)validate_profile_update(payer.names);
  (void)validate_billing_update(payer.billing);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const Request request{.method = "POST",
                        .target = "/api/orders",
                        .path = "/api/orders",
                        .headers = {{"Content-Type", "application/json; charset=utf-8"},
                                    {"Accept-Language", "en"},
                                    {"User-Agent", "fuzz"}},
                        .body = std::string(fuzz::as_text(data, size)),
                        .request_id = "fuzz"};

  const auto response = handlers::read_then_call(
      request,
      [&](const boost::json::object& body, JsonFields& fields, ValidationErrors& extra) {
        for (const auto name : kStringFields) fields.string(name);
        for (const auto name : kBooleanFields) fields.optional_boolean(name);
        for (const auto name : kIntegerFields) fields.optional_int64(name);
        auto payer = handlers::read_payer(fields, request);
        const auto currency = fields.string("currency");
        for (const auto name : kAmountFields) {
          read_amount(handlers::amount_text(body, name), currency, name, extra);
        }
        read_cart(body, extra);
        require_type_errors_reported(body, fields);
        validate_forms(fields, std::move(payer));
        return true;
      },
      [](bool) { return Response{.status = 204}; });

  // Whatever was sent, the fields are read or refused with 400, and a 400's body is JSON a
  // client can read.
  fuzz::require(response.status == 204 || response.status == 400, "the answer is 204 or 400");
  if (response.status == 400) {
    boost::system::error_code error;
    const auto body = boost::json::parse(response.body, error);
    fuzz::require(!error && body.is_object(), "a 400 answer is a JSON object");
  }
  return 0;
}
