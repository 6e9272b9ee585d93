#include "artshop/core/accounts/shipped_common_passwords.hpp"

#include <gtest/gtest.h>

#include "artshop/core/accounts/common_passwords.hpp"

namespace artshop {
namespace {

TEST(ShippedCommonPasswords, HoldsTheWholeListWithItsSourceLine) {
  const auto text = shipped_common_passwords_text();
  EXPECT_TRUE(text.starts_with("# Common passwords"));
  EXPECT_NE(text.find("# Source:"), std::string_view::npos);
  const auto list = CommonPasswords::parse(text);
  EXPECT_EQ(list.size(), 11'611U);
  EXPECT_TRUE(list.contains("password"));
  EXPECT_TRUE(list.contains("PASSWORD1"));
  EXPECT_FALSE(list.contains("purple otter lantern"));
}

}  // namespace
}  // namespace artshop
