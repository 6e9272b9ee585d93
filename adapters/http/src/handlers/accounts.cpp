#include "handlers/accounts.hpp"

#include <boost/json.hpp>

#include "artshop/core/text.hpp"
#include "artshop/http/json.hpp"
#include "handlers/signed_in.hpp"

namespace artshop::http::handlers {
namespace {

namespace json = boost::json;

// Reads the JSON object body and its fields, then calls `work` with them; a body that is not
// a JSON object, or fields of the wrong type, are answered before `work` runs.
template <class Work>
Response with_fields(const Request& request, Work&& work) {
  auto body = read_json_object(request);
  if (!body) return std::move(body.error());
  JsonFields fields(*body);
  auto response = work(fields);
  if (!fields.errors().empty()) {
    return error_response(Error::validation(fields.errors()), request.request_id);
  }
  return response;
}

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

Handler register_account(RegisterAccount& use_case, const TrustedProxies& proxies) {
  return [&use_case, &proxies](const Request& request) {
    return with_fields(request, [&](JsonFields& fields) {
      RegisterCommand command{
          .form = {.email = fields.string("email"),
                   .password = fields.string("password"),
                   .repeated_password = fields.string("repeatedPassword"),
                   .agreed_to_privacy_policy = fields.boolean("agreedToPrivacyPolicy")},
          .client_address = client_address(request, proxies)};
      if (!fields.errors().empty()) return Response{};
      return answer(request, use_case(std::move(command)), [](const Registered& registered) {
        return json::value{{"email", registered.email}};
      });
    });
  };
}

Handler log_in(LogIn& use_case, const TrustedProxies& proxies) {
  return [&use_case, &proxies](const Request& request) {
    return with_fields(request, [&](JsonFields& fields) {
      LogInCommand command{.email = fields.string("email"),
                           .password = fields.string("password"),
                           .client_address = client_address(request, proxies)};
      if (!fields.errors().empty()) return Response{};
      return answer(request, use_case(std::move(command)), tokens_json);
    });
  };
}

Handler refresh_session(RefreshSession& use_case) {
  return [&use_case](const Request& request) {
    return with_fields(request, [&](JsonFields& fields) {
      const auto token = fields.string("refreshToken");
      if (!fields.errors().empty()) return Response{};
      return answer(request, use_case(token), tokens_json);
    });
  };
}

Handler log_out(const Authenticate& authenticate, LogOut& use_case) {
  return signed_in(authenticate, [&use_case](const Request& request, const Caller& caller) {
    LogOutCommand command{.caller = caller, .refresh_token = {}};
    // The body is optional: a client that lost its refresh token can still end its login.
    if (!text::trim(request.body).empty()) {
      auto body = read_json_object(request);
      if (!body) return std::move(body.error());
      JsonFields fields(*body);
      command.refresh_token = fields.string("refreshToken");
      if (!fields.errors().empty()) {
        return error_response(Error::validation(fields.errors()), request.request_id);
      }
    }
    if (auto ended = use_case(command); !ended) {
      return error_response(ended.error(), request.request_id);
    }
    return Response{.status = 204};
  });
}

Handler request_password_reset(RequestPasswordReset& use_case, const TrustedProxies& proxies) {
  return [&use_case, &proxies](const Request& request) {
    return with_fields(request, [&](JsonFields& fields) {
      ForgotPasswordCommand command{.form = {.email = fields.string("email")},
                                    .client_address = client_address(request, proxies)};
      if (!fields.errors().empty()) return Response{};
      return answer(request, use_case(std::move(command)), [](std::string_view text) {
        return json::value{{"message", text}};
      });
    });
  };
}

Handler reset_password(ResetPassword& use_case, const TrustedProxies& proxies) {
  return [&use_case, &proxies](const Request& request) {
    return with_fields(request, [&](JsonFields& fields) {
      ResetPasswordCommand command{.form = {.email = fields.string("email"),
                                            .password = fields.string("password"),
                                            .repeated_password = fields.string("repeatedPassword"),
                                            .code = fields.string("code")},
                                   .client_address = client_address(request, proxies)};
      if (!fields.errors().empty()) return Response{};
      return message(request, use_case(std::move(command)),
                     "Your password has been reset. Log in with the new password.");
    });
  };
}

Handler change_password(const Authenticate& authenticate, ChangePassword& use_case) {
  return signed_in(authenticate, [&use_case](const Request& request, const Caller& caller) {
    return with_fields(request, [&](JsonFields& fields) {
      ChangePasswordCommand command{
          .caller = caller,
          .form = {.current_password = fields.string("currentPassword"),
                   .password = fields.string("password"),
                   .repeated_password = fields.string("repeatedPassword")}};
      if (!fields.errors().empty()) return Response{};
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
    return with_fields(request, [&](JsonFields& fields) {
      ProfileForm form{.first_name = fields.string("firstName"),
                       .last_name = fields.string("lastName")};
      if (!fields.errors().empty()) return Response{};
      return answer(request, use_case(caller.user, std::move(form)), profile_json);
    });
  });
}

Handler update_billing(const Authenticate& authenticate, UpdateBilling& use_case) {
  return signed_in(authenticate, [&use_case](const Request& request, const Caller& caller) {
    return with_fields(request, [&](JsonFields& fields) {
      BillingForm form{.country = fields.string("country"),
                       .state = fields.string("state"),
                       .city = fields.string("city"),
                       .address1 = fields.string("address1"),
                       .zip_code = fields.string("zipCode")};
      if (!fields.errors().empty()) return Response{};
      return answer(request, use_case(caller.user, std::move(form)), profile_json);
    });
  });
}

}  // namespace artshop::http::handlers
