#include "artshop/core/staff/audit.hpp"

namespace artshop {
namespace {

// `text` as a JSON string, quotes included.
void append_json_string(std::string& out, std::string_view text) {
  constexpr std::string_view kHex = "0123456789abcdef";
  out += '"';
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (byte < 0x20) {
      out += "\\u00";
      out += kHex[byte >> 4];
      out += kHex[byte & 0xF];
    } else {
      out += c;
    }
  }
  out += '"';
}

template <class Values>
std::string json_object_of(const Values& values) {
  std::string json = "{";
  for (const auto& [name, value] : values) {
    if (json.size() > 1) json += ',';
    append_json_string(json, name);
    json += ':';
    append_json_string(json, value);
  }
  return json + "}";
}

}  // namespace

std::string audit_values(
    std::initializer_list<std::pair<std::string_view, std::string_view>> values) {
  return json_object_of(values);
}

std::string audit_values(const std::vector<std::pair<std::string, std::string>>& values) {
  return json_object_of(values);
}

}  // namespace artshop
