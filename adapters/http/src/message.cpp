#include "artshop/http/message.hpp"

#include <algorithm>

namespace artshop::http {
namespace {

std::optional<std::string_view> find_field(const Fields& fields, std::string_view name) {
  const auto found =
      std::ranges::find_if(fields, [&](const auto& field) { return iequals(field.first, name); });
  if (found == fields.end()) return std::nullopt;
  return found->second;
}

char lower(char c) noexcept {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

}  // namespace

bool iequals(std::string_view a, std::string_view b) noexcept {
  return std::ranges::equal(a, b, [](char x, char y) { return lower(x) == lower(y); });
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
