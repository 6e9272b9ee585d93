#include "handlers/accounts.hpp"

#include <boost/json.hpp>

#include "artshop/core/text.hpp"
#include "artshop/http/json.hpp"
#include "handlers/request_fields.hpp"
#include "handlers/signed_in.hpp"

namespace artshop::http::handlers {
namespace {

namespace json = boost::json;

// Maps a use case's result: a value through `to_json`, an error to its status.
template <class T, class ToJson>
Response answer(const Request& request, const Result<T>& result, ToJson&& to_json) {
  if (!result) return error_response(result.error(), request.request_id);
  return json_response(200, to_json(*result));
}

Response message(const Request& request, const Result<void>& result, std::string_view text) {
  if (!result) return error_response(result.error(), request.request_id);
  return json_response(200, json::object{{"message", text}});
}

json::value tokens_json(const SessionTokens& tokens) {
  return {{"accessToken", tokens.access_token}, {"refreshToken", tokens.refresh_token}};
}

json::value profile_json(const Account& account) {
  const auto& billing = account.billing;
  return {{"email", account.email},
          {"firstName", account.first_name},
          {"lastName", account.last_name},
          {"billing",
           {{"country", billing.country},
            {"state", billing.state},
            {"city", billing.city},
            {"address1", billing.address1},
            {"zipCode", billing.zip_code}}}};
}

}  // namespace

Handler register_account(RegisterAccount& use_case, const ClientAddresses& clients) {
  return [&use_case, &clients](const Request& request) {
    const auto read = [&](JsonFields& fields) {
      return RegisterCommand{
          .form = {.email = fields.string("email"),
                   .password = fields.string("password"),
                   .repeated_password = fields.string("repeatedPassword"),
                   .agreed_to_privacy_policy = fields.boolean("agreedToPrivacyPolicy")},
          .client_address = clients.rate_limit_key(request)};
    };
    return read_then_call(request, read, [&](RegisterCommand command) {
      return answer(request, use_case(std::move(command)), [](const Registered& registered) {
        return json::value{{"email", registered.email}};
      });
    });
  };
}

Handler log_in(LogIn& use_case, const ClientAddresses& clients) {
  return [&use_case, &clients](const Request& request) {
    const auto read = [&](JsonFields& fields) {
      return LogInCommand{.email = fields.string("email"),
                          .password = fields.string("password"),
                          .client_address = clients.rate_limit_key(request)};
    };
    return read_then_call(request, read, [&](LogInCommand command) {
      return answer(request, use_case(std::move(command)), tokens_json);
    });
  };
}

Handler refresh_session(RefreshSession& use_case) {
  return [&use_case](const Request& request) {
    const auto read = [](JsonFields& fields) { return fields.string("refreshToken"); };
    return read_then_call(request, read, [&](const std::string& token) {
      return answer(request, use_case(token), tokens_json);
    });
  };
}

Handler log_out(const Authenticate& authenticate, LogOut& use_case) {
  return signed_in(authenticate, [&use_case](const Request& request, const Caller& caller) {
    const auto call = [&](const LogOutCommand& command) {
      if (auto ended = use_case(command); !ended) {
        return error_response(ended.error(), request.request_id);
      }
      return Response{.status = 204};
    };
    // The body is optional: a client that lost its refresh token can still end its login.
    if (text::trim(request.body).empty()) return call({.caller = caller, .refresh_token = {}});
    const auto read = [&](JsonFields& fields) {
      return LogOutCommand{.caller = caller, .refresh_token = fields.string("refreshToken")};
    };
    return read_then_call(request, read, call);
  });
}

Handler request_password_reset(RequestPasswordReset& use_case, const ClientAddresses& clients) {
  return [&use_case, &clients](const Request& request) {
    const auto read = [&](JsonFields& fields) {
      return ForgotPasswordCommand{.form = {.email = fields.string("email")},
                                   .client_address = clients.rate_limit_key(request)};
    };
    return read_then_call(request, read, [&](ForgotPasswordCommand command) {
      return answer(request, use_case(std::move(command)), [](std::string_view text) {
        return json::value{{"message", text}};
      });
    });
  };
}

Handler reset_password(ResetPassword& use_case, const ClientAddresses& clients) {
  return [&use_case, &clients](const Request& request) {
    const auto read = [&](JsonFields& fields) {
      return ResetPasswordCommand{.form = {.email = fields.string("email"),
                                           .password = fields.string("password"),
                                           .repeated_password = fields.string("repeatedPassword"),
                                           .code = fields.string("code")},
                                  .client_address = clients.rate_limit_key(request)};
    };
    return read_then_call(request, read, [&](ResetPasswordCommand command) {
      return message(request, use_case(std::move(command)),
                     "Your password has been reset. Log in with the new password.");
    });
  };
}

Handler change_password(const Authenticate& authenticate, ChangePassword& use_case) {
  return signed_in(authenticate, [&use_case](const Request& request, const Caller& caller) {
    const auto read = [&](JsonFields& fields) {
      return ChangePasswordCommand{
          .caller = caller,
          .form = {.current_password = fields.string("currentPassword"),
                   .password = fields.string("password"),
                   .repeated_password = fields.string("repeatedPassword")}};
    };
    return read_then_call(request, read, [&](ChangePasswordCommand command) {
      return message(request, use_case(std::move(command)), "Your password has been changed.");
    });
  });
}

Handler get_profile(const Authenticate& authenticate, GetProfile& use_case) {
  return signed_in(authenticate, [&use_case](const Request& request, const Caller& caller) {
    return answer(request, use_case(caller.user), profile_json);
  });
}

Handler update_profile(const Authenticate& authenticate, UpdateProfile& use_case) {
  return signed_in(authenticate, [&use_case](const Request& request, const Caller& caller) {
    const auto read = [](JsonFields& fields) {
      return ProfileForm{.first_name = fields.string("firstName"),
                         .last_name = fields.string("lastName")};
    };
    return read_then_call(request, read, [&](ProfileForm form) {
      return answer(request, use_case(caller.user, std::move(form)), profile_json);
    });
  });
}

Handler update_billing(const Authenticate& authenticate, UpdateBilling& use_case) {
  return signed_in(authenticate, [&use_case](const Request& request, const Caller& caller) {
    const auto read = [](JsonFields& fields) {
      return BillingForm{.country = fields.string("country"),
                         .state = fields.string("state"),
                         .city = fields.string("city"),
                         .address1 = fields.string("address1"),
                         .zip_code = fields.string("zipCode")};
    };
    return read_then_call(request, read, [&](BillingForm form) {
      return answer(request, use_case(caller.user, std::move(form)), profile_json);
    });
  });
}

}  // namespace artshop::http::handlers
