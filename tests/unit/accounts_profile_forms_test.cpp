#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "artshop/core/accounts/profile_forms.hpp"

namespace artshop {
namespace {

using ::testing::ElementsAre;
using ::testing::Pair;

BillingForm valid_billing() {
  return {.country = " de ",
          .state = "",
          .city = " Berlin ",
          .address1 = "Unter den Linden 1",
          .zip_code = "10117"};
}

TEST(AccountProfileForm, WithNames_AnswersThemTrimmed) {
  const auto result =
      validate_profile_update({.first_name = "  J\u00FCrgen ", .last_name = "O'Neil"});
  ASSERT_TRUE(result);
  EXPECT_EQ(result->first_name, "J\u00FCrgen");
  EXPECT_EQ(result->last_name, "O'Neil");
}

TEST(AccountProfileForm, WithBlankNames_AsksForBoth) {
  const auto result = validate_profile_update({.first_name = "   ", .last_name = ""});
  ASSERT_FALSE(result);
  EXPECT_THAT(result.error().messages("firstName"), ElementsAre("Enter your first name."));
  EXPECT_THAT(result.error().messages("lastName"), ElementsAre("Enter your last name."));
}

TEST(AccountProfileForm, WithNameOf100CodePoints_AcceptsAnd101Rejects) {
  std::string hundred;
  for (int i = 0; i < 100; ++i) hundred += "\u00E9";
  EXPECT_TRUE(validate_profile_update({.first_name = hundred, .last_name = "X"}));
  const auto result = validate_profile_update({.first_name = hundred + "e", .last_name = "X"});
  ASSERT_FALSE(result);
  EXPECT_THAT(result.error().messages("firstName"),
              ElementsAre("First name must be at most 100 characters."));
}

TEST(AccountProfileForm, WithLineBreakOrInvalidUtf8_Rejects) {
  const auto result = validate_profile_update({.first_name = "Ja\nne", .last_name = "Do\xC3"});
  ASSERT_FALSE(result);
  EXPECT_THAT(result.error().messages("firstName"),
              ElementsAre("First name contains characters that are not allowed."));
  EXPECT_THAT(result.error().messages("lastName"),
              ElementsAre("Last name contains characters that are not allowed."));
}

// U+202E turns the rest of a line around on an invoice or in a mail; U+0085, U+2028 and U+2029
// start a new line in the log and in some mail readers.
TEST(AccountProfileForm, WithBidiOverridesOrLineSeparators_RejectsEachField) {
  for (const auto* name : {"Ann\u202Egpj.exe", "Ann\u0085Forged", "Ann\u2028Forged",
                           "Ann\u2029Forged", "Ann\u2066x\u2069", "Ann\u200F", "Ann\u009B"}) {
    const auto result = validate_profile_update({.first_name = name, .last_name = "Doe"});
    ASSERT_FALSE(result) << name;
    EXPECT_THAT(
        result.error().by_field(),
        ElementsAre(Pair("firstName", ElementsAre("First name contains characters that are not "
                                                  "allowed."))))
        << name;
  }
  EXPECT_TRUE(validate_profile_update({.first_name = "\u05E9\u05E8\u05D4", .last_name = "Doe"}))
      << "right-to-left letters themselves are names";
}

TEST(AccountBillingForm, WithABidiOverrideInTheAddress_RejectsIt) {
  auto form = valid_billing();
  form.address1 = "Main St 1\u202E";
  const auto result = validate_billing_update(form);
  ASSERT_FALSE(result);
  EXPECT_THAT(result.error().messages("address1"),
              ElementsAre("Address contains characters that are not allowed."));
}

TEST(AccountBillingForm, WithValidAddress_AnswersItTrimmedWithUpperCaseCountry) {
  const auto result = validate_billing_update(valid_billing());
  ASSERT_TRUE(result);
  EXPECT_EQ(result->country, "DE");
  EXPECT_EQ(result->city, "Berlin");
  EXPECT_EQ(result->state, "");
}

TEST(AccountBillingForm, WithEveryFieldWrong_CollectsEveryField) {
  const auto result = validate_billing_update({.country = "XX",
                                               .state = std::string(101, 's'),
                                               .city = "",
                                               .address1 = std::string(201, 'a'),
                                               .zip_code = std::string(21, '1')});
  ASSERT_FALSE(result);
  const auto& errors = result.error();
  EXPECT_THAT(errors.messages("country"), ElementsAre("Choose a country from the list."));
  EXPECT_THAT(errors.messages("state"), ElementsAre("State must be at most 100 characters."));
  EXPECT_THAT(errors.messages("city"), ElementsAre("Enter your city."));
  EXPECT_THAT(errors.messages("address1"), ElementsAre("Address must be at most 200 characters."));
  EXPECT_THAT(errors.messages("zipCode"),
              ElementsAre("ZIP or postal code must be at most 20 characters."));
}

TEST(AccountBillingForm, WithMissingRequiredFields_AsksForEach) {
  const auto result = validate_billing_update({});
  ASSERT_FALSE(result);
  const auto& errors = result.error();
  EXPECT_THAT(errors.messages("country"), ElementsAre("Choose a country."));
  EXPECT_THAT(errors.messages("city"), ElementsAre("Enter your city."));
  EXPECT_THAT(errors.messages("address1"), ElementsAre("Enter your address."));
  EXPECT_THAT(errors.messages("zipCode"), ElementsAre("Enter your ZIP or postal code."));
  EXPECT_FALSE(errors.has("state"));  // optional
}

TEST(AccountBillingForm, AtEveryUpperBound_Accepts) {
  EXPECT_TRUE(validate_billing_update({.country = "us",
                                       .state = std::string(100, 's'),
                                       .city = std::string(100, 'c'),
                                       .address1 = std::string(200, 'a'),
                                       .zip_code = std::string(20, '1')}));
}

}  // namespace
}  // namespace artshop
