#include "artshop/core/validation.hpp"

#include <fmt/format.h>

#include <charconv>
#include <limits>

#include "artshop/core/text.hpp"

namespace artshop {

void ValidationErrors::add(std::string_view field, std::string message) {
  auto& messages = by_field_[std::string(field)];
  for (const auto& existing : messages) {
    if (existing == message) return;
  }
  messages.push_back(std::move(message));
}

void ValidationErrors::merge(const ValidationErrors& other) {
  for (const auto& [field, messages] : other.by_field_) {
    for (const auto& message : messages) add(field, message);
  }
}

int read_page_number(const std::optional<std::string>& text, std::string_view field, int fallback,
                     int max, ValidationErrors& errors) {
  if (!text || text->empty()) return fallback;
  int value = 0;
  const auto* end = text->data() + text->size();
  const auto [rest, error] = std::from_chars(text->data(), end, value);
  if (error == std::errc{} && rest == end && value >= 1 && value <= max) return value;
  errors.add(field, max == std::numeric_limits<int>::max()
                        ? fmt::format("{} must be a whole number from 1.", field)
                        : fmt::format("{} must be a whole number from 1 to {}.", field, max));
  return fallback;
}

std::optional<std::string> query_text(const std::optional<std::string>& text) {
  if (!text || text::trim(*text).empty()) return std::nullopt;
  return std::string(text::trim(*text));
}

std::optional<std::chrono::sys_days> read_query_date(const std::optional<std::string>& raw,
                                                     std::string_view field,
                                                     ValidationErrors& errors) {
  if (!raw || text::trim(*raw).empty()) return std::nullopt;
  const auto date = text::trim(*raw);
  const auto number = [&](std::size_t at, std::size_t length) -> std::optional<int> {
    int value = 0;
    const auto* first = date.data() + at;
    const auto [end, ec] = std::from_chars(first, first + length, value);
    if (ec != std::errc() || end != first + length) return std::nullopt;
    return value;
  };
  if (date.size() == 10 && date[4] == '-' && date[7] == '-') {
    const auto year = number(0, 4);
    const auto month = number(5, 2);
    const auto day = number(8, 2);
    if (year && month && day) {
      const std::chrono::year_month_day ymd{std::chrono::year(*year),
                                            std::chrono::month(static_cast<unsigned>(*month)),
                                            std::chrono::day(static_cast<unsigned>(*day))};
      if (ymd.ok()) return std::chrono::sys_days(ymd);
    }
  }
  errors.add(field, "Enter a date as YYYY-MM-DD.");
  return std::nullopt;
}

const std::vector<std::string>& ValidationErrors::messages(std::string_view field) const {
  static const std::vector<std::string> none;
  const auto found = by_field_.find(field);
  return found == by_field_.end() ? none : found->second;
}

}  // namespace artshop
