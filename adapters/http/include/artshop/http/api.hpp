#pragma once

#include <string_view>

#include "artshop/core/accounts/passwords.hpp"
#include "artshop/core/accounts/profile.hpp"
#include "artshop/core/accounts/registration.hpp"
#include "artshop/core/accounts/sessions.hpp"
#include "artshop/core/catalogue/browse.hpp"
#include "artshop/core/exchange_rates.hpp"
#include "artshop/core/generation/generation.hpp"
#include "artshop/core/orders/artworks.hpp"
#include "artshop/core/orders/checkout.hpp"
#include "artshop/core/orders/idempotency.hpp"
#include "artshop/core/orders/payment_gateway.hpp"
#include "artshop/core/orders/payments.hpp"
#include "artshop/core/orders/wallet.hpp"
#include "artshop/core/support/tickets.hpp"
#include "artshop/http/client_address.hpp"
#include "artshop/http/router.hpp"

namespace artshop::http {

// The account use cases, built by the app. Handlers call them from several worker threads.
struct AccountsApi {
  RegisterAccount& register_account;
  LogIn& log_in;
  RefreshSession& refresh_session;
  LogOut& log_out;
  RequestPasswordReset& request_password_reset;
  ResetPassword& reset_password;
  ChangePassword& change_password;
  GetProfile& get_profile;
  UpdateProfile& update_profile;
  UpdateBilling& update_billing;
  const Authenticate& authenticate;
  // Runs the calls that hash a password (log in, sign up, reset, change), apart from the rest.
  Executor& password_work;
};

struct CatalogueApi {
  BrowseOffers& browse_offers;
  LatestOffers& latest_offers;
  GetOffer& get_offer;
  ListCategories& list_categories;
  // Where the offer calls run; nullptr: the server's pool for ordinary API calls.
  Executor* executor = nullptr;
};

// Orders, payments, balances, gift cards and artworks (DESIGN.md section 6).
struct OrdersApi {
  const Authenticate& authenticate;
  PlaceOrder& place_order;
  ListOrders& list_orders;
  GetOrder& get_order;
  GetBalance& get_balance;
  StartDeposit& start_deposit;
  GetDeposit& get_deposit;
  RedeemGiftCard& redeem_gift_card;
  ListArtworks& list_artworks;
  DownloadArtwork& download_artwork;
  Executor& render_work;  // runs downloads, which render an artwork at the bought size
  HandlePaymentEvent& handle_payment_event;
  ReceivePaymentWebhook& receive_payment_webhook;
  IdempotencyKeys& idempotency_keys;
  // Where customers reach the shop, without a trailing slash: the provider sends them back to
  // pages under it. Read on every order, so the app may settle it (a port picked by the OS)
  // after building the routes and before serving.
  const std::string& public_url;
};

// Support tickets (DESIGN.md section 8), from visitors and signed-in customers alike.
struct SupportApi {
  const Authenticate& authenticate;
  CreateSupportTicket& create_ticket;
};

// What the API's handlers call: the use cases and read models, built by the app.
// Images generated on request (DESIGN.md section 7).
struct GenerationApi {
  const Authenticate& authenticate;
  GenerateImages& generate_images;
  ListGeneratedImages& list_generated_images;
  GetGenerationAllowance& get_generation_allowance;
  DownloadGeneratedImage& download_generated_image;
  // Runs the requests that draw images, apart from the rest: a full queue answers 503.
  Executor& executor;
  // What draws them, for the page to say so: "built-in" (abstract pictures, whatever the prompt
  // names) or "remote" (a configured image model that draws the prompt).
  std::string_view generator = "built-in";
};

struct Api {
  const ExchangeRateSource& rates;
  // Who the rate limits count: whose X-Forwarded-For names the client, and how much of an IPv6
  // address is one client (ClientAddresses::rate_limit_key()).
  const ClientAddresses& client_addresses;
  AccountsApi accounts;
  CatalogueApi catalogue;
  OrdersApi orders;
  SupportApi support;
  GenerationApi generation;
};

// The whole REST surface in one table. The app may add routes of its own to it (pages of a
// built-in payment provider under /payments/, which the server routes here too).
Router api_routes(const Api& api);

}  // namespace artshop::http
