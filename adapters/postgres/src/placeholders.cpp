#include "artshop/postgres/placeholders.hpp"

#include <algorithm>
#include <cctype>

namespace artshop::postgres {
namespace {

constexpr int kBeyondAnyParameter = 1'000'000;

bool is_digit(char c) noexcept {
  return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

// Where the quoted text or comment starting at `begin` ends (one past its last character, or
// the end of the statement when it is not closed).
std::size_t skip_quoted(std::string_view sql, std::size_t begin) {
  const char quote = sql[begin];
  std::size_t at = begin + 1;
  while (at < sql.size()) {
    if (sql[at] != quote) {
      ++at;
    } else if (at + 1 < sql.size() && sql[at + 1] == quote) {
      at += 2;  // '' inside '...' and "" inside "..." stand for the quote itself
    } else {
      return at + 1;
    }
  }
  return at;
}

std::size_t skip_comment(std::string_view sql, std::size_t begin) {
  if (sql[begin] == '-') {
    const auto end = sql.find('\n', begin);
    return end == std::string_view::npos ? sql.size() : end + 1;
  }
  const auto end = sql.find("*/", begin + 2);
  return end == std::string_view::npos ? sql.size() : end + 2;
}

}  // namespace

NumberedStatement number_parameters(std::string_view sql) {
  NumberedStatement numbered;
  numbered.sql.reserve(sql.size() + 8);
  std::size_t at = 0;
  while (at < sql.size()) {
    const char c = sql[at];
    const bool comment_starts = at + 1 < sql.size() && ((c == '-' && sql[at + 1] == '-') ||
                                                        (c == '/' && sql[at + 1] == '*'));
    if (c == '\'' || c == '"' || comment_starts) {
      const auto end = c == '\'' || c == '"' ? skip_quoted(sql, at) : skip_comment(sql, at);
      numbered.sql.append(sql.substr(at, end - at));
      at = end;
      continue;
    }
    if (c != '?') {
      numbered.sql += c;
      ++at;
      continue;
    }
    ++at;
    int number = 0;
    if (at < sql.size() && is_digit(sql[at])) {
      // Capped above PostgreSQL's 65535 parameters, so that the server names the bad number.
      while (at < sql.size() && is_digit(sql[at])) {
        number = std::min(number * 10 + (sql[at++] - '0'), kBeyondAnyParameter);
      }
    } else {
      number = numbered.parameters + 1;
    }
    numbered.parameters = std::max(numbered.parameters, number);
    numbered.sql += '$';
    numbered.sql += std::to_string(number);
  }
  return numbered;
}

}  // namespace artshop::postgres
