#include "artshop/core/orders/get_order.hpp"

namespace artshop {

Result<OrderHistoryItem> GetOrder::operator()(UserId caller, OrderId id) {
  return transactions_.read([&](Ports::Scope& tx) -> Result<OrderHistoryItem> {
    auto order = tx.get<OrderRepository>().find(id);
    if (!order || order->payment.user != caller) {
      return std::unexpected(Error::not_found("no such order"));
    }
    return history_item(tx.get<GiftCardRepository>(), std::move(*order));
  });
}

}  // namespace artshop
