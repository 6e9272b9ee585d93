#pragma once

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/string.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>

// A member of a JSON object when it is present and of the type asked for; nullptr or nullopt
// when it is absent or of another type. Names are matched exactly.
namespace artshop {

inline const boost::json::string* string_member(const boost::json::object& object,
                                                std::string_view key) {
  const auto* value = object.if_contains(key);
  return value != nullptr ? value->if_string() : nullptr;
}

inline const boost::json::object* object_member(const boost::json::object& object,
                                                std::string_view key) {
  const auto* value = object.if_contains(key);
  return value != nullptr ? value->if_object() : nullptr;
}

inline const boost::json::array* array_member(const boost::json::object& object,
                                              std::string_view key) {
  const auto* value = object.if_contains(key);
  return value != nullptr ? value->if_array() : nullptr;
}

// A whole number within 64 signed bits, however the parser stored it (a large positive one is
// kept unsigned). Fractions and exponents are not whole numbers here, even 2.0.
inline std::optional<std::int64_t> integer_member(const boost::json::object& object,
                                                  std::string_view key) {
  const auto* value = object.if_contains(key);
  if (value == nullptr) return std::nullopt;
  if (const auto* number = value->if_int64()) return *number;
  constexpr auto kLargest = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  if (const auto* number = value->if_uint64(); number != nullptr && *number <= kLargest) {
    return static_cast<std::int64_t>(*number);
  }
  return std::nullopt;
}

}  // namespace artshop
