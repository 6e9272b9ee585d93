#include "artshop/http/message.hpp"

#include <algorithm>

#include "artshop/core/text.hpp"

namespace artshop::http {
namespace {

std::optional<std::string_view> find_field(const Fields& fields, std::string_view name) {
  const auto found =
      std::ranges::find_if(fields, [&](const auto& field) { return iequals(field.first, name); });
  if (found == fields.end()) return std::nullopt;
  return found->second;
}

}  // namespace

bool iequals(std::string_view a, std::string_view b) noexcept {
  return text::equal_ignoring_ascii_case(a, b);
}

std::optional<std::string> Request::query_param(std::string_view name) const {
  const auto value = find_field(query, name);
  if (!value) return std::nullopt;
  return std::string(*value);
}

std::optional<std::string_view> Request::header(std::string_view name) const {
  return find_field(headers, name);
}

std::optional<std::string_view> Request::path_param(std::string_view name) const {
  return find_field(path_params, name);
}

void Response::set_header(std::string name, std::string value) {
  const auto found =
      std::ranges::find_if(headers, [&](const auto& field) { return iequals(field.first, name); });
  if (found == headers.end()) {
    headers.emplace_back(std::move(name), std::move(value));
  } else {
    found->second = std::move(value);
  }
}

std::optional<std::string_view> Response::header(std::string_view name) const {
  return find_field(headers, name);
}

}  // namespace artshop::http
