#pragma once

#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string_view>
#include <type_traits>
#include <utility>

#include "artshop/core/validation.hpp"
#include "artshop/http/json.hpp"

// Reading a request into a use case's command, shared by every handler that takes a payload or
// a path parameter.
namespace artshop::http::handlers {

// The numeric `{name}` path parameter; nullopt when it is not a positive integer.
std::optional<std::int64_t> path_id(const Request& request, std::string_view name);

// The 400 answer to fields of the wrong type (those `fields` noted and `extra`), or nullopt
// when there are none: the one early return of a handler that read a payload.
std::optional<Response> field_errors(const Request& request, const JsonFields& fields,
                                     const ValidationErrors& extra = {});

// Reads a command from the JSON object body and answers `call(command)`. `read` is given the
// fields, `read(fields)`, or when it needs more the body and a map for errors of its own,
// `read(body, fields, errors)`. A body that is not a JSON object, or fields of the wrong type,
// are answered 400 and the use case is not called.
template <class Read, class Call>
Response read_then_call(const Request& request, Read&& read, Call&& call) {
  auto body = read_json_object(request);
  if (!body) return std::move(body.error());
  JsonFields fields(*body);
  ValidationErrors extra;
  auto command = [&] {
    if constexpr (std::is_invocable_v<Read&, JsonFields&>) {
      return read(fields);
    } else {
      return read(std::as_const(*body), fields, extra);
    }
  }();
  if (auto refused = field_errors(request, fields, extra)) return std::move(*refused);
  return call(std::move(command));
}

}  // namespace artshop::http::handlers
