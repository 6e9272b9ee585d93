#pragma once

#include <spdlog/formatter.h>
#include <spdlog/pattern_formatter.h>

#include <memory>
#include <string>

namespace artshop::app {

// Every log line's message with its control characters escaped (text::escape_control_characters()),
// then laid out by `pattern`. The one place the log is made safe: names, e-mails, paths and
// errors from anywhere in the shop can neither start a forged line (CR, LF, NEL U+0085, U+2028)
// nor turn a line around (U+202E) nor send a terminal escape.
class EscapingFormatter final : public spdlog::formatter {
 public:
  explicit EscapingFormatter(std::string pattern);

  void format(const spdlog::details::log_msg& message, spdlog::memory_buf_t& out) override;
  std::unique_ptr<spdlog::formatter> clone() const override;

 private:
  std::string pattern_;
  spdlog::pattern_formatter layout_;
};

}  // namespace artshop::app
