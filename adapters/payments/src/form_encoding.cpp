#include "form_encoding.hpp"

namespace artshop::payments {

namespace {

bool is_unreserved(char c) noexcept {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
         c == '.' || c == '_' || c == '~';
}

int hex_value(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::optional<std::string> decode_component(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '+') {
      out += ' ';
    } else if (c != '%') {
      out += c;
    } else {
      if (i + 2 >= text.size()) return std::nullopt;
      const int high = hex_value(text[i + 1]);
      const int low = hex_value(text[i + 2]);
      if (high < 0 || low < 0) return std::nullopt;
      out += static_cast<char>(high * 16 + low);
      i += 2;
    }
  }
  return out;
}

}  // namespace

std::string percent_encode(std::string_view text) {
  constexpr std::string_view kDigits = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    if (is_unreserved(c)) {
      out += c;
    } else {
      const auto byte = static_cast<unsigned char>(c);
      out += '%';
      out += kDigits[byte >> 4U];
      out += kDigits[byte & 0x0FU];
    }
  }
  return out;
}

std::string form_encode(const FormFields& fields) {
  std::string out;
  for (const auto& [name, value] : fields) {
    if (!out.empty()) out += '&';
    out += percent_encode(name);
    out += '=';
    out += percent_encode(value);
  }
  return out;
}

std::optional<FormFields> form_decode(std::string_view body) {
  FormFields fields;
  while (!body.empty()) {
    const auto ampersand = body.find('&');
    const std::string_view pair = body.substr(0, ampersand);
    body = ampersand == std::string_view::npos ? std::string_view{} : body.substr(ampersand + 1);
    if (pair.empty()) continue;
    const auto equals = pair.find('=');
    auto name = decode_component(pair.substr(0, equals));
    auto value = decode_component(equals == std::string_view::npos ? std::string_view{}
                                                                   : pair.substr(equals + 1));
    if (!name || !value) return std::nullopt;
    fields.emplace_back(std::move(*name), std::move(*value));
  }
  return fields;
}

std::optional<std::string_view> form_value(const FormFields& fields, std::string_view name) {
  for (const auto& [field, value] : fields) {
    if (field == name) return value;
  }
  return std::nullopt;
}

}  // namespace artshop::payments
