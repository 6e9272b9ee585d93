// core's text rules with ICU's tables: what the fake of the unit tests stands in for.
#include <gtest/gtest.h>

#include "artshop/core/accounts/email.hpp"
#include "artshop/unicode/icu_text_normaliser.hpp"

namespace artshop::unicode {
namespace {

TEST(IcuTextNormaliser, Nfc_ComposesWhatLooksTheSame) {
  const IcuTextNormaliser text;
  EXPECT_EQ(text.nfc("A\u0308nn"), "\u00C4nn");
  EXPECT_EQ(text.nfc("\u00C4nn"), "\u00C4nn");
  EXPECT_EQ(text.nfc("\uFB01"), "\uFB01") << "a compatibility form stays in NFC";
}

TEST(IcuTextNormaliser, Nfkc_AlsoFoldsCompatibilityForms) {
  const IcuTextNormaliser text;
  EXPECT_EQ(text.nfkc("\uFB01ne \uFF21pple \u2168"), "fine Apple IX");
  EXPECT_EQ(text.nfkc("e\u0301t\u00E9"), "\u00E9t\u00E9");
}

TEST(IcuTextNormaliser, Casefold_FoldsEveryScriptNotOnlyAscii) {
  const IcuTextNormaliser text;
  EXPECT_EQ(text.casefold("\u00C4NN Stra\u00DFe \u0391\u0392\u0393"),
            "\u00E4nn strasse \u03B1\u03B2\u03B3");
}

TEST(IcuTextNormaliser, NormalizeEmail_MakesEveryFormOfAnAddressOne) {
  const IcuTextNormaliser text;
  for (const auto* email : {"\u00C4NN@Example.com", "\u00E4nn@example.com", "A\u0308NN@EXAMPLE.COM",
                            " a\u0308nn@example.com "}) {
    EXPECT_EQ(normalize_email(email, text), "\u00E4nn@example.com") << email;
  }
}

}  // namespace
}  // namespace artshop::unicode
