#include "artshop/core/csv.hpp"

#include <fmt/format.h>

#include <utility>

namespace artshop::csv {
namespace {

bool starts_a_formula(std::string_view text) noexcept {
  if (text.empty()) return false;
  switch (text.front()) {
    case '=':
    case '+':
    case '-':
    case '@':
    case '\t':
    case '\r':
      return true;
    default:
      return false;
  }
}

bool needs_quotes(std::string_view text) noexcept {
  return text.find_first_of(",\"\r\n") != std::string_view::npos;
}

}  // namespace

std::string field(Cell cell) {
  std::string written;
  written.reserve(cell.text.size() + 3);
  if (cell.typed && starts_a_formula(cell.text)) written += '\'';
  written += cell.text;
  if (!needs_quotes(written)) return written;
  std::string quoted;
  quoted.reserve(written.size() + 8);
  quoted += '"';
  for (const char c : written) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  quoted += '"';
  return quoted;
}

void append_record(std::string& out, std::initializer_list<Cell> cells) {
  bool first = true;
  for (const auto& cell : cells) {
    if (!first) out += ',';
    first = false;
    out += field(cell);
  }
  out += "\r\n";
}

std::string decimal(std::int64_t units, int decimals, int shown) {
  // In unsigned arithmetic, so that the most negative amount has a magnitude too.
  const bool negative = units < 0;
  auto magnitude = negative ? std::uint64_t{0} - static_cast<std::uint64_t>(units)
                            : static_cast<std::uint64_t>(units);
  std::uint64_t scale = 1;
  for (int i = 0; i < decimals; ++i) scale *= 10;
  auto fraction = fmt::format("{:0{}}", magnitude % scale, decimals);
  while (std::cmp_greater(fraction.size(), shown) && fraction.back() == '0') fraction.pop_back();
  auto written = fmt::format("{}{}", negative ? "-" : "", magnitude / scale);
  if (!fraction.empty()) written += "." + fraction;
  return written;
}

}  // namespace artshop::csv
