#pragma once

#include <cstddef>
#include <expected>
#include <string>

#include "artshop/core/validation.hpp"

// The profile forms of SPEC.md section 7: /api/accounts/update and /api/accounts/update-billing.
// On success each validator answers the form cleaned up: every field trimmed, the country
// code upper-cased.
namespace artshop {

// Bounds, counted in code points after trimming. Wide enough for real names and addresses
// (several given names, a long street with a building and a flat), narrow enough to fit an
// invoice line and a payment provider's fields (Stripe allows 200 per address line).
inline constexpr std::size_t kMaxNameLength = 100;
inline constexpr std::size_t kMaxStateLength = 100;
inline constexpr std::size_t kMaxCityLength = 100;
inline constexpr std::size_t kMaxAddressLineLength = 200;
// The longest postal codes in use are 10 characters (e.g. US ZIP+4 "12345-6789"); 20 leaves room
// for unusual spacing without admitting prose.
inline constexpr std::size_t kMaxZipCodeLength = 20;

// One free-text field of a form, for check_text.
struct TextField {
  std::string_view name;             // the payload's field name
  std::string_view label;            // how a message calls it
  std::string_view missing_message;  // empty when the field is optional
  std::size_t max_length;
};

// Trims `value` in place and records what is wrong with it under the field's name: characters
// that are not allowed (invalid UTF-8, control characters), missing, or longer than max_length
// code points.
void check_text(const TextField& field, std::string& value, ValidationErrors& errors);

struct ProfileForm {
  std::string first_name;
  std::string last_name;
};
std::expected<ProfileForm, ValidationErrors> validate_profile_update(ProfileForm form);

struct BillingForm {
  std::string country;  // ISO 3166-1 alpha-2
  std::string state;    // optional
  std::string city;
  std::string address1;
  std::string zip_code;
};
std::expected<BillingForm, ValidationErrors> validate_billing_update(BillingForm form);

// The same checks as above, adding to `errors` instead of answering, for forms that embed a
// name or a billing address (orders and deposits carry both).
void check_profile(ProfileForm& form, ValidationErrors& errors);
void check_billing(BillingForm& form, ValidationErrors& errors);

}  // namespace artshop
