#include "artshop/core/accounts/profile_forms.hpp"

#include <fmt/format.h>

#include "artshop/core/accounts/countries.hpp"
#include "artshop/core/text.hpp"
#include "validate_form.hpp"

namespace artshop {

void check_text(const TextField& field, std::string& value, ValidationErrors& errors) {
  value = std::string(text::trim(value));
  const auto length = text::utf8_length(value);
  if (!length || text::has_control_characters(value)) {
    errors.add(field.name,
               fmt::format("{} contains characters that are not allowed.", field.label));
  } else if (*length == 0) {
    if (!field.missing_message.empty()) errors.add(field.name, std::string(field.missing_message));
  } else if (*length > field.max_length) {
    errors.add(field.name,
               fmt::format("{} must be at most {} characters.", field.label, field.max_length));
  }
}

void check_profile(ProfileForm& form, ValidationErrors& errors) {
  check_text({"firstName", "First name", "Enter your first name.", kMaxNameLength}, form.first_name,
             errors);
  check_text({"lastName", "Last name", "Enter your last name.", kMaxNameLength}, form.last_name,
             errors);
}

void check_billing(BillingForm& form, ValidationErrors& errors) {
  form.country = text::to_upper_ascii(text::trim(form.country));
  if (form.country.empty()) {
    errors.add("country", "Choose a country.");
  } else if (!find_country(form.country)) {
    errors.add("country", "Choose a country from the list.");
  }
  check_text({"state", "State", "", kMaxStateLength}, form.state, errors);
  check_text({"city", "City", "Enter your city.", kMaxCityLength}, form.city, errors);
  check_text({"address1", "Address", "Enter your address.", kMaxAddressLineLength}, form.address1,
             errors);
  check_text({"zipCode", "ZIP or postal code", "Enter your ZIP or postal code.", kMaxZipCodeLength},
             form.zip_code, errors);
}

std::expected<ProfileForm, ValidationErrors> validate_profile_update(ProfileForm form) {
  return detail::validate_form(std::move(form), check_profile);
}

std::expected<BillingForm, ValidationErrors> validate_billing_update(BillingForm form) {
  return detail::validate_form(std::move(form), check_billing);
}

}  // namespace artshop
