// The CSV writer of the exports (core/include/artshop/core/csv.hpp): RFC 4180 quoting, and text
// a spreadsheet would run as a formula neutralised, numbers left as they are.
#include "artshop/core/csv.hpp"

#include <gtest/gtest.h>

#include <limits>

namespace artshop {
namespace {

TEST(Csv, AFieldWithACommaQuoteOrLineBreak_IsQuotedWithItsQuotesDoubled) {
  EXPECT_EQ(csv::field(csv::text("plain")), "plain");
  EXPECT_EQ(csv::field(csv::text("Smith, Jr")), "\"Smith, Jr\"");
  EXPECT_EQ(csv::field(csv::text("say \"hi\"")), "\"say \"\"hi\"\"\"");
  EXPECT_EQ(csv::field(csv::text("two\nlines")), "\"two\nlines\"");
  EXPECT_EQ(csv::field(csv::text("a\r\nb")), "\"a\r\nb\"");
  EXPECT_EQ(csv::field(csv::text("")), "");
}

TEST(Csv, TextAFormulaWouldStartWith_GetsALeadingQuoteMark) {
  for (const auto* formula : {"=1+1", "+41 79", "-2", "@SUM(A1)", "\tx", "\rx"}) {
    EXPECT_EQ(csv::field(csv::text(formula)).find('\''), formula[0] == '\r' ? 1U : 0U) << formula;
  }
  EXPECT_EQ(csv::field(csv::text("=HYPERLINK(\"http://evil.example\",\"Click\")")),
            "\"'=HYPERLINK(\"\"http://evil.example\"\",\"\"Click\"\")\"");
  EXPECT_EQ(csv::field(csv::text("a=b")), "a=b") << "only at the start";
}

TEST(Csv, AValueTheShopWrote_IsNeverNeutralised) {
  EXPECT_EQ(csv::field(csv::value("-3.20")), "-3.20");
  EXPECT_EQ(csv::field(csv::text("-3.20")), "'-3.20");
}

TEST(Csv, ARecord_EndsWithCrlf) {
  std::string out;
  csv::append_record(out, {csv::value("1"), csv::text("Ann, B"), csv::value("-0.50")});
  csv::append_record(out, {csv::value("2"), csv::text("=x"), csv::value("1.00")});
  EXPECT_EQ(out, "1,\"Ann, B\",-0.50\r\n2,'=x,1.00\r\n");
}

TEST(Csv, Decimals_AreExactPlainNumbers) {
  EXPECT_EQ(csv::decimal(1250, 2, 2), "12.50");
  EXPECT_EQ(csv::decimal(-32, 2, 2), "-0.32");
  EXPECT_EQ(csv::decimal(0, 2, 2), "0.00");
  EXPECT_EQ(csv::decimal(1'234'567, 6, 2), "1.234567");
  EXPECT_EQ(csv::decimal(1'250'000, 6, 2), "1.25");
  EXPECT_EQ(csv::decimal(-12'500'000, 6, 2), "-12.50");
  EXPECT_EQ(csv::decimal(1'082'500, 6, 0), "1.0825");
  EXPECT_EQ(csv::decimal(1'000'000, 6, 0), "1");
  EXPECT_EQ(csv::decimal(3247, 0, 0), "3247");
  EXPECT_EQ(csv::decimal(std::numeric_limits<std::int64_t>::min(), 2, 2), "-92233720368547758.08");
}

}  // namespace
}  // namespace artshop
