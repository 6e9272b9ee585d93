#include <gtest/gtest.h>

#include <string>

#include "artshop/core/accounts/email.hpp"
#include "fakes/fake_ports.hpp"

namespace artshop {
namespace {

const fakes::TinyTextNormaliser kText;

TEST(AccountEmail, NormalizeEmail_TrimsAndLowerCases) {
  EXPECT_EQ(normalize_email("  Jane.Doe@Example.COM \t", kText), "jane.doe@example.com");
}

TEST(AccountEmail, NormalizeEmail_FoldsTheWholeAddressNotOnlyAscii) {
  EXPECT_EQ(normalize_email("\u00C4NN@Example.com", kText), "\u00E4nn@example.com");
  EXPECT_EQ(normalize_email("\u00E4nn@example.com", kText), "\u00E4nn@example.com");
  EXPECT_EQ(normalize_email("A\u0308nn@example.com", kText), "\u00E4nn@example.com")
      << "composed and decomposed forms are one address";
  EXPECT_EQ(normalize_email("Stra\u00DFe@example.com", kText), "strasse@example.com");
}

TEST(AccountEmail, NormalizeEmail_LeavesMalformedTextForTheCheckToRefuse) {
  EXPECT_EQ(normalize_email(" A\xC3@example.com ", kText), "A\xC3@example.com");
  EXPECT_EQ(email_problem(normalize_email("A\xC3@example.com", kText)), kInvalidEmailMessage);
}

TEST(AccountEmail, EmailProblem_WithControlBidiOrSeparatorCharacters_RefusesIt) {
  for (const auto* address : {"ann\u202E@example.com", "ann@example.com\u2028",
                              "ann\u0085@example.com", "ann\u200F@example.com"}) {
    EXPECT_EQ(email_problem(address), kInvalidEmailMessage) << address;
  }
}

TEST(AccountEmail, EmailProblem_WithCharactersNoHostNameHas_RefusesIt) {
  for (const auto* address : {"victim@example.com|203.0.113.5", "ann@exa%mple.com",
                              "ann@example.com/x", "ann@ex_ample.com"}) {
    EXPECT_EQ(email_problem(address), kInvalidEmailMessage) << address;
  }
}

TEST(AccountEmail, EmailProblem_WithPlainAddress_AcceptsIt) {
  EXPECT_EQ(email_problem("jane@example.com"), std::nullopt);
  EXPECT_EQ(email_problem("jane.doe+art@mail.example.co.uk"), std::nullopt);
  EXPECT_EQ(email_problem("j@b\u00FCcher.example"), std::nullopt);  // internationalized domain
}

TEST(AccountEmail, EmailProblem_WhenEmpty_AsksForAnAddress) {
  EXPECT_EQ(email_problem(""), kEnterEmailMessage);
}

TEST(AccountEmail, EmailProblem_WithMalformedAddresses_RejectsEach) {
  for (const std::string address :
       {"jane", "jane@", "@example.com", "jane@example", "jane@@example.com", "a@b@example.com",
        "jane doe@example.com", "jane@exa mple.com", "jane@.example.com", "jane@example.com.",
        "jane@example..com", "jane@example.com\r\nBcc: x@y.z", "<jane@example.com>",
        "\"jane\"@example.com", "jane@example.com\xFF"}) {
    EXPECT_EQ(email_problem(address), kInvalidEmailMessage) << address;
  }
}

TEST(AccountEmail, EmailProblem_Over254Characters_Rejects) {
  const std::string domain = std::string(60, 'd') + "." + std::string(60, 'e') + "." +
                             std::string(60, 'f') + "." + std::string(60, 'g') + ".com";
  const std::string at_limit = std::string(254 - 1 - domain.size(), 'a') + "@" + domain;
  ASSERT_EQ(at_limit.size(), 254U);
  EXPECT_EQ(email_problem(at_limit), std::nullopt);
  EXPECT_EQ(email_problem("a" + at_limit), kInvalidEmailMessage);
}

TEST(AccountEmail, EmailProblem_WithLocalPartOver64Characters_Rejects) {
  EXPECT_EQ(email_problem(std::string(64, 'a') + "@example.com"), std::nullopt);
  EXPECT_EQ(email_problem(std::string(65, 'a') + "@example.com"), kInvalidEmailMessage);
}

}  // namespace
}  // namespace artshop
