#pragma once

#include "artshop/http/api.hpp"

namespace artshop::http::handlers {

// The order and balance calls (SPEC.md section 7, docs/openapi.json). Amounts are money objects
// {amount, currency, minorUnits}; giftCardAmount and depositAmount are read as a JSON integer, a
// decimal string or a JSON number in major units, converted exactly (never through binary floating
// point arithmetic).
Handler place_order(const OrdersApi& api);       // POST /api/orders
Handler list_orders(const OrdersApi& api);       // GET /api/orders
Handler get_order(const OrdersApi& api);         // GET /api/orders/{id}
Handler get_balance(const OrdersApi& api);       // POST /api/balance
Handler start_deposit(const OrdersApi& api);     // POST /api/balance/deposit
Handler get_deposit(const OrdersApi& api);       // GET /api/balance/deposits/{id}
Handler redeem_gift_card(const OrdersApi& api);  // POST /api/balance/gift-card

// The artworks the caller owns: GET /api/artworks and GET /api/artworks/{id}/download.
Handler list_artworks(const OrdersApi& api);
Handler download_artwork(const OrdersApi& api);

// POST /api/payments/webhook: the payment provider's signed events (no bearer token).
Handler payment_webhook(const OrdersApi& api);

}  // namespace artshop::http::handlers
