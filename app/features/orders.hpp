#pragma once

#include "artshop/concurrency/bounded_thread_pool.hpp"
#include "artshop/core/accounts/authenticate.hpp"
#include "artshop/core/orders/download_artwork.hpp"
#include "artshop/core/orders/expire_unpaid_orders.hpp"
#include "artshop/core/orders/fulfil_paid_order.hpp"
#include "artshop/core/orders/get_balance.hpp"
#include "artshop/core/orders/get_deposit.hpp"
#include "artshop/core/orders/get_order.hpp"
#include "artshop/core/orders/handle_payment_event.hpp"
#include "artshop/core/orders/idempotency_keys.hpp"
#include "artshop/core/orders/list_artworks.hpp"
#include "artshop/core/orders/list_orders.hpp"
#include "artshop/core/orders/place_order.hpp"
#include "artshop/core/orders/receive_payment_webhook.hpp"
#include "artshop/core/orders/redeem_gift_card.hpp"
#include "artshop/core/orders/start_deposit.hpp"
#include "artshop/http/router.hpp"
#include "infrastructure.hpp"
#include "payment_provider.hpp"

namespace artshop::app {

// Orders, payments, balances, gift cards and the artworks customers own. Its use cases, the
// payment provider, and its routes (the sandbox provider's pages among them).
struct Orders {
  Orders(Infrastructure& shared, const Authenticate& authenticate);
  Orders(const Orders&) = delete;
  Orders& operator=(const Orders&) = delete;

  void add_routes(http::Router& router);
  // Installs the sandbox payment provider, which needs the server's own address for its
  // webhooks, unless another one is configured. Called once the server listens on `port`,
  // after the public URL is settled, and before it serves.
  void listening_on(unsigned short port);

  Infrastructure& shared;
  const Authenticate& authenticate;
  // Artworks rendered at the bought size, apart from the ordinary API calls.
  concurrency::BoundedThreadPool render_work;
  PaymentProvider payments;  // Stripe at once, the sandbox in listening_on

  // Gift-card numbers are sealed and looked up by HMAC under the storage's keys.
  FulfilPaidOrder fulfil_paid_order;
  PlaceOrder place_order;
  ListOrders list_orders;
  GetOrder get_order;
  GetBalance get_balance;
  StartDeposit start_deposit;
  GetDeposit get_deposit;
  RedeemGiftCard redeem_gift_card;
  ListArtworks list_artworks;
  DownloadArtwork download_artwork;
  HandlePaymentEvent handle_payment_event;
  ReceivePaymentWebhook receive_payment_webhook;
  ExpireUnpaidOrders expire_unpaid_orders;
  IdempotencyKeys idempotency_keys;
};

}  // namespace artshop::app
