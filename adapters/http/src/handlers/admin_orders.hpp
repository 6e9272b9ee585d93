#pragma once

#include <boost/json/object.hpp>
#include <string>
#include <string_view>

#include "artshop/http/api.hpp"
#include "artshop/http/client_address.hpp"

// The back office's orders and refunds (the back office API contract, "Orders" and "Refunds";
// docs/back-office.md). Every call needs a live staff session; the use cases check the role.
namespace artshop::http::handlers {

Handler search_orders(const AdminOrdersApi& api);                                 // GET orders
Handler get_order_for_staff(const AdminOrdersApi& api);                           // GET orders/{id}
Handler refund_order(const AdminOrdersApi& api, const ClientAddresses& clients);  // POST refunds

// ORDER_ROW: an order as the back office's lists show it, with its customer's short form
// {id, email}.
boost::json::object order_row_json(const Order& order, const std::string& email,
                                   std::string_view card_provider);

}  // namespace artshop::http::handlers
