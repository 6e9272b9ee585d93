#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace artshop {

// Validation messages by field name; the empty key holds general messages. Every failing
// field is collected before answering, so a form shows all of its problems at once.
class ValidationErrors {
 public:
  using Map = std::map<std::string, std::vector<std::string>, std::less<>>;

  static constexpr std::string_view kGeneral{};

  ValidationErrors() = default;
  ValidationErrors(std::string_view field, std::string message) { add(field, std::move(message)); }

  void add(std::string_view field, std::string message);
  void add_general(std::string message) { add(kGeneral, std::move(message)); }
  void merge(const ValidationErrors& other);

  bool empty() const noexcept { return by_field_.empty(); }
  bool has(std::string_view field) const noexcept { return by_field_.contains(field); }
  const std::vector<std::string>& messages(std::string_view field) const;
  const Map& by_field() const noexcept { return by_field_; }

  friend bool operator==(const ValidationErrors&, const ValidationErrors&) = default;

 private:
  Map by_field_;
};

// A page number or page size from a query: `fallback` when absent or empty, else a whole number
// from 1 to `max` (no sign, no spaces); otherwise `field` gets its message in `errors` and the
// fallback comes back. A max of INT_MAX reads "from 1." in the message.
int read_page_number(const std::optional<std::string>& text, std::string_view field, int fallback,
                     int max, ValidationErrors& errors);

// A query's filter trimmed; nullopt when absent or blank.
std::optional<std::string> query_text(const std::optional<std::string>& text);

// A date from a query as YYYY-MM-DD, the start of that day in UTC: nullopt when absent or
// empty, and also, with `field`'s message in `errors`, when it is not such a date.
std::optional<std::chrono::sys_days> read_query_date(const std::optional<std::string>& text,
                                                     std::string_view field,
                                                     ValidationErrors& errors);

}  // namespace artshop
