#include <gtest/gtest.h>

#include <set>
#include <string>

#include "artshop/core/accounts/countries.hpp"

namespace artshop {
namespace {

TEST(AccountCountries, List_HoldsAll249AssignedCodesOnce) {
  std::set<std::string_view> codes;
  for (const auto& country : all_countries()) {
    EXPECT_EQ(country.code.size(), 2U);
    EXPECT_FALSE(country.name.empty()) << country.code;
    codes.insert(country.code);
  }
  EXPECT_EQ(codes.size(), 249U);
}

TEST(AccountCountries, FindCountry_ByCodeInAnyCase_AnswersEnglishName) {
  ASSERT_TRUE(find_country("DE"));
  EXPECT_EQ(find_country("DE")->name, "Germany");
  EXPECT_EQ(find_country("gb")->name, "United Kingdom");
  EXPECT_EQ(find_country("Us")->name, "United States");
  EXPECT_EQ(find_country("ad")->code, "AD");        // first of the table
  EXPECT_EQ(find_country("ZW")->name, "Zimbabwe");  // last of the table
}

TEST(AccountCountries, FindCountry_WithUnassignedOrMalformedCode_AnswersNothing) {
  for (const std::string code : {"", "X", "XX", "UK", "EU", "DEU", "D1", "de "}) {
    EXPECT_FALSE(find_country(code)) << code;
  }
}

}  // namespace
}  // namespace artshop
