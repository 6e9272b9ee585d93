#include "handlers/request_fields.hpp"

#include <charconv>

namespace artshop::http::handlers {

std::optional<std::int64_t> path_id(const Request& request, std::string_view name) {
  const auto text = request.path_param(name).value_or("");
  std::int64_t id = 0;
  const auto* end = text.data() + text.size();
  const auto [rest, error] = std::from_chars(text.data(), end, id);
  if (text.empty() || error != std::errc{} || rest != end || id <= 0) return std::nullopt;
  return id;
}

std::optional<Response> field_errors(const Request& request, const JsonFields& fields,
                                     const ValidationErrors& extra) {
  if (fields.errors().empty() && extra.empty()) return std::nullopt;
  auto errors = fields.errors();
  errors.merge(extra);
  return error_response(Error::validation(std::move(errors)), request.request_id);
}

}  // namespace artshop::http::handlers
