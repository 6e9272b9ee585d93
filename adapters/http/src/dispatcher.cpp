#include "dispatcher.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <random>

#include "artshop/core/ports/database_unavailable.hpp"
#include "artshop/core/ports/transactions.hpp"
#include "artshop/http/body_stream.hpp"
#include "artshop/http/json.hpp"
#include "byte_ranges.hpp"
#include "url.hpp"

namespace artshop::http {
namespace {

constexpr std::string_view kContentSecurityPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; object-src 'none'; "
    "base-uri 'none'; frame-ancestors 'none'; form-action 'self'";
constexpr std::string_view kImmutable = "public, max-age=31536000, immutable";
constexpr std::string_view kRevalidate = "no-cache";
constexpr std::string_view kStaticRoute = "static";
constexpr std::string_view kMediaRoute = "media";
constexpr std::string_view kMediaPrefix = "/media/";

Response text_response(unsigned status, std::string_view text) {
  Response response{.status = status, .body = std::string(text)};
  response.set_header("Content-Type", "text/plain; charset=utf-8");
  return response;
}

bool has_segment_prefix(std::string_view path, std::string_view prefix) {
  return path.size() >= prefix.size() && iequals(path.substr(0, prefix.size()), prefix) &&
         (path.size() == prefix.size() || path[prefix.size()] == '/');
}

// The router's paths: the API, and the pages of a built-in payment provider the app adds.
bool is_routed_path(std::string_view path) {
  return has_segment_prefix(path, "/api") || has_segment_prefix(path, "/payments");
}

void add_vary(Response& response, std::string_view token) {
  const auto current = response.header("Vary");
  response.set_header("Vary",
                      current ? fmt::format("{}, {}", *current, token) : std::string(token));
}

// Text types are always labelled, so a browser never guesses an encoding.
void ensure_charset(Response& response) {
  const auto type = response.header("Content-Type");
  if (!type || type->find("charset") != std::string_view::npos) return;
  if (type->starts_with("text/") || type->starts_with("application/json") ||
      type->starts_with("application/javascript")) {
    response.set_header("Content-Type", fmt::format("{}; charset=utf-8", *type));
  }
}

bool is_safe_request_id(std::string_view id) {
  return !id.empty() && id.size() <= 128 && std::ranges::all_of(id, [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' ||
           c == '_' || c == '-';
  });
}

// A request's own words as they may go into a log line: control characters, quotes, backslashes
// and bytes outside printable ASCII escaped as \xNN, so a request can never start a forged line
// of its own or smuggle terminal escapes; cut after `limit` characters.
std::string log_safe(std::string_view text, std::size_t limit = 512) {
  if (text.empty()) return "-";
  std::string safe;
  safe.reserve(std::min(text.size(), limit) + 8);
  for (const char c : text.substr(0, limit)) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte >= 0x7f || c == '"' || c == '\\') {
      safe += fmt::format("\\x{:02x}", byte);
    } else {
      safe += c;
    }
  }
  if (text.size() > limit) safe += "...";
  return safe;
}

std::shared_ptr<spdlog::logger> access_logger() {
  // The app may configure its own "access" logger; otherwise it shares the default sinks.
  if (auto logger = spdlog::get("access")) return logger;
  auto logger = spdlog::default_logger()->clone("access");
  try {
    spdlog::register_logger(logger);
  } catch (const spdlog::spdlog_ex&) {
    return spdlog::get("access");  // registered meanwhile by another server
  }
  return logger;
}

}  // namespace

Dispatcher::Dispatcher(const ServerOptions& options, Router api,
                       std::function<bool()> readiness_check)
    : options_(options),
      api_(std::move(api)),
      readiness_check_(std::move(readiness_check)),
      front_end_(options.static_dir,
                 [](std::string_view path) {
                   return std::string(path.starts_with("assets/") ? kImmutable : kRevalidate);
                 }),
      media_(options.media_dir, [](std::string_view) { return std::string(kImmutable); }),
      access_log_(access_logger()) {
  // Load balancers ask it several times a second: the same bytes every time, made once.
  builtins_.add(
      "GET", "/healthz",
      [healthy = std::make_shared<const std::string>(R"({"status":"ok"})")](const Request&) {
        Response response{.status = 200, .kept_body = healthy};
        response.set_header("Content-Type", "application/json; charset=utf-8");
        return response;
      });
  builtins_.add("GET", "/readyz", [this](const Request&) {
    bool ready = false;
    try {
      ready = !readiness_check_ || readiness_check_();
    } catch (const std::exception& e) {
      spdlog::warn("readiness check failed: {}", e.what());
    }
    return ready ? json_response(200, {{"status", "ready"}})
                 : json_response(503, {{"status", "unavailable"}});
  });
  builtins_.add("GET", "/metrics", [this](const Request&) {
    Response response{.status = 200, .body = metrics_.render()};
    if (options_.extra_metrics) response.body += options_.extra_metrics();
    response.set_header("Content-Type", "text/plain; version=0.0.4; charset=utf-8");
    return response;
  });
}

Dispatcher::Target Dispatcher::target(const Request& request) const {
  const auto routed = [](RouteMatch match, bool builtin) {
    const auto route =
        match.outcome == RouteMatch::Outcome::NotFound ? kUnmatchedRoute : match.pattern;
    return Target{std::move(match), route, builtin};
  };
  const auto path = raw_path(request.target);
  if (auto match = builtins_.match(request.method, path);
      match.outcome != RouteMatch::Outcome::NotFound) {
    return routed(std::move(match), true);
  }
  if (is_routed_path(request.path)) return routed(api_.match(request.method, path), false);
  if (request.path.starts_with(kMediaPrefix)) return {{}, kMediaRoute};
  return {{}, kStaticRoute};
}

Dispatcher::Plan Dispatcher::plan(const Request& head) const {
  const auto [match, route, builtin] = target(head);
  const bool found = match.outcome == RouteMatch::Outcome::Found;
  return {.body_limit = found ? match.options.body_limit : options_.body_limit,
          .too_large = found ? match.options.too_large : std::string_view(),
          .route = route,
          .on_io_thread = builtin || route == kStaticRoute ||
                          (route == kMediaRoute && options_.media_store == nullptr),
          .executor = found ? match.options.executor : nullptr,
          .has_kept_answers = found && static_cast<bool>(match.options.kept_answer),
          .on_media_threads = route == kMediaRoute && options_.media_store != nullptr};
}

Response Dispatcher::busy() const {
  auto response = problem_response(503, "Service Unavailable");
  response.set_header("Retry-After", std::to_string(options_.busy_retry_after.count()));
  return response;
}

Response Dispatcher::unavailable(const Request& request, const std::exception& cause) const {
  spdlog::warn("request {} answered 503: {}", request.request_id, cause.what());
  return busy();
}

template <class Answering>
std::optional<Dispatcher::Answer> Dispatcher::guarded(Request& request,
                                                      Answering answering) const noexcept {
  std::string_view route = kUnmatchedRoute;
  try {
    return answering(route);
  } catch (const TransactionContention& e) {
    // Nothing was written: the client may send the same request again in a moment.
    return Answer{unavailable(request, e), route};
  } catch (const DatabaseUnavailable& e) {
    // The database is away (restarting, out of reach); the pool connects again once it is
    // back, so the same request may be sent again then. Never a 500: nothing is broken here.
    return Answer{unavailable(request, e), route};
  } catch (const std::exception& e) {
    return Answer{error_response(Error::internal(e.what()), request.request_id), route};
  } catch (...) {
    return Answer{error_response(Error::internal("unknown exception"), request.request_id), route};
  }
}

Dispatcher::Answer Dispatcher::handle(Request& request) const noexcept {
  return *guarded(request, [&](std::string_view& route) -> std::optional<Answer> {
    if (auto preflight = cors_preflight(request)) return Answer{std::move(*preflight), route};
    const auto target_found = target(request);
    route = target_found.route;
    if (route == kStaticRoute) return Answer{serve_front_end(request), route};
    if (route == kMediaRoute) return Answer{serve_media(request), route};
    return Answer{answer(target_found.match, request), route};
  });
}

std::optional<Dispatcher::Answer> Dispatcher::kept_answer(Request& request) const noexcept {
  return guarded(request, [&](std::string_view& route) -> std::optional<Answer> {
    const auto target_found = target(request);
    const auto& match = target_found.match;
    if (match.outcome != RouteMatch::Outcome::Found || !match.options.kept_answer) {
      return std::nullopt;
    }
    route = target_found.route;
    request.path_params = match.path_params;
    auto response = match.options.kept_answer(request);
    if (!response) return std::nullopt;
    return Answer{std::move(*response), route};
  });
}

Response Dispatcher::answer(const RouteMatch& match, Request& request) const {
  switch (match.outcome) {
    case RouteMatch::Outcome::Found:
      request.path_params = match.path_params;
      return (*match.handler)(request);
    case RouteMatch::Outcome::MethodNotAllowed: {
      auto response = problem_response(405, "Method Not Allowed");
      response.set_header("Allow", match.allow);
      return response;
    }
    case RouteMatch::Outcome::NotFound:
      break;
  }
  return problem_response(404, "Not Found");
}

std::optional<Response> Dispatcher::cors_preflight(const Request& request) const {
  const auto origin = request.header("Origin");
  if (request.method != "OPTIONS" || !origin || !request.header("Access-Control-Request-Method") ||
      std::ranges::find(options_.cors_origins, *origin) == options_.cors_origins.end()) {
    return std::nullopt;
  }
  Response response{.status = 204};
  response.set_header("Access-Control-Allow-Methods", "GET, HEAD, POST, PUT, PATCH, DELETE");
  response.set_header("Access-Control-Allow-Headers",
                      "Authorization, Content-Type, Idempotency-Key, X-Request-Id");
  response.set_header("Access-Control-Max-Age", "600");
  return response;
}

Response Dispatcher::serve_front_end(const Request& request) const {
  if (request.method != "GET" && request.method != "HEAD") {
    auto response = problem_response(405, "Method Not Allowed");
    response.set_header("Allow", "GET, HEAD");
    return response;
  }
  const auto relative = std::string_view(request.path).substr(1);
  if (auto file = front_end_.serve(request, relative)) return std::move(*file);
  // A missing hashed asset must not turn into HTML that the browser would run as a script.
  if (relative.starts_with("assets/")) return text_response(404, "Not Found");
  // Client-side routes (/gallery/picture/x) load the app, which then shows the right page.
  if (auto index = front_end_.serve(request, "index.html")) return std::move(*index);
  return text_response(404, "The front end has not been built.");
}

Response Dispatcher::serve_media(const Request& request) const {
  if (request.method != "GET" && request.method != "HEAD") {
    auto response = problem_response(405, "Method Not Allowed");
    response.set_header("Allow", "GET, HEAD");
    return response;
  }
  const auto relative = std::string_view(request.path).substr(kMediaPrefix.size());
  if (options_.media_store != nullptr) return serve_stored_media(request, relative);
  if (auto file = media_.serve(request, relative)) return std::move(*file);
  return text_response(404, "Not Found");
}

// As the folder's FileServer answers (byte_ranges.hpp), with the store's ETag; the bytes are
// read from the store while they are sent, only those the answer carries.
Response Dispatcher::serve_stored_media(const Request& request, std::string_view key) const {
  MediaStore& store = *options_.media_store;
  const auto object = store.find(key);
  if (!object) return text_response(404, "Not Found");
  Response response;
  response.set_header("ETag", object->etag);
  // Keys name their content: what is under one never changes.
  response.set_header("Cache-Control", std::string(kImmutable));
  response.set_header("Accept-Ranges", "bytes");
  const auto selection = select_bytes(request, object->etag, object->size);
  describe_selection(response, selection, object->size);
  if (selection.kind == ByteSelection::Kind::NotModified) return response;
  response.set_header("Content-Type", std::string(content_type_of(key)));
  if (selection.length() == 0) return response;
  response.stream = std::make_shared<BodyStream>(
      selection.length(),
      [&store, key = std::string(key), selection](BodyStream& body) {
        store.read(key, selection.first, selection.last,
                   [&body](std::string_view bytes) { return body.write(bytes); });
      },
      std::chrono::duration_cast<std::chrono::milliseconds>(options_.read_timeout));
  return response;
}

void Dispatcher::add_common_headers(const Request& request, Response& response) const {
  response.headers.reserve(response.headers.size() + 6);
  response.set_header("Content-Security-Policy", std::string(kContentSecurityPolicy));
  response.set_header("X-Content-Type-Options", "nosniff");
  response.set_header("Referrer-Policy", "strict-origin-when-cross-origin");
  response.set_header("X-Frame-Options", "DENY");
  if (options_.behind_tls) {
    response.set_header("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
  response.set_header("X-Request-Id", request.request_id);
  ensure_charset(response);

  if (options_.cors_origins.empty()) return;
  add_vary(response, "Origin");
  const auto origin = request.header("Origin");
  if (!origin || std::ranges::find(options_.cors_origins, *origin) == options_.cors_origins.end()) {
    return;
  }
  response.set_header("Access-Control-Allow-Origin", std::string(*origin));
  response.set_header("Access-Control-Allow-Credentials", "true");
  response.set_header("Access-Control-Expose-Headers",
                      "Content-Disposition, Idempotent-Replayed, Retry-After, X-Request-Id, "
                      "X-Images-Requested, X-Images-Returned, X-Generation-Seed");
}

void Dispatcher::finish(const Request& request, std::string_view route, Response& response,
                        std::chrono::steady_clock::duration elapsed) {
  add_common_headers(request, response);
  const auto seconds = std::chrono::duration<double>(elapsed).count();
  metrics_.request_finished(request.method, route, response.status, seconds);
  // The line's parts are made only when it is written (log_level warn or above turns it off).
  if (!access_log_->should_log(spdlog::level::info)) return;
  const auto bytes = request.method == "HEAD" ? 0
                     : response.stream        ? response.stream->length().value_or(0)
                                              : response.bytes().size();
  // The request id is safe by construction (request_id()); everything else the client chose.
  access_log_->info("{} {} {} {} {}B {:.1f}ms {}", request.request_id, log_safe(request.method, 16),
                    log_safe(request.path), response.status, bytes, seconds * 1000,
                    log_safe(request.remote_address, 64));
}

std::string Dispatcher::request_id(std::optional<std::string_view> incoming) {
  if (incoming && is_safe_request_id(*incoming)) return std::string(*incoming);
  thread_local std::mt19937_64 random{std::random_device{}()};
  return fmt::format("{:016x}", random());
}

}  // namespace artshop::http
