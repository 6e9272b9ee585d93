// The request target and the router: "<METHOD> <target>" as on an HTTP request line. The
// target is split into a decoded path and query parameters, and the raw path is matched
// against every route of the published API (docs/openapi.json), read once at start-up.
// Nothing may crash; a match must bind exactly the route's {name} segments, an answer 405
// must say which methods are allowed, and percent-decoding must undo percent-encoding.
#include <boost/json/parse.hpp>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>

#include "artshop/http/router.hpp"
#include "fuzz/fuzz_input.hpp"
#include "url.hpp"

namespace {

using namespace artshop;
using namespace artshop::http;

Router published_routes() {
  std::ifstream file(ARTSHOP_SOURCE_DIR "/docs/openapi.json");
  const std::string text{std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
  const auto document = boost::json::parse(text);
  Router router;
  for (const auto& [path, operations] : document.at("paths").as_object()) {
    for (const auto& [method, operation] : operations.as_object()) {
      std::string upper(method);
      for (auto& c : upper) c = static_cast<char>(c - 'a' + 'A');
      router.add(upper, path, [](const Request&) { return Response{}; });
    }
  }
  return router;
}

const Router& router() {
  static const Router routes = published_routes();
  return routes;
}

std::size_t parameter_count(std::string_view pattern) {
  std::size_t count = 0;
  for (const char c : pattern) count += c == '{' ? 1 : 0;
  return count;
}

std::string percent_encode(std::string_view text) {
  constexpr std::string_view kHex = "0123456789ABCDEF";
  std::string encoded;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    encoded.append({'%', kHex[byte >> 4U], kHex[byte & 0xFU]});
  }
  return encoded;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  (void)router();  // a broken openapi.json shows at once, not as the first input's crash
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto [method, target] = fuzz::split_once(fuzz::as_text(data, size), ' ');

  Request request{.method = std::string(method), .target = std::string(target)};
  if (parse_target(request)) {
    fuzz::require(request.path.starts_with('/'), "a parsed path starts with '/'");
    for (const auto& [name, value] : request.query) {
      fuzz::require(request.query_param(name).has_value(), "every query parameter is found");
    }
  }

  const auto match = router().match(method, raw_path(target));
  switch (match.outcome) {
    case RouteMatch::Outcome::Found:
      fuzz::require(match.handler != nullptr, "a found route has a handler");
      fuzz::require(match.path_params.size() == parameter_count(match.pattern),
                    "a found route binds each of its parameters");
      break;
    case RouteMatch::Outcome::MethodNotAllowed:
      fuzz::require(!match.allow.empty(), "405 names the allowed methods");
      break;
    case RouteMatch::Outcome::NotFound:
      break;
  }

  const auto decoded = percent_decode(percent_encode(target));
  fuzz::require(decoded && *decoded == target, "decoding undoes encoding");
  return 0;
}
