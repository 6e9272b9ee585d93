#pragma once

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/error.hpp"
#include "artshop/core/validation.hpp"
#include "artshop/http/message.hpp"

namespace artshop::http {

// A JSON request body, or the answer a handler returns at once when there is none: 415 for a
// Content-Type that is not JSON, 400 "The request body is not valid JSON." for anything that
// does not parse to an object (an empty body included).
using JsonBody = std::expected<boost::json::object, Response>;

JsonBody read_json_object(const Request& request);

// Property names are matched without regard to case; nullptr when absent.
const boost::json::value* find_property(const boost::json::object& object, std::string_view name);

// Reads a payload's fields by name, collecting every type error under the field's name so that
// one answer lists them all. Absent and null fields read as empty; unknown fields are ignored.
class JsonFields {
 public:
  explicit JsonFields(const boost::json::object& object) : object_(object) {}

  std::string string(std::string_view name) { return optional_string(name).value_or(""); }
  bool boolean(std::string_view name) { return optional_boolean(name).value_or(false); }
  std::int64_t int64(std::string_view name) { return optional_int64(name).value_or(0); }

  std::optional<std::string> optional_string(std::string_view name);
  std::optional<bool> optional_boolean(std::string_view name);
  std::optional<std::int64_t> optional_int64(std::string_view name);

  const ValidationErrors& errors() const noexcept { return errors_; }

 private:
  const boost::json::value* present(std::string_view name) const;

  const boost::json::object& object_;
  ValidationErrors errors_;
};

// `Content-Type: application/json; charset=utf-8`.
Response json_response(unsigned status, const boost::json::value& body);

// `{"title":title,"status":status}`, the body of every error without field details.
Response problem_response(unsigned status, std::string_view title);

// Maps a use case's error to its HTTP answer. An Internal error's detail goes to the log with
// the request id, never to the client.
Response error_response(const Error& error, std::string_view request_id);

}  // namespace artshop::http
