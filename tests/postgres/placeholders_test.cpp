#include "artshop/postgres/placeholders.hpp"

#include <gtest/gtest.h>

namespace artshop::postgres {
namespace {

TEST(PostgresPlaceholders, NumberedParametersKeepTheirNumbers) {
  const auto numbered = number_parameters("UPDATE t SET a = ?2 WHERE id = ?1 AND b = ?2");
  EXPECT_EQ(numbered.sql, "UPDATE t SET a = $2 WHERE id = $1 AND b = $2");
  EXPECT_EQ(numbered.parameters, 2);
}

TEST(PostgresPlaceholders, PlainQuestionMarksAreNumberedInOrder) {
  const auto numbered = number_parameters("INSERT INTO t (a, b, c) VALUES (?, ?, ?)");
  EXPECT_EQ(numbered.sql, "INSERT INTO t (a, b, c) VALUES ($1, $2, $3)");
  EXPECT_EQ(numbered.parameters, 3);
}

TEST(PostgresPlaceholders, APlainQuestionMarkTakesTheNumberAfterTheHighestSoFar) {
  // As SQLite numbers them.
  EXPECT_EQ(number_parameters("SELECT ?3, ?, ?1, ?").sql, "SELECT $3, $4, $1, $5");
}

TEST(PostgresPlaceholders, ParametersOfTwoOrMoreDigitsAreRead) {
  const auto numbered = number_parameters("VALUES (?9, ?10, ?11)");
  EXPECT_EQ(numbered.sql, "VALUES ($9, $10, $11)");
  EXPECT_EQ(numbered.parameters, 11);
}

TEST(PostgresPlaceholders, QuestionMarksInStringsIdentifiersAndCommentsAreText) {
  const auto numbered = number_parameters(
      "SELECT 'why?', 'it''s ?', \"odd?\"\"name\" -- really?\n"
      "FROM t /* ?1 */ WHERE a = ?1");
  EXPECT_EQ(numbered.sql,
            "SELECT 'why?', 'it''s ?', \"odd?\"\"name\" -- really?\n"
            "FROM t /* ?1 */ WHERE a = $1");
  EXPECT_EQ(numbered.parameters, 1);
}

TEST(PostgresPlaceholders, AStatementWithoutParametersIsLeftAlone) {
  const auto numbered = number_parameters("SELECT count(*) FROM offers WHERE price > 3");
  EXPECT_EQ(numbered.sql, "SELECT count(*) FROM offers WHERE price > 3");
  EXPECT_EQ(numbered.parameters, 0);
}

TEST(PostgresPlaceholders, AnUnclosedQuoteRunsToTheEnd) {
  // The server reports the broken statement; the rewrite must not read past it.
  EXPECT_EQ(number_parameters("SELECT 'a?").sql, "SELECT 'a?");
  EXPECT_EQ(number_parameters("SELECT 1 /* ?").sql, "SELECT 1 /* ?");
}

}  // namespace
}  // namespace artshop::postgres
