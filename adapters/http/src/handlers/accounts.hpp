#pragma once

#include "artshop/http/api.hpp"

namespace artshop::http::handlers {

// The account calls of SPEC.md section 7: parse the payload, call the use case, map the result.
Handler register_account(RegisterAccount& use_case);
Handler log_in(LogIn& use_case);
Handler refresh_session(RefreshSession& use_case);
Handler request_password_reset(RequestPasswordReset& use_case);
Handler reset_password(ResetPassword& use_case);
Handler change_password(const Authenticate& authenticate, ChangePassword& use_case);
Handler get_profile(const Authenticate& authenticate, GetProfile& use_case);
Handler update_profile(const Authenticate& authenticate, UpdateProfile& use_case);
Handler update_billing(const Authenticate& authenticate, UpdateBilling& use_case);

}  // namespace artshop::http::handlers
