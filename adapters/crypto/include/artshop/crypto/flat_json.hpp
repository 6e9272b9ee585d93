#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace artshop::crypto {

// A JSON object whose members are strings or integers, nothing else: exactly what a JWT
// header and our claims need. Its parser is strict because it reads attacker-supplied text:
// no nesting, arrays, booleans, null, fractions or exponents, no duplicate names, no
// trailing text, only well-formed UTF-8, integers within 64 bits.
class FlatJsonObject {
 public:
  using Value = std::variant<std::string, std::int64_t>;

  static std::optional<FlatJsonObject> parse(std::string_view text);

  // Adds a member; throws std::logic_error when the name is already present.
  FlatJsonObject& add(std::string name, Value value);

  // Compact JSON with the members in the order they were added or parsed.
  std::string serialize() const;

  // The member's value when it is present and of that type.
  const std::string* string(std::string_view name) const noexcept;
  std::optional<std::int64_t> integer(std::string_view name) const noexcept;

  bool contains(std::string_view name) const noexcept { return find(name) != nullptr; }
  const std::vector<std::pair<std::string, Value>>& members() const noexcept { return members_; }

 private:
  const Value* find(std::string_view name) const noexcept;

  std::vector<std::pair<std::string, Value>> members_;
};

}  // namespace artshop::crypto
