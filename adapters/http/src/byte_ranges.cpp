#include "byte_ranges.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <optional>

#include "text.hpp"

namespace artshop::http {
namespace {

// If-None-Match uses the weak comparison: a W/ prefix does not matter.
bool etag_listed(std::string_view list, std::string_view etag) {
  bool listed = false;
  for_each_item(list, ',', [&](std::string_view item) {
    if (item.starts_with("W/")) item.remove_prefix(2);
    listed = listed || item == "*" || item == etag;
  });
  return listed;
}

std::optional<std::uintmax_t> parse_number(std::string_view text) {
  std::uintmax_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc{} || end != text.data() + text.size()) return std::nullopt;
  return value;
}

// One range of "bytes=a-b", "bytes=a-" or "bytes=-n"; nullopt for anything else, which is
// answered with the whole object as RFC 9110 allows.
std::optional<ByteSelection> parse_range(std::string_view header, std::uintmax_t size) {
  constexpr std::string_view kUnit = "bytes=";
  constexpr ByteSelection kUnsatisfiable{.kind = ByteSelection::Kind::Unsatisfiable};
  if (!header.starts_with(kUnit) || header.find(',') != std::string_view::npos) return std::nullopt;
  const auto spec = text::trim(header.substr(kUnit.size()));
  const auto dash = spec.find('-');
  if (dash == std::string_view::npos) return std::nullopt;
  const auto first_text = spec.substr(0, dash);
  const auto last_text = spec.substr(dash + 1);

  if (first_text.empty()) {
    const auto suffix = parse_number(last_text);
    if (!suffix) return std::nullopt;
    if (*suffix == 0 || size == 0) return kUnsatisfiable;
    return ByteSelection{ByteSelection::Kind::Partial, size - std::min(*suffix, size), size - 1};
  }
  const auto first = parse_number(first_text);
  const auto last = last_text.empty() ? std::optional(UINTMAX_MAX) : parse_number(last_text);
  if (!first || !last || *last < *first) return std::nullopt;
  if (*first >= size) return kUnsatisfiable;
  return ByteSelection{ByteSelection::Kind::Partial, *first, std::min(*last, size - 1)};
}

}  // namespace

ByteSelection select_bytes(const Request& request, std::string_view etag, std::uintmax_t size) {
  if (etag_listed(request.header("If-None-Match").value_or(""), etag)) {
    return {.kind = ByteSelection::Kind::NotModified};
  }
  const ByteSelection whole{.kind = ByteSelection::Kind::Whole, .first = 0, .last = size - 1};
  const auto range_header = request.header("Range");
  // If-Range: a client holding an older copy gets the whole new object instead of a piece.
  const auto if_range = request.header("If-Range");
  if (!range_header || (if_range && *if_range != etag)) return whole;
  return parse_range(*range_header, size).value_or(whole);
}

void describe_selection(Response& response, const ByteSelection& selection, std::uintmax_t size) {
  switch (selection.kind) {
    case ByteSelection::Kind::NotModified:
      response.status = 304;
      return;
    case ByteSelection::Kind::Unsatisfiable:
      response.status = 416;
      response.set_header("Content-Range", fmt::format("bytes */{}", size));
      return;
    case ByteSelection::Kind::Partial:
      response.status = 206;
      response.set_header("Content-Range",
                          fmt::format("bytes {}-{}/{}", selection.first, selection.last, size));
      return;
    case ByteSelection::Kind::Whole:
      response.status = 200;
      return;
  }
}

}  // namespace artshop::http
