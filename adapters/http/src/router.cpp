#include "artshop/http/router.hpp"

#include <algorithm>
#include <stdexcept>

#include "url.hpp"

namespace artshop::http {
namespace {

// "/a/b/" and "/a/b" are the same path; "/" has no segments.
std::vector<std::string_view> split_path(std::string_view path) {
  std::vector<std::string_view> segments;
  if (path.starts_with('/')) path.remove_prefix(1);
  if (path.ends_with('/')) path.remove_suffix(1);
  if (path.empty()) return segments;
  while (true) {
    const auto slash = path.find('/');
    segments.push_back(path.substr(0, slash));
    if (slash == std::string_view::npos) return segments;
    path.remove_prefix(slash + 1);
  }
}

bool answers(std::string_view route_method, std::string_view method) {
  return route_method == method || (method == "HEAD" && route_method == "GET");
}

}  // namespace

void Router::add(std::string_view method, std::string_view pattern, Handler handler,
                 RouteOptions options) {
  if (!pattern.starts_with('/')) {
    throw std::invalid_argument("route pattern must start with '/': " + std::string(pattern));
  }
  Route route{.method = std::string(method),
              .pattern = std::string(pattern),
              .segments = {},
              .handler = std::move(handler),
              .options = options};
  for (const auto text : split_path(pattern)) {
    const bool is_parameter = text.starts_with('{') && text.ends_with('}') && text.size() > 2;
    const auto name = is_parameter ? text.substr(1, text.size() - 2) : text;
    if (name.empty() || name.find_first_of("{}") != std::string_view::npos) {
      throw std::invalid_argument("malformed route pattern: " + std::string(pattern));
    }
    route.segments.push_back({std::string(name), is_parameter});
  }
  const auto same_shape = [&](const Route& other) {
    return other.method == route.method &&
           std::ranges::equal(other.segments, route.segments, [](const auto& a, const auto& b) {
             return a.is_parameter == b.is_parameter && (a.is_parameter || iequals(a.text, b.text));
           });
  };
  if (std::ranges::any_of(routes_, same_shape)) {
    throw std::invalid_argument("route registered twice: " + route.method + " " + route.pattern);
  }
  routes_.push_back(std::move(route));
}

RouteMatch Router::match(std::string_view method, std::string_view path) const {
  std::vector<std::string> segments;
  for (const auto raw : split_path(path)) {
    auto decoded = percent_decode(raw);
    if (!decoded) return {};
    segments.push_back(std::move(*decoded));
  }

  const auto matches_path = [&](const Route& route) {
    return std::ranges::equal(route.segments, segments, [](const Segment& s, const std::string& t) {
      return s.is_parameter || iequals(s.text, t);
    });
  };
  // Among routes matching the same path, the first literal where the other has a parameter wins.
  const auto more_specific = [](const Route& a, const Route& b) {
    for (std::size_t i = 0; i < a.segments.size(); ++i) {
      if (a.segments[i].is_parameter != b.segments[i].is_parameter) {
        return !a.segments[i].is_parameter;
      }
    }
    return false;
  };

  const Route* best = nullptr;
  const Route* best_any_method = nullptr;
  std::vector<std::string_view> allowed;
  const auto allow_method = [&](std::string_view name) {
    if (std::ranges::find(allowed, name) == allowed.end()) allowed.push_back(name);
  };
  for (const auto& route : routes_) {
    if (!matches_path(route)) continue;
    if (!best_any_method || more_specific(route, *best_any_method)) best_any_method = &route;
    if (answers(route.method, method) && (!best || more_specific(route, *best))) best = &route;
    allow_method(route.method);
    if (route.method == "GET") allow_method("HEAD");
  }

  if (best) {
    RouteMatch found{.outcome = RouteMatch::Outcome::Found,
                     .handler = &best->handler,
                     .options = best->options,
                     .pattern = best->pattern};
    for (std::size_t i = 0; i < segments.size(); ++i) {
      if (best->segments[i].is_parameter) {
        found.path_params.emplace_back(best->segments[i].text, std::move(segments[i]));
      }
    }
    return found;
  }
  if (best_any_method) {
    std::string allow;
    for (const auto name : allowed) allow.append(allow.empty() ? "" : ", ").append(name);
    return {.outcome = RouteMatch::Outcome::MethodNotAllowed,
            .pattern = best_any_method->pattern,
            .allow = std::move(allow)};
  }
  return {};
}

}  // namespace artshop::http
