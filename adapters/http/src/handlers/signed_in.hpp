#pragma once

#include <functional>
#include <string_view>

#include "artshop/core/accounts/sessions.hpp"
#include "artshop/http/json.hpp"
#include "artshop/http/router.hpp"

namespace artshop::http::handlers {

// The token of an `Authorization: Bearer <token>` header; empty when there is none.
std::string_view bearer_token(const Request& request);

// A handler for signed-in callers only: anything but a valid access token answers 401 with
// `WWW-Authenticate: Bearer`, before the body is even looked at.
Handler signed_in(const Authenticate& authenticate,
                  std::function<Response(const Request&, const Caller&)> handler);

}  // namespace artshop::http::handlers
