#include <gtest/gtest.h>

#include <set>

#include "artshop/core/staff/recovery_codes.hpp"
#include "fakes/fake_ports.hpp"

namespace artshop {
namespace {

using fakes::CountingRandom;

TEST(RecoveryCodes, TenCodes_OfTenCrockfordSymbolsWithADash_AllDifferent) {
  CountingRandom random;
  const auto codes = make_recovery_codes(random);
  ASSERT_EQ(codes.size(), 10U);
  EXPECT_EQ(std::set(codes.begin(), codes.end()).size(), 10U);
  for (const auto& code : codes) {
    ASSERT_EQ(code.size(), 11U) << code;
    EXPECT_EQ(code[5], '-') << code;
    EXPECT_EQ(normalise_recovery_code(code), code) << code;
  }
}

TEST(RecoveryCodes, Normalise_ReadsACodeAsAPersonTypesIt) {
  EXPECT_EQ(normalise_recovery_code("abcde-fghjk"), "ABCDE-FGHJK");
  EXPECT_EQ(normalise_recovery_code(" ABCDE FGHJK "), "ABCDE-FGHJK");
  EXPECT_EQ(normalise_recovery_code("abcdefghjk"), "ABCDE-FGHJK");
  EXPECT_EQ(normalise_recovery_code("O1ILo-00000"), "01110-00000");
}

TEST(RecoveryCodes, Normalise_RefusesWhatCannotBeACode) {
  for (const auto typed : {"", "ABCDE-FGHJ", "ABCDE-FGHJKM", "ABCDE-FGHJU", "ABCDE_FGHJK"}) {
    EXPECT_EQ(normalise_recovery_code(typed), std::nullopt) << typed;
  }
}

}  // namespace
}  // namespace artshop
