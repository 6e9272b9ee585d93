#pragma once

#include "artshop/http/api.hpp"
#include "artshop/http/client_address.hpp"

namespace artshop::http::handlers {

// The account calls of SPEC.md section 7: parse the payload, call the use case, map the result.
// The limited calls count by the client `clients` tells apart (ClientAddresses::rate_limit_key()).
Handler register_account(RegisterAccount& use_case, const ClientAddresses& clients);
Handler log_in(LogIn& use_case, const ClientAddresses& clients);
Handler refresh_session(RefreshSession& use_case);
Handler log_out(const Authenticate& authenticate, LogOut& use_case);
Handler request_password_reset(RequestPasswordReset& use_case, const ClientAddresses& clients);
Handler reset_password(ResetPassword& use_case, const ClientAddresses& clients);
Handler change_password(const Authenticate& authenticate, ChangePassword& use_case);
Handler get_profile(const Authenticate& authenticate, GetProfile& use_case);
Handler update_profile(const Authenticate& authenticate, UpdateProfile& use_case);
Handler update_billing(const Authenticate& authenticate, UpdateBilling& use_case);

}  // namespace artshop::http::handlers
