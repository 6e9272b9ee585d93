#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace artshop::http {

class BodyStream;

using Fields = std::vector<std::pair<std::string, std::string>>;

// One HTTP request as a handler sees it: already read in full, free of any transport type.
// Every member has a default, so designated initializers may name only some of them.
struct Request {
  std::string method{};  // "GET"
  std::string target{};  // as sent: "/api/offers?page=2"
  std::string path{};    // percent-decoded, without the query: "/api/offers"
  Fields query{};        // decoded name/value pairs in order
  Fields headers{};
  std::string body{};
  std::string remote_address{};
  std::string request_id{};
  Fields path_params{};  // from the route's {name} segments

  // Lookups ignore the case of the name; the first occurrence wins.
  std::optional<std::string> query_param(std::string_view name) const;
  std::optional<std::string_view> header(std::string_view name) const;
  std::optional<std::string_view> path_param(std::string_view name) const;
};

struct Response {
  unsigned status = 200;
  Fields headers{};
  std::string body{};
  // Bytes a cache keeps, sent instead of `body` (then empty) without being copied: a file or a
  // page answered from memory costs no allocation of its size.
  std::shared_ptr<const std::string> kept_body{};
  // A body sent as it is made (body_stream.hpp), of a length known up front; `body` is then
  // empty. Only answers made on a worker thread carry one: that thread makes the body.
  std::shared_ptr<BodyStream> stream{};

  // What goes out: the kept bytes, or else the body.
  std::string_view bytes() const noexcept { return kept_body ? *kept_body : body; }

  // Replaces a header of the same name (any case), or adds it.
  void set_header(std::string name, std::string value);
  std::optional<std::string_view> header(std::string_view name) const;
};

bool iequals(std::string_view a, std::string_view b) noexcept;

}  // namespace artshop::http
