#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>

#include "artshop/core/accounts/common_passwords.hpp"
#include "artshop/core/accounts/password_policy.hpp"
#include "artshop/core/accounts/shipped_common_passwords.hpp"

namespace artshop {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
namespace message = password_messages;

const CommonPasswords kCommon = CommonPasswords::parse("# comment\npassword1\nqwertyuiop\n");
constexpr std::string_view kEmail = "jane@example.com";

std::string repeat(std::string_view piece, int times) {
  std::string out;
  for (int i = 0; i < times; ++i) out += piece;
  return out;
}

std::vector<std::string> problems(std::string_view password) {
  return new_password_problems(password, kEmail, kCommon);
}

TEST(PasswordPolicy, WithSevenCodePoints_Rejects) {
  const std::string seven_accented = repeat("\u00E9", 7);  // 14 bytes, 7 characters
  ASSERT_EQ(seven_accented.size(), 14U);
  EXPECT_THAT(problems(seven_accented), ElementsAre(message::kTooShort));
  EXPECT_THAT(problems("abcdefg"), ElementsAre(message::kTooShort));
}

TEST(PasswordPolicy, WithEightEmoji_Accepts) {
  EXPECT_THAT(problems(repeat("\U0001F3A8", 8)), IsEmpty());  // 32 bytes, 8 characters
}

TEST(PasswordPolicy, WithEightAsciiCharacters_Accepts) {
  EXPECT_THAT(problems("correcth"), IsEmpty());
}

TEST(PasswordPolicy, With128CodePoints_Accepts) {
  EXPECT_THAT(problems(repeat("\u00E9", 128)), IsEmpty());
  EXPECT_THAT(problems(repeat("x", 128)), IsEmpty());
}

TEST(PasswordPolicy, With129CodePoints_Rejects) {
  EXPECT_THAT(problems(repeat("\u00E9", 129)), ElementsAre(message::kTooLong));
  EXPECT_THAT(problems(repeat("x", 129)), ElementsAre(message::kTooLong));
}

TEST(PasswordPolicy, WithInvalidUtf8_RejectsWithClearMessage) {
  EXPECT_THAT(problems("abcdefgh\xC3"), ElementsAre(message::kInvalidText));
}

TEST(PasswordPolicy, WhenEmpty_AsksForAPassword) {
  EXPECT_THAT(problems(""), ElementsAre(message::kEnter));
}

TEST(PasswordPolicy, WithoutLettersDigitsOrSymbols_StillAccepts) {
  // No composition rules: length and the block list are the whole policy.
  EXPECT_THAT(problems("horse battery staple"), IsEmpty());
  EXPECT_THAT(problems("98217364"), IsEmpty());
}

TEST(PasswordPolicy, WithCommonPasswordInAnyCase_Rejects) {
  EXPECT_THAT(problems("password1"), ElementsAre(message::kTooCommon));
  EXPECT_THAT(problems("PassWord1"), ElementsAre(message::kTooCommon));
}

TEST(PasswordPolicy, SameAsEmailIgnoringCase_Rejects) {
  EXPECT_THAT(problems("Jane@Example.com"), ElementsAre(message::kSameAsEmail));
}

TEST(PasswordPolicy, CheckNewPassword_WhenRepetitionDiffers_RejectsRepeatedPassword) {
  ValidationErrors errors;
  check_new_password("long enough pw", "long enough pW", kEmail, kCommon, errors);
  EXPECT_FALSE(errors.has("password"));
  EXPECT_THAT(errors.messages("repeatedPassword"), ElementsAre(message::kMismatch));
}

TEST(PasswordPolicy, CheckNewPassword_CollectsPasswordAndRepetitionProblemsTogether) {
  ValidationErrors errors;
  check_new_password("short", "other", kEmail, kCommon, errors);
  EXPECT_THAT(errors.messages("password"), ElementsAre(message::kTooShort));
  EXPECT_THAT(errors.messages("repeatedPassword"), ElementsAre(message::kMismatch));
}

TEST(CommonPasswords, Parse_SkipsCommentsAndBlankLinesAndCarriageReturns) {
  const auto list = CommonPasswords::parse("# header\n\nalpha123\r\nBeta4567\n#not-a-password\n");
  EXPECT_EQ(list.size(), 2U);
  EXPECT_TRUE(list.contains("ALPHA123"));
  EXPECT_TRUE(list.contains("beta4567"));
  EXPECT_FALSE(list.contains("#not-a-password"));
  EXPECT_FALSE(list.contains(""));
}

TEST(CommonPasswords, ShippedList_BlocksWellKnownPasswords) {
  const auto list = CommonPasswords::parse(shipped_common_passwords_text());

  EXPECT_EQ(list.size(), 11'611U);  // the count its header states
  for (const char* password : {"password", "12345678", "iloveyou", "QWERTYUIOP", "Password1"}) {
    EXPECT_THAT(new_password_problems(password, kEmail, list), ElementsAre(message::kTooCommon))
        << password;
  }
  EXPECT_THAT(new_password_problems("violet tram harbour", kEmail, list), IsEmpty());
}

}  // namespace
}  // namespace artshop
