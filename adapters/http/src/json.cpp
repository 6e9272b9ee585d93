#include "artshop/http/json.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <cmath>
#include <limits>

#include "artshop/core/text.hpp"

namespace artshop::http {
namespace {

constexpr std::string_view kNotJson = "The request body is not valid JSON.";

// application/json, or a structured +json type such as application/problem+json.
bool is_json_media_type(std::string_view content_type) {
  const auto type = text::trim(content_type.substr(0, content_type.find(';')));
  constexpr std::string_view kApplication = "application/";
  constexpr std::string_view kJsonSuffix = "+json";
  if (iequals(type, "application/json")) return true;
  return type.size() > kApplication.size() + kJsonSuffix.size() &&
         iequals(type.substr(0, kApplication.size()), kApplication) &&
         iequals(type.substr(type.size() - kJsonSuffix.size()), kJsonSuffix);
}

std::optional<std::int64_t> as_int64(const boost::json::value& value) {
  if (const auto* i = value.if_int64()) return *i;
  if (const auto* u = value.if_uint64()) {
    if (*u <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) {
      return static_cast<std::int64_t>(*u);
    }
  }
  // 2.0 is a whole number too; the bound keeps the conversion defined.
  if (const auto* d = value.if_double()) {
    constexpr double kLimit = 9.2e18;
    if (std::trunc(*d) == *d && std::abs(*d) < kLimit) return static_cast<std::int64_t>(*d);
  }
  return std::nullopt;
}

boost::json::object errors_json(const ValidationErrors& fields) {
  boost::json::object errors;
  for (const auto& [field, messages] : fields.by_field()) {
    errors[field] = boost::json::array(messages.begin(), messages.end());
  }
  return errors;
}

}  // namespace

JsonBody read_json_object(const Request& request) {
  if (!is_json_media_type(request.header("Content-Type").value_or(""))) {
    return std::unexpected(problem_response(415, "Unsupported Media Type"));
  }
  boost::system::error_code ec;
  auto value = boost::json::parse(request.body, ec);
  if (ec || !value.is_object()) {
    return std::unexpected(error_response(Error::general(std::string(kNotJson)), {}));
  }
  return std::move(value.as_object());
}

const boost::json::value* find_property(const boost::json::object& object, std::string_view name) {
  if (const auto* exact = object.if_contains(name)) return exact;
  const auto found = std::ranges::find_if(
      object, [&](const auto& property) { return iequals(property.key(), name); });
  return found == object.end() ? nullptr : &found->value();
}

const boost::json::value* JsonFields::present(std::string_view name) const {
  const auto* value = find_property(object_, name);
  return value && !value->is_null() ? value : nullptr;
}

std::optional<std::string> JsonFields::optional_string(std::string_view name) {
  const auto* value = present(name);
  if (!value) return std::nullopt;
  if (const auto* text = value->if_string()) return std::string(*text);
  errors_.add(name, "Must be a string.");
  return std::nullopt;
}

std::optional<bool> JsonFields::optional_boolean(std::string_view name) {
  const auto* value = present(name);
  if (!value) return std::nullopt;
  if (const auto* flag = value->if_bool()) return *flag;
  errors_.add(name, "Must be true or false.");
  return std::nullopt;
}

std::optional<std::int64_t> JsonFields::optional_int64(std::string_view name) {
  const auto* value = present(name);
  if (!value) return std::nullopt;
  if (const auto number = as_int64(*value)) return number;
  errors_.add(name, "Must be a whole number.");
  return std::nullopt;
}

Response json_response(unsigned status, const boost::json::value& body) {
  Response response{.status = status, .body = boost::json::serialize(body)};
  response.set_header("Content-Type", "application/json; charset=utf-8");
  return response;
}

Response problem_response(unsigned status, std::string_view title) {
  return json_response(status, {{"title", title}, {"status", status}});
}

Response error_response(const Error& error, std::string_view request_id) {
  switch (error.kind) {
    case ErrorKind::Validation:
      return json_response(
          400,
          {{"title", "Validation failed"}, {"status", 400}, {"errors", errors_json(error.fields)}});
    case ErrorKind::Unauthenticated: {
      auto response = problem_response(401, "Unauthorized");
      response.set_header("WWW-Authenticate", "Bearer");
      return response;
    }
    case ErrorKind::Forbidden:
      return json_response(
          403, {{"title", "Forbidden"}, {"status", 403}, {"errors", errors_json(error.fields)}});
    case ErrorKind::NotFound:
      if (error.fields.empty()) return problem_response(404, "Not Found");
      return json_response(
          404, {{"title", "Not Found"}, {"status", 404}, {"errors", errors_json(error.fields)}});
    case ErrorKind::Conflict:
      if (error.fields.empty()) return problem_response(409, "Conflict");
      return json_response(
          409, {{"title", "Conflict"}, {"status", 409}, {"errors", errors_json(error.fields)}});
    case ErrorKind::TooManyRequests: {
      auto response = problem_response(429, "Too many requests.");
      response.set_header("Retry-After",
                          std::to_string(std::max<std::int64_t>(1, error.retry_after.count())));
      return response;
    }
    case ErrorKind::Internal:
      break;
  }
  spdlog::error("request {} failed: {}", request_id, error.detail);
  return json_response(500, {{"title", "An unexpected server error occurred."}});
}

}  // namespace artshop::http
