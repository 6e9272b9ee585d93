#pragma once

#include <string_view>

#include "artshop/core/accounts/authenticate.hpp"
#include "artshop/core/accounts/change_password.hpp"
#include "artshop/core/accounts/get_profile.hpp"
#include "artshop/core/accounts/log_in.hpp"
#include "artshop/core/accounts/log_out.hpp"
#include "artshop/core/accounts/refresh_session.hpp"
#include "artshop/core/accounts/register_account.hpp"
#include "artshop/core/accounts/request_password_reset.hpp"
#include "artshop/core/accounts/reset_password.hpp"
#include "artshop/core/accounts/update_billing.hpp"
#include "artshop/core/accounts/update_profile.hpp"
#include "artshop/core/backoffice/adjust_balance.hpp"
#include "artshop/core/backoffice/catalogue_desk.hpp"
#include "artshop/core/backoffice/customer_ledger.hpp"
#include "artshop/core/backoffice/dashboard.hpp"
#include "artshop/core/backoffice/edit_offer.hpp"
#include "artshop/core/backoffice/exports.hpp"
#include "artshop/core/backoffice/get_customer_for_staff.hpp"
#include "artshop/core/backoffice/get_order_for_staff.hpp"
#include "artshop/core/backoffice/lock_customer.hpp"
#include "artshop/core/backoffice/manage_gift_cards.hpp"
#include "artshop/core/backoffice/refund_order.hpp"
#include "artshop/core/backoffice/search_customers.hpp"
#include "artshop/core/backoffice/search_orders.hpp"
#include "artshop/core/backoffice/sign_out_everywhere.hpp"
#include "artshop/core/backoffice/support_desk.hpp"
#include "artshop/core/backoffice/unlock_customer.hpp"
#include "artshop/core/backoffice/upload_offer.hpp"
#include "artshop/core/catalogue/browse_offers.hpp"
#include "artshop/core/catalogue/get_offer.hpp"
#include "artshop/core/catalogue/latest_offers.hpp"
#include "artshop/core/catalogue/list_categories.hpp"
#include "artshop/core/catalogue/related_offers.hpp"
#include "artshop/core/catalogue/suggest_offers.hpp"
#include "artshop/core/exchange_rates.hpp"
#include "artshop/core/generation/download_generated_image.hpp"
#include "artshop/core/generation/generate_images.hpp"
#include "artshop/core/generation/get_generation_allowance.hpp"
#include "artshop/core/generation/list_generated_images.hpp"
#include "artshop/core/orders/download_artwork.hpp"
#include "artshop/core/orders/get_balance.hpp"
#include "artshop/core/orders/get_deposit.hpp"
#include "artshop/core/orders/get_order.hpp"
#include "artshop/core/orders/handle_payment_event.hpp"
#include "artshop/core/orders/idempotency_keys.hpp"
#include "artshop/core/orders/list_artworks.hpp"
#include "artshop/core/orders/list_orders.hpp"
#include "artshop/core/orders/payment_gateway.hpp"
#include "artshop/core/orders/place_order.hpp"
#include "artshop/core/orders/receive_payment_webhook.hpp"
#include "artshop/core/orders/redeem_gift_card.hpp"
#include "artshop/core/orders/start_deposit.hpp"
#include "artshop/core/staff/add_staff.hpp"
#include "artshop/core/staff/authenticate_staff.hpp"
#include "artshop/core/staff/change_staff.hpp"
#include "artshop/core/staff/complete_setup.hpp"
#include "artshop/core/staff/list_audit.hpp"
#include "artshop/core/staff/list_staff.hpp"
#include "artshop/core/staff/new_setup_link.hpp"
#include "artshop/core/staff/open_setup_link.hpp"
#include "artshop/core/staff/staff_sign_in.hpp"
#include "artshop/core/staff/staff_sign_out.hpp"
#include "artshop/core/support/create_support_ticket.hpp"
#include "artshop/core/support/customer_tickets.hpp"
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
  SuggestOffers& suggest_offers;
  RelatedOffers& related_offers;
  ListCategories& list_categories;
  // Where the listing (every search and filter), the suggestions and the related offers
  // compute an answer not kept: a bounded pool of its own, whose full queue answers 503.
  Executor& search_work;
  // Where the other offer calls, whose cost does not grow with the catalogue (one offer, the
  // latest few), compute theirs; nullptr: the server's pool for ordinary API calls.
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

// The back office (docs/back-office.md): its staff, sessions and audit trail. Every call but
// set-up and sign-in needs a live staff session; each use case checks the role's permission.
struct AdminApi {
  const AuthenticateStaff& authenticate;
  OpenSetupLink& open_setup_link;
  CompleteSetup& complete_setup;
  StaffSignIn& sign_in;
  StaffSignOut& sign_out;
  ListStaff& list_staff;
  AddStaff& add_staff;
  ChangeStaff& change_staff;
  NewSetupLink& new_setup_link;
  ListAudit& list_audit;
  // Told to the client with each session, so that it knows when a quiet tab is signed out.
  std::chrono::seconds session_idle;
  // Runs set-up and sign-in, which hash a password, apart from the rest.
  Executor& password_work;
};

// The back office's customers, their sessions and balances, and gift cards (docs/back-office.md,
// "Customers" and "Gift cards").
struct AdminCustomersApi {
  const AuthenticateStaff& authenticate;
  SearchCustomers& search;
  GetCustomerForStaff& get;
  CustomerLedger& ledger;
  SignOutEverywhere& sign_out_everywhere;
  LockCustomer& lock;
  UnlockCustomer& unlock;
  AdjustBalance& adjust;
  ListGiftCards& list_gift_cards;
  IssueGiftCard& issue_gift_card;
  VoidGiftCard& void_gift_card;
  // How an order not paid from the balance was paid: "sandbox" or "stripe".
  std::string_view card_provider;
};

// The support desk (docs/back-office.md, "Support desk") and a ticket's conversation as its
// customer reads it (docs/support.md, "The conversation").
struct SupportDeskApi {
  const AuthenticateStaff& authenticate_staff;
  const Authenticate& authenticate;
  ListTickets& list;
  GetTicketForStaff& get;
  AnswerTicket& answer;
  AssignTicket& assign;
  ChangeTicketStatus& change_status;
  CustomerTickets& customer_tickets;
};

// The back office's orders and refunds (docs/back-office.md, "Orders" and "Refunds").
struct AdminOrdersApi {
  const AuthenticateStaff& authenticate;
  SearchOrders& search_orders;
  GetOrderForStaff& get_order;
  RefundOrder& refund_order;
  // Who takes card payments ("sandbox", "stripe"), shown for every order not paid from the
  // balance.
  std::string_view card_provider;
};

// The back office's dashboard and CSV exports (docs/back-office.md, "Dashboard" and "Exports").
struct AdminReportsApi {
  const AuthenticateStaff& authenticate;
  ShowDashboard& dashboard;
  ExportData& exports;
  // Runs the exports, apart from the shop's calls: a full queue answers 503.
  Executor& export_work;
  // How long an export waits for a client that reads nothing before giving up.
  std::chrono::milliseconds stall_limit;
};

// The back office's catalogue (docs/back-office.md, "Catalogue").
struct AdminCatalogueApi {
  const AuthenticateStaff& authenticate;
  SearchOffersForStaff& search;
  GetOfferForStaff& get;
  UploadOffer& upload;
  EditOffer& edit;
  SetOfferState& set_state;
  // Where uploads are decoded and their derivatives made: never in front of cheap calls.
  Executor* upload_work = nullptr;
};

// The REST surface, one feature at a time: each feature's composition root in the app adds its
// routes to the one table the server routes by (the app may add routes of its own to it, such as
// the pages of a built-in payment provider under /payments/). `clients` says whose address the
// rate limits count: whose X-Forwarded-For names the client, and how much of an IPv6 address is
// one client (ClientAddresses::rate_limit_key()).
void add_currency_routes(Router& router, const ExchangeRateSource& rates);
void add_catalogue_routes(Router& router, const CatalogueApi& catalogue);
void add_account_routes(Router& router, const AccountsApi& accounts,
                        const ClientAddresses& clients);
void add_order_routes(Router& router, const OrdersApi& orders);
void add_support_routes(Router& router, const SupportApi& support, const ClientAddresses& clients);
void add_generation_routes(Router& router, const GenerationApi& generation);
void add_admin_routes(Router& router, const AdminApi& admin, const ClientAddresses& clients);
void add_admin_customer_routes(Router& router, const AdminCustomersApi& customers,
                               const ClientAddresses& clients);
void add_admin_order_routes(Router& router, const AdminOrdersApi& orders,
                            const ClientAddresses& clients);
void add_admin_report_routes(Router& router, const AdminReportsApi& reports,
                             const ClientAddresses& clients);
void add_support_desk_routes(Router& router, const SupportDeskApi& desk,
                             const ClientAddresses& clients);
void add_admin_catalogue_routes(Router& router, const AdminCatalogueApi& catalogue,
                                const ClientAddresses& clients);

}  // namespace artshop::http
