#include "handlers/signed_in.hpp"

namespace artshop::http::handlers {

std::string_view bearer_token(const Request& request) {
  constexpr std::string_view kScheme = "bearer ";
  const auto header = request.header("Authorization").value_or("");
  if (header.size() <= kScheme.size() || !iequals(header.substr(0, kScheme.size()), kScheme)) {
    return {};
  }
  auto token = header.substr(kScheme.size());
  while (!token.empty() && token.front() == ' ') token.remove_prefix(1);
  return token;
}

Handler signed_in(const Authenticate& authenticate,
                  std::function<Response(const Request&, const Caller&)> handler) {
  return [&authenticate, handler = std::move(handler)](const Request& request) {
    const auto caller = authenticate(bearer_token(request));
    if (!caller) return error_response(caller.error(), request.request_id);
    return handler(request, *caller);
  };
}

Handler signed_in_or_visitor(
    const Authenticate& authenticate,
    std::function<Response(const Request&, const std::optional<Caller>&)> handler) {
  return [&authenticate, handler = std::move(handler)](const Request& request) {
    const auto token = bearer_token(request);
    if (token.empty()) return handler(request, std::nullopt);
    const auto caller = authenticate(token);
    if (!caller) return error_response(caller.error(), request.request_id);
    return handler(request, *caller);
  };
}

Handler signed_in_staff(const AuthenticateStaff& authenticate,
                        std::function<Response(const Request&, const StaffActor&)> handler) {
  return [&authenticate, handler = std::move(handler)](const Request& request) {
    const auto actor = authenticate(bearer_token(request));
    if (!actor) return error_response(actor.error(), request.request_id);
    return handler(request, *actor);
  };
}

}  // namespace artshop::http::handlers
