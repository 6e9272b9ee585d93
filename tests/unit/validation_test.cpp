#include "artshop/core/validation.hpp"

#include <gtest/gtest.h>

#include "artshop/core/error.hpp"

namespace artshop {
namespace {

TEST(ValidationErrors, CollectsEveryFailingFieldBeforeAnswering) {
  ValidationErrors errors;
  errors.add("email", "Enter a valid e-mail address.");
  errors.add("password", "Password must be at least 8 characters.");
  errors.add("password", "This password is too common. Choose a less common one.");
  EXPECT_EQ(errors.by_field().size(), 2U);
  EXPECT_EQ(errors.messages("password").size(), 2U);
}

TEST(ValidationErrors, KeepsGeneralMessagesUnderTheEmptyKey) {
  ValidationErrors errors;
  errors.add_general("Insufficient balance.");
  EXPECT_TRUE(errors.has(""));
  EXPECT_EQ(errors.messages(""), std::vector<std::string>{"Insufficient balance."});
}

TEST(ValidationErrors, DoesNotRepeatAMessage) {
  ValidationErrors errors;
  errors.add("name", "Required.");
  errors.add("name", "Required.");
  EXPECT_EQ(errors.messages("name").size(), 1U);
}

TEST(ValidationErrors, MergesAnotherMap) {
  ValidationErrors left("a", "one");
  const ValidationErrors right("b", "two");
  left.merge(right);
  EXPECT_TRUE(left.has("a"));
  EXPECT_TRUE(left.has("b"));
  EXPECT_TRUE(left.messages("c").empty());
}

TEST(Error, AGeneralMessageIsAValidationErrorUnderTheEmptyKey) {
  const auto error = Error::general("Insufficient balance.");
  EXPECT_EQ(error.kind, ErrorKind::Validation);
  EXPECT_EQ(error.fields.messages(""), std::vector<std::string>{"Insufficient balance."});
}

TEST(Error, TooManyRequestsCarriesWhenToComeBack) {
  const auto error = Error::too_many_requests(std::chrono::seconds(90));
  EXPECT_EQ(error.kind, ErrorKind::TooManyRequests);
  EXPECT_EQ(error.retry_after.count(), 90);
}

}  // namespace
}  // namespace artshop
