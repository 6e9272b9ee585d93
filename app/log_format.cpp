#include "log_format.hpp"

#include <string_view>
#include <utility>

#include "artshop/core/text.hpp"

namespace artshop::app {

EscapingFormatter::EscapingFormatter(std::string pattern)
    : pattern_(std::move(pattern)), layout_(pattern_) {}

void EscapingFormatter::format(const spdlog::details::log_msg& message, spdlog::memory_buf_t& out) {
  const std::string_view payload(message.payload.data(), message.payload.size());
  if (!text::has_control_characters(payload)) {
    layout_.format(message, out);
    return;
  }
  const auto escaped = text::escape_control_characters(payload);
  auto safe = message;
  safe.payload = spdlog::string_view_t(escaped.data(), escaped.size());
  layout_.format(safe, out);
  // The coloured part (the level) is marked on the message the sink holds.
  message.color_range_start = safe.color_range_start;
  message.color_range_end = safe.color_range_end;
}

std::unique_ptr<spdlog::formatter> EscapingFormatter::clone() const {
  return std::make_unique<EscapingFormatter>(pattern_);
}

}  // namespace artshop::app
