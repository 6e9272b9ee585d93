#include "artshop/crypto/flat_json.hpp"

#include <charconv>
#include <stdexcept>

#include "artshop/core/text.hpp"

namespace artshop::crypto {

namespace {

int hex_digit(char c) noexcept {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

void append_utf8(std::string& out, std::uint32_t code_point) {
  const auto byte = [](std::uint32_t value) { return static_cast<char>(value); };
  if (code_point < 0x80U) {
    out += byte(code_point);
  } else if (code_point < 0x800U) {
    out += byte(0xC0U | (code_point >> 6U));
    out += byte(0x80U | (code_point & 0x3FU));
  } else if (code_point < 0x10000U) {
    out += byte(0xE0U | (code_point >> 12U));
    out += byte(0x80U | ((code_point >> 6U) & 0x3FU));
    out += byte(0x80U | (code_point & 0x3FU));
  } else {
    out += byte(0xF0U | (code_point >> 18U));
    out += byte(0x80U | ((code_point >> 12U) & 0x3FU));
    out += byte(0x80U | ((code_point >> 6U) & 0x3FU));
    out += byte(0x80U | (code_point & 0x3FU));
  }
}

// A recursive-descent reader over the grammar of a flat object. Every method returns false
// (or nullopt) at the first byte that does not fit.
class Reader {
 public:
  explicit Reader(std::string_view text) noexcept : text_(text) {}

  std::optional<FlatJsonObject> object() {
    FlatJsonObject result;
    skip_whitespace();
    if (!consume('{')) return std::nullopt;
    skip_whitespace();
    if (!consume('}')) {
      do {
        skip_whitespace();
        auto name = string();
        skip_whitespace();
        if (!name || !consume(':')) return std::nullopt;
        skip_whitespace();
        auto value = this->value();
        if (!value || result.contains(*name)) return std::nullopt;
        result.add(std::move(*name), std::move(*value));
        skip_whitespace();
      } while (consume(','));
      if (!consume('}')) return std::nullopt;
    }
    skip_whitespace();
    if (position_ != text_.size()) return std::nullopt;
    return result;
  }

 private:
  std::optional<FlatJsonObject::Value> value() {
    if (peek() == '"') {
      if (auto text = string()) return FlatJsonObject::Value(std::move(*text));
      return std::nullopt;
    }
    if (auto number = integer()) return FlatJsonObject::Value(*number);
    return std::nullopt;
  }

  std::optional<std::string> string() {
    if (!consume('"')) return std::nullopt;
    std::string out;
    while (position_ < text_.size()) {
      const char c = text_[position_++];
      if (c == '"') {
        if (!text::utf8_length(out)) return std::nullopt;
        return out;
      }
      if (static_cast<unsigned char>(c) < 0x20U) return std::nullopt;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (position_ >= text_.size()) return std::nullopt;
      switch (text_[position_++]) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '/':
          out += '/';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          const auto code_point = escaped_code_point();
          if (!code_point) return std::nullopt;
          append_utf8(out, *code_point);
          break;
        }
        default:
          return std::nullopt;
      }
    }
    return std::nullopt;  // unterminated
  }

  // After "\u": four hex digits, or a surrogate pair written as two escapes.
  std::optional<std::uint32_t> escaped_code_point() {
    const auto first = four_hex_digits();
    if (!first) return std::nullopt;
    if (*first >= 0xDC00U && *first <= 0xDFFFU) return std::nullopt;  // lone low surrogate
    if (*first < 0xD800U || *first > 0xDBFFU) return first;
    if (!consume('\\') || !consume('u')) return std::nullopt;
    const auto second = four_hex_digits();
    if (!second || *second < 0xDC00U || *second > 0xDFFFU) return std::nullopt;
    return 0x10000U + ((*first - 0xD800U) << 10U) + (*second - 0xDC00U);
  }

  std::optional<std::uint32_t> four_hex_digits() {
    if (text_.size() - position_ < 4) return std::nullopt;
    std::uint32_t value = 0;
    for (int i = 0; i < 4; ++i) {
      const int digit = hex_digit(text_[position_++]);
      if (digit < 0) return std::nullopt;
      value = value * 16U + static_cast<std::uint32_t>(digit);
    }
    return value;
  }

  // -?(0|[1-9][0-9]*), and nothing that would make it a fraction or an exponent.
  std::optional<std::int64_t> integer() {
    const std::size_t start = position_;
    consume('-');
    const std::size_t digits_start = position_;
    while (position_ < text_.size() && text_[position_] >= '0' && text_[position_] <= '9') {
      ++position_;
    }
    const std::size_t digit_count = position_ - digits_start;
    if (digit_count == 0) return std::nullopt;
    if (digit_count > 1 && text_[digits_start] == '0') return std::nullopt;  // leading zero
    std::int64_t value = 0;
    const auto* first = text_.data() + start;
    const auto* last = text_.data() + position_;
    const auto [end, error] = std::from_chars(first, last, value);
    if (error != std::errc{} || end != last) return std::nullopt;
    return value;
  }

  void skip_whitespace() noexcept {
    while (position_ < text_.size() && (text_[position_] == ' ' || text_[position_] == '\t' ||
                                        text_[position_] == '\n' || text_[position_] == '\r')) {
      ++position_;
    }
  }

  char peek() const noexcept { return position_ < text_.size() ? text_[position_] : '\0'; }

  bool consume(char expected) noexcept {
    if (position_ >= text_.size() || text_[position_] != expected) return false;
    ++position_;
    return true;
  }

  std::string_view text_;
  std::size_t position_ = 0;
};

void append_quoted(std::string& out, std::string_view text) {
  constexpr std::string_view kHex = "0123456789abcdef";
  out += '"';
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (byte < 0x20U) {
      out += "\\u00";
      out += kHex[byte >> 4U];
      out += kHex[byte & 0x0FU];
    } else {
      out += c;
    }
  }
  out += '"';
}

}  // namespace

std::optional<FlatJsonObject> FlatJsonObject::parse(std::string_view text) {
  return Reader(text).object();
}

FlatJsonObject& FlatJsonObject::add(std::string name, Value value) {
  if (contains(name)) throw std::logic_error("duplicate JSON member: " + name);
  members_.emplace_back(std::move(name), std::move(value));
  return *this;
}

std::string FlatJsonObject::serialize() const {
  std::string out = "{";
  for (const auto& [name, value] : members_) {
    if (out.size() > 1) out += ',';
    append_quoted(out, name);
    out += ':';
    if (const auto* text = std::get_if<std::string>(&value)) {
      append_quoted(out, *text);
    } else {
      out += std::to_string(std::get<std::int64_t>(value));
    }
  }
  out += '}';
  return out;
}

const std::string* FlatJsonObject::string(std::string_view name) const noexcept {
  const auto* value = find(name);
  return value != nullptr ? std::get_if<std::string>(value) : nullptr;
}

std::optional<std::int64_t> FlatJsonObject::integer(std::string_view name) const noexcept {
  const auto* value = find(name);
  if (value == nullptr) return std::nullopt;
  if (const auto* number = std::get_if<std::int64_t>(value)) return *number;
  return std::nullopt;
}

const FlatJsonObject::Value* FlatJsonObject::find(std::string_view name) const noexcept {
  for (const auto& [member_name, value] : members_) {
    if (member_name == name) return &value;
  }
  return nullptr;
}

}  // namespace artshop::crypto
