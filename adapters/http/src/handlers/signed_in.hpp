#pragma once

#include <functional>
#include <optional>
#include <string_view>

#include "artshop/core/accounts/authenticate.hpp"
#include "artshop/core/accounts/caller.hpp"
#include "artshop/core/staff/authenticate_staff.hpp"
#include "artshop/http/json.hpp"
#include "artshop/http/router.hpp"

namespace artshop::http::handlers {

// The token of an `Authorization: Bearer <token>` header; empty when there is none.
std::string_view bearer_token(const Request& request);

// A handler for signed-in callers only: anything but a valid access token answers 401 with
// `WWW-Authenticate: Bearer`, before the body is even looked at.
Handler signed_in(const Authenticate& authenticate,
                  std::function<Response(const Request&, const Caller&)> handler);

// A handler for calls open to everyone that still want to know who is signed in: without a
// bearer token the caller is a visitor (nullopt). A token that is not a valid access
// token answers 401 as for signed-in calls, so the client refreshes it instead of having its
// call quietly made as a visitor's.
Handler signed_in_or_visitor(
    const Authenticate& authenticate,
    std::function<Response(const Request&, const std::optional<Caller>&)> handler);

// A handler for signed-in staff only: anything but a live staff session is answered 403 "Sign
// in to the back office." before the body is looked at (docs/back-office.md).
Handler signed_in_staff(const AuthenticateStaff& authenticate,
                        std::function<Response(const Request&, const StaffActor&)> handler);

}  // namespace artshop::http::handlers
