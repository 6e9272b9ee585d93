#include "artshop/http/api.hpp"
#include "handlers/accounts.hpp"
#include "handlers/admin.hpp"
#include "handlers/admin_orders.hpp"
#include "handlers/catalogue.hpp"
#include "handlers/currencies.hpp"
#include "handlers/generation.hpp"
#include "handlers/orders.hpp"
#include "handlers/support.hpp"

namespace artshop::http {

namespace h = handlers;

void add_currency_routes(Router& router, const ExchangeRateSource& rates) {
  router.add("GET", "/api/currencies", h::list_currencies(rates));
}

void add_catalogue_routes(Router& router, const CatalogueApi& catalogue) {
  // A question asked before is answered on the I/O thread from the kept answers, and so is
  // what costs little at any catalogue size (a listing's first pages without a search, another
  // page of a search whose answer the catalogue keeps). The rest is computed on `executor`: the
  // search pool for the calls whose cost grows with the catalogue (a search walks every offer
  // it matches), so that a flood of new searches waits and is shed there while health checks
  // and kept pages go on being answered at once.
  const auto add = [&router](std::string_view path, h::CatalogueCall call, Executor* executor) {
    router.add("GET", path, std::move(call.handler),
               {.executor = executor, .kept_answer = std::move(call.kept)});
  };
  add("/api/offers", h::browse_offers(catalogue.browse_offers), &catalogue.search_work);
  add("/api/offers/suggest", h::suggest_offers(catalogue.suggest_offers), &catalogue.search_work);
  add("/api/offers/related", h::related_offers(catalogue.related_offers), &catalogue.search_work);
  add("/api/offers/latest", h::latest_offers(catalogue.latest_offers), catalogue.executor);
  add("/api/offers/get-one", h::get_offer(catalogue.get_offer), catalogue.executor);
  // Read from the catalogue in memory: a few hundred additions, answered where it arrives.
  router.add("GET", "/api/categories", h::list_categories(catalogue.list_categories),
             {.executor = catalogue.executor});
}

void add_account_routes(Router& router, const AccountsApi& accounts,
                        const ClientAddresses& clients) {
  const auto& signed_in = accounts.authenticate;
  // The calls that hash a password queue on a pool of their own: a flood of logins is shed
  // there (503) and never delays the catalogue.
  const RouteOptions hashing{.executor = &accounts.password_work};
  router.add("POST", "/api/Accounts/register",
             h::register_account(accounts.register_account, clients), hashing);
  router.add("POST", "/api/Accounts/login", h::log_in(accounts.log_in, clients), hashing);
  router.add("POST", "/api/Accounts/refresh", h::refresh_session(accounts.refresh_session));
  router.add("POST", "/api/Accounts/logout", h::log_out(signed_in, accounts.log_out));
  router.add("POST", "/api/Accounts/forgot-password",
             h::request_password_reset(accounts.request_password_reset, clients));
  router.add("POST", "/api/Accounts/reset-password",
             h::reset_password(accounts.reset_password, clients), hashing);
  router.add("POST", "/api/Accounts/change-password",
             h::change_password(signed_in, accounts.change_password), hashing);
  router.add("GET", "/api/Accounts/profile", h::get_profile(signed_in, accounts.get_profile));
  router.add("POST", "/api/Accounts/update", h::update_profile(signed_in, accounts.update_profile));
  router.add("POST", "/api/Accounts/update-billing",
             h::update_billing(signed_in, accounts.update_billing));
}

void add_order_routes(Router& router, const OrdersApi& orders) {
  router.add("POST", "/api/orders", h::place_order(orders));
  router.add("GET", "/api/orders", h::list_orders(orders));
  router.add("GET", "/api/orders/{id}", h::get_order(orders));
  router.add("POST", "/api/balance", h::get_balance(orders));
  router.add("POST", "/api/balance/deposit", h::start_deposit(orders));
  router.add("GET", "/api/balance/deposits/{id}", h::get_deposit(orders));
  router.add("POST", "/api/balance/gift-card", h::redeem_gift_card(orders));
  router.add("GET", "/api/artworks", h::list_artworks(orders));
  router.add("GET", "/api/artworks/{id}/download", h::download_artwork(orders),
             {.executor = &orders.render_work});
  // Providers sign small JSON events; nothing legitimate comes near the default limit.
  router.add("POST", "/api/payments/webhook", h::payment_webhook(orders),
             {.body_limit = std::size_t{256} * 1024});
}

void add_support_routes(Router& router, const SupportApi& support, const ClientAddresses& clients) {
  router.add("POST", "/api/support/create-ticket", h::create_support_ticket(support, clients));
}

void add_generation_routes(Router& router, const GenerationApi& generation) {
  // Drawing takes seconds: requests queue on the generation pool, which sheds a flood (503).
  router.add("POST", "/api/generated-images", h::generate_images(generation),
             {.executor = &generation.executor});
  router.add("GET", "/api/generated-images", h::list_generated_images(generation));
  router.add("GET", "/api/generated-images/allowance", h::get_generation_allowance(generation));
  router.add("GET", "/api/generated-images/{id}/file", h::download_generated_image(generation));
}

void add_admin_routes(Router& router, const AdminApi& admin, const ClientAddresses& clients) {
  // Set-up and sign-in hash a password: on the password pool, as the shop's login.
  const RouteOptions hashing{.executor = &admin.password_work};
  router.add("GET", "/api/admin/setup/{token}", h::open_setup_link(admin));
  router.add("POST", "/api/admin/setup/{token}", h::complete_setup(admin, clients), hashing);
  router.add("POST", "/api/admin/session", h::staff_sign_in(admin, clients), hashing);
  router.add("GET", "/api/admin/session", h::get_staff_session(admin));
  router.add("DELETE", "/api/admin/session", h::staff_sign_out(admin, clients));
  router.add("GET", "/api/admin/staff", h::list_staff(admin));
  router.add("POST", "/api/admin/staff", h::add_staff(admin, clients));
  router.add("PATCH", "/api/admin/staff/{id}", h::change_staff(admin, clients));
  router.add("POST", "/api/admin/staff/{id}/setup-link", h::new_setup_link(admin, clients));
  router.add("GET", "/api/admin/audit", h::list_audit(admin));
}

void add_admin_order_routes(Router& router, const AdminOrdersApi& orders,
                            const ClientAddresses& clients) {
  router.add("GET", "/api/admin/orders", h::search_orders(orders));
  router.add("GET", "/api/admin/orders/{id}", h::get_order_for_staff(orders));
  router.add("POST", "/api/admin/orders/{id}/refunds", h::refund_order(orders, clients));
}

}  // namespace artshop::http
