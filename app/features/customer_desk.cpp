#include "features/customer_desk.hpp"

#include "artshop/http/api.hpp"

namespace artshop::app {

CustomerDesk::CustomerDesk(Infrastructure& infrastructure, Staff& staff_feature)
    : shared(infrastructure),
      staff(staff_feature),
      search(narrow<CustomerRecords>(shared.transactions)),
      get(narrow<CustomerRecords, OrderRepository, GiftCardRepository>(shared.transactions),
          shared.clock),
      ledger(narrow<CustomerRecords, PaymentRepository, OrderRepository>(shared.transactions)),
      sign_out_everywhere(
          narrow<CustomerRecords, RefreshTokenRepository, AuditLog>(shared.transactions),
          shared.clock),
      lock(narrow<CustomerRecords, RefreshTokenRepository, AuditLog>(shared.transactions),
           shared.clock),
      unlock(narrow<CustomerRecords, AuditLog>(shared.transactions), shared.clock),
      adjust(narrow<CustomerRecords, Ledger, AuditLog>(shared.transactions), shared.clock,
             {.adjustment_limit_eur_cents = shared.config.adjustment_limit_eur_cents}),
      list_gift_cards(narrow<GiftCardRepository>(shared.transactions),
                      shared.storage.gift_card_digests),
      issue_gift_card(narrow<GiftCardRepository, Ledger, AuditLog, MailOutbox>(shared.transactions),
                      shared.clock, shared.random, shared.storage.gift_card_digests,
                      shared.storage.text),
      void_gift_card(narrow<GiftCardRepository, Ledger, AuditLog>(shared.transactions),
                     shared.clock) {}

void CustomerDesk::add_routes(http::Router& router) {
  const bool stripe = shared.config.payments.provider == Config::Payments::Provider::Stripe;
  http::add_admin_customer_routes(router,
                                  {.authenticate = staff.authenticate,
                                   .search = search,
                                   .get = get,
                                   .ledger = ledger,
                                   .sign_out_everywhere = sign_out_everywhere,
                                   .lock = lock,
                                   .unlock = unlock,
                                   .adjust = adjust,
                                   .list_gift_cards = list_gift_cards,
                                   .issue_gift_card = issue_gift_card,
                                   .void_gift_card = void_gift_card,
                                   .card_provider = stripe ? "stripe" : "sandbox"},
                                  shared.config.client_addresses);
}

}  // namespace artshop::app
