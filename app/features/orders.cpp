#include "features/orders.hpp"

#include <spdlog/spdlog.h>

#include <memory>
#include <string>

#include "artshop/crypto/hex.hpp"
#include "artshop/crypto/signing_key_file.hpp"
#include "artshop/http/api.hpp"
#include "artshop/http/json.hpp"
#include "artshop/payments/sandbox_gateway.hpp"
#include "artshop/payments/stripe_gateway.hpp"

namespace artshop::app {
namespace {

// The sandbox's signing secret: configured, or generated once into the data folder.
std::string sandbox_secret(const Config& config, RandomSource& random) {
  if (!config.payments.webhook_secret.empty()) return config.payments.webhook_secret;
  return crypto::to_hex(
      crypto::load_or_create_secret_file(config.payments_webhook_key_file(), random));
}

// The sandbox's form posts are a session token and a word.
constexpr std::size_t kSandboxFormLimit = std::size_t{16} * 1024;

http::Response html_answer(const payments::SandboxAnswer& answer) {
  http::Response response{.status = answer.status, .body = answer.html};
  if (!answer.location.empty()) response.set_header("Location", answer.location);
  response.set_header("Content-Type", "text/html; charset=utf-8");
  response.set_header("Cache-Control", "no-store");
  return response;
}

// The sandbox provider's checkout pages, served by the app (the HTTP adapter knows nothing
// of payment providers). They answer 404 while another provider is configured.
void add_sandbox_pages(http::Router& router, const PaymentProvider& provider) {
  const auto missing = [] { return http::problem_response(404, "Not Found"); };
  router.add(
      "GET", payments::kSandboxCheckoutPath, [&provider, missing](const http::Request& request) {
        auto* sandbox = provider.sandbox();
        if (sandbox == nullptr) return missing();
        return html_answer(sandbox->checkout_page(request.query_param("session").value_or("")));
      });
  router.add("POST", payments::kSandboxCheckoutPath,
             [&provider, missing](const http::Request& request) {
               auto* sandbox = provider.sandbox();
               if (sandbox == nullptr) return missing();
               return html_answer(sandbox->submit(request.body));
             },
             {.body_limit = kSandboxFormLimit});
}

}  // namespace

Orders::Orders(Infrastructure& infrastructure, const Authenticate& authenticate_calls)
    : shared(infrastructure),
      authenticate(authenticate_calls),
      render_work("rendering", shared.config.render_pool.threads, shared.config.render_pool.queue),
      fulfil_paid_order(shared.random, shared.storage.gift_card_digests),
      place_order(
          narrow<AccountRepository, OfferRepository, PaymentRepository, OrderRepository, Ledger,
                 ArtworkRepository, GiftCardRepository, IdempotencyRepository, MailOutbox>(
              shared.transactions),
          *shared.rate_source, &payments, shared.random, fulfil_paid_order, shared.clock,
          shared.config.orders),
      list_orders(narrow<OrderRepository, GiftCardRepository>(shared.transactions)),
      get_order(narrow<OrderRepository, GiftCardRepository>(shared.transactions)),
      get_balance(narrow<Ledger>(shared.transactions), *shared.rate_source),
      start_deposit(
          narrow<AccountRepository, PaymentRepository, IdempotencyRepository>(shared.transactions),
          *shared.rate_source, payments, shared.random, shared.clock, shared.config.orders),
      get_deposit(narrow<PaymentRepository>(shared.transactions)),
      redeem_gift_card(
          narrow<GiftCardRepository, Ledger, RateLimitRepository, IdempotencyRepository>(
              shared.transactions),
          shared.storage.gift_card_digests, shared.clock, shared.config.limits),
      list_artworks(narrow<ArtworkRepository, OfferRepository>(shared.transactions)),
      download_artwork(narrow<ArtworkRepository, OfferRepository>(shared.transactions),
                       shared.generator, shared.processor, *shared.originals),
      handle_payment_event(
          narrow<PaymentEventRepository, PaymentRepository, OrderRepository, AccountRepository,
                 ArtworkRepository, OfferRepository, GiftCardRepository, Ledger, MailOutbox>(
              shared.transactions),
          fulfil_paid_order, shared.clock),
      receive_payment_webhook(payments, handle_payment_event, shared.clock),
      expire_unpaid_orders(narrow<PaymentRepository, OrderRepository>(shared.transactions),
                           shared.clock),
      idempotency_keys(narrow<IdempotencyRepository>(shared.transactions), shared.digests,
                       shared.clock) {
  const auto& config = shared.config;
  if (config.payments.provider == Config::Payments::Provider::Stripe) {
    payments.install(std::make_unique<artshop::payments::StripeGateway>(
        artshop::payments::StripeOptions{.secret_key = config.payments.stripe_secret_key,
                                         .webhook_secret = config.payments.stripe_webhook_secret,
                                         .api_base = config.payments.stripe_api_base},
        shared.clock));
    spdlog::info("payments go through Stripe at {}", config.payments.stripe_api_base);
  }
}

void Orders::listening_on(unsigned short port) {
  if (payments.installed()) return;
  const auto& config = shared.config;
  const auto webhook_url = own_url(config.host, port) + "/api/payments/webhook";
  payments.install(std::make_unique<artshop::payments::SandboxGateway>(
      artshop::payments::SandboxOptions{
          .public_url = shared.public_url,
          .webhook_url = webhook_url,
          .secret = sandbox_secret(config, shared.random),
          .max_queued_webhooks = config.payments.sandbox_webhook_queue},
      shared.random, shared.clock));
  spdlog::info("payments go through the built-in sandbox; its webhooks go to {}", webhook_url);
  if (config.payments.sandbox_exposed) {
    spdlog::warn(
        "Test payments: no money moves. The built-in sandbox is reachable from other machines "
        "(listening on {}, public_url {}) and anyone there may press its Pay button, as "
        "payments.sandbox_public_acknowledged = true allows. Use payments.provider = stripe to "
        "take real payments",
        config.host, shared.public_url);
  }
}

void Orders::add_routes(http::Router& router) {
  http::add_order_routes(router, {.authenticate = authenticate,
                                  .place_order = place_order,
                                  .list_orders = list_orders,
                                  .get_order = get_order,
                                  .get_balance = get_balance,
                                  .start_deposit = start_deposit,
                                  .get_deposit = get_deposit,
                                  .redeem_gift_card = redeem_gift_card,
                                  .list_artworks = list_artworks,
                                  .download_artwork = download_artwork,
                                  .render_work = render_work,
                                  .handle_payment_event = handle_payment_event,
                                  .receive_payment_webhook = receive_payment_webhook,
                                  .idempotency_keys = idempotency_keys,
                                  .public_url = shared.public_url});
  add_sandbox_pages(router, payments);
}

}  // namespace artshop::app
