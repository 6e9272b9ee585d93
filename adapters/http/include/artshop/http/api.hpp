#pragma once

#include "artshop/core/accounts/passwords.hpp"
#include "artshop/core/accounts/profile.hpp"
#include "artshop/core/accounts/registration.hpp"
#include "artshop/core/accounts/sessions.hpp"
#include "artshop/core/catalogue/browse.hpp"
#include "artshop/core/exchange_rates.hpp"
#include "artshop/http/router.hpp"

namespace artshop::http {

// The account use cases, built by the app. Handlers call them from several worker threads.
struct AccountsApi {
  RegisterAccount& register_account;
  LogIn& log_in;
  RefreshSession& refresh_session;
  RequestPasswordReset& request_password_reset;
  ResetPassword& reset_password;
  ChangePassword& change_password;
  GetProfile& get_profile;
  UpdateProfile& update_profile;
  UpdateBilling& update_billing;
  const Authenticate& authenticate;
};

struct CatalogueApi {
  BrowseOffers& browse_offers;
  LatestOffers& latest_offers;
  GetOffer& get_offer;
  ListCategories& list_categories;
};

// What the API's handlers call: the use cases and read models, built by the app.
struct Api {
  const ExchangeRateSource& rates;
  AccountsApi accounts;
  CatalogueApi catalogue;
};

// The whole REST surface in one table.
Router api_routes(const Api& api);

}  // namespace artshop::http
