#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

// Comma-separated values as RFC 4180 writes them, for the back office's exports
// (docs/back-office.md, "Exports"): a field holding a comma, a double quote, CR or LF is quoted
// and its quotes doubled; records end with CRLF. A spreadsheet runs a cell that starts with
// `=`, `+`, `-` or `@` (and, in some, a tab or CR) as a formula, so text a person typed gets a
// leading `'` there: a customer named `=HYPERLINK(...)` is shown, not run. Numbers the exporter
// writes itself are left alone, so that a debit of -3.20 stays a number.
namespace artshop::csv {

// One cell: text someone typed (neutralised), or a number or other value the shop wrote.
struct Cell {
  std::string_view text;
  bool typed = true;
};

inline Cell text(std::string_view value) noexcept {
  return {.text = value, .typed = true};
}
inline Cell value(std::string_view value) noexcept {
  return {.text = value, .typed = false};
}

// The field as written: quoted when it must be, a typed text's formula start neutralised.
std::string field(Cell cell);

// Appends the record and its CRLF to `out`.
void append_record(std::string& out, std::initializer_list<Cell> cells);

// `units` of 10^-decimals as a plain decimal with at least `shown` decimals: (1250, 2, 2) is
// "12.50", (-32, 2, 2) "-0.32", (1234567, 6, 2) "1.234567", (1250000, 6, 2) "1.25".
std::string decimal(std::int64_t units, int decimals, int shown);

}  // namespace artshop::csv
