#include "framing.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>

namespace artshop::http {
namespace {

struct Occurrences {
  std::size_t count = 0;
  std::string_view value{};  // the first one's

  void add(std::string_view sent) {
    if (count++ == 0) value = sent;
  }
};

// The three fields the rules read, found in one pass over the head.
struct FramingFields {
  Occurrences transfer_encoding;
  Occurrences content_length;
  Occurrences host;

  explicit FramingFields(const Fields& headers) {
    for (const auto& [name, value] : headers) {
      if (iequals(name, "Transfer-Encoding")) {
        transfer_encoding.add(value);
      } else if (iequals(name, "Content-Length")) {
        content_length.add(value);
      } else if (iequals(name, "Host")) {
        host.add(value);
      }
    }
  }
};

std::string_view trimmed(std::string_view text) {
  constexpr std::string_view kSpace = " \t";
  const auto first = text.find_first_not_of(kSpace);
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(kSpace) - first + 1);
}

// One or more digits that fit in 64 bits: no sign, no list, no space inside.
bool is_one_length(std::string_view text) {
  constexpr auto kMaxDigits = std::numeric_limits<std::uint64_t>::digits10;
  text = trimmed(text);
  return !text.empty() && text.size() <= kMaxDigits &&
         std::ranges::all_of(text, [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

std::optional<std::string_view> framing_refusal(unsigned version, const Fields& headers) {
  const FramingFields fields(headers);
  const auto& [transfer_encoding, content_length, host] = fields;
  if (transfer_encoding.count > 0) {
    if (version < 11) return FramingRefusal::kTransferEncodingInHttp10;
    if (content_length.count > 0) return FramingRefusal::kBothLengths;
    if (transfer_encoding.count > 1 || !iequals(trimmed(transfer_encoding.value), "chunked")) {
      return FramingRefusal::kTransferCoding;
    }
  }
  if (content_length.count > 1 ||
      (content_length.count == 1 && !is_one_length(content_length.value))) {
    return FramingRefusal::kContentLength;
  }
  if (host.count > 1 || (host.count == 0 && version >= 11)) return FramingRefusal::kHost;
  return std::nullopt;
}

}  // namespace artshop::http
