#pragma once

// Values as the tables of these repositories store them, in every database.
#include <fmt/format.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/sql/connection.hpp"

namespace artshop::sql {

inline std::int64_t epoch(std::chrono::sys_seconds time) {
  return time.time_since_epoch().count();
}
inline std::optional<std::int64_t> optional_epoch(std::optional<std::chrono::sys_seconds> time) {
  if (!time) return std::nullopt;
  return epoch(*time);
}
inline std::chrono::sys_seconds from_epoch(std::int64_t seconds) {
  return std::chrono::sys_seconds(std::chrono::seconds(seconds));
}
inline std::optional<std::chrono::sys_seconds> from_optional_epoch(
    std::optional<std::int64_t> seconds) {
  if (!seconds) return std::nullopt;
  return from_epoch(*seconds);
}

// `text` with LIKE's own % and _ (and the escape, \\) taken literally, for `ESCAPE '\\'`.
inline std::string like_literal(std::string_view text) {
  std::string literal;
  for (const char c : text) {
    if (c == '%' || c == '_' || c == '\\') literal += '\\';
    literal += c;
  }
  return literal;
}
// A LIKE pattern matching `text` anywhere.
inline std::string contains_pattern(std::string_view text) {
  std::string pattern = "%";
  pattern += like_literal(text);
  return pattern += '%';
}
// A LIKE pattern matching what starts with `text`.
inline std::string prefix_pattern(std::string_view text) {
  return like_literal(text) + "%";
}

// The first row `rows` answers, read with `from_row`; nothing when it answers none.
template <class FromRow>
auto first_row(Statement& rows, FromRow from_row) -> std::optional<decltype(from_row(rows))> {
  if (!rows.step()) return std::nullopt;
  return from_row(rows);
}

// Every row `rows` answers, in its order, each read with `from_row`.
template <class FromRow>
auto all_rows(Statement& rows, FromRow from_row) -> std::vector<decltype(from_row(rows))> {
  std::vector<decltype(from_row(rows))> read;
  while (rows.step()) read.push_back(from_row(rows));
  return read;
}

// The enum stored as text in `column` of the row, read with `parse` (parse_currency,
// parse_payment_status...). Stored values come only from these repositories, so one that does not
// parse is a corrupt database or one written by a newer version: it is never read as some
// default, it throws DatabaseError naming where it was found.
template <class Parse>
auto decode(Parse parse, const Statement& row, int column, std::string_view table,
            std::string_view column_name) {
  const auto text = row.column_text(column);
  const auto value = parse(text);
  if (!value) {
    throw DatabaseError(0, fmt::format("{}.{} holds '{}', which is not a value this version knows",
                                       table, column_name, text));
  }
  return *value;
}

}  // namespace artshop::sql
