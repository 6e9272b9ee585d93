#include "handlers/orders.hpp"

#include <fmt/format.h>

#include <boost/json.hpp>

#include "artshop/core/backoffice/refund.hpp"
#include "artshop/http/json.hpp"
#include "handlers/idempotent.hpp"
#include "handlers/money_json.hpp"
#include "handlers/order_fields.hpp"
#include "handlers/signed_in.hpp"

namespace artshop::http::handlers {
namespace {

namespace json = boost::json;

constexpr std::string_view kCartItems = "cartItems";
constexpr std::string_view kBadCartItems =
    R"(Must be a list of items such as {"offerId": 3, "offerAttributeId": 12}.)";

json::value optional_time(const std::optional<std::chrono::sys_seconds>& time) {
  if (!time) return nullptr;
  return json::string(iso_time(*time));
}

json::object order_json(const OrderHistoryItem& item) {
  const auto& order = item.order;
  const auto& payment = order.payment;
  json::array lines;
  for (const auto& line : order.lines) {
    lines.push_back({{"offerId", line.offer.value},
                     {"offerAttributeId", line.attribute.value},
                     {"title", line.title},
                     {"sizeName", line.size_name},
                     {"longEdge", line.long_edge},
                     {"licence", name(line.licence)},
                     {"price", money_json(Money(line.price_minor, payment.currency))}});
  }
  // The numbers exist once the order is paid; until then each card shows its amount only.
  json::array gift_cards;
  for (std::size_t i = 0; i < order.gift_cards.size(); ++i) {
    json::value number = nullptr;
    if (i < item.gift_card_numbers.size()) number = json::string(item.gift_card_numbers[i]);
    gift_cards.push_back(
        {{"amount", money_json(Money(order.gift_cards[i].amount_minor, payment.currency))},
         {"number", std::move(number)}});
  }
  return {{"id", order.id.value},
          {"reference", payment.reference},
          {"status", name(payment.status)},
          {"currency", code(payment.currency)},
          {"total", money_json(order.total())},
          {"refundStatus", name_of(refund_standing(order.refunded_minor, payment.amount_minor))},
          {"refunded", money_json(Money(order.refunded_minor, payment.currency))},
          {"payByBalance", order.pay_by_balance},
          {"createdAt", iso_time(payment.created_at)},
          {"expiresAt", iso_time(payment.expires_at)},
          {"settledAt", optional_time(payment.settled_at)},
          {"firstName", payment.first_name},
          {"lastName", payment.last_name},
          {"lines", std::move(lines)},
          {"giftCards", std::move(gift_cards)}};
}

// cartItems: [{"offerId": 3, "offerAttributeId": 12}, ...]; absent or null is an empty cart.
std::vector<CartLine> read_cart(const json::object& body, ValidationErrors& errors) {
  std::vector<CartLine> lines;
  const auto* value = find_property(body, kCartItems);
  if (value == nullptr || value->is_null()) return lines;
  const auto* items = value->if_array();
  if (items == nullptr) {
    errors.add(kCartItems, std::string(kBadCartItems));
    return lines;
  }
  for (const auto& item : *items) {
    const auto* object = item.if_object();
    if (object == nullptr) {
      errors.add(kCartItems, std::string(kBadCartItems));
      return {};
    }
    JsonFields fields(*object);
    const auto offer = fields.optional_int64("offerId");
    const auto attribute = fields.optional_int64("offerAttributeId");
    if (!offer || !attribute) {
      errors.add(kCartItems, std::string(kBadCartItems));
      return {};
    }
    lines.push_back({.offer_id = *offer, .offer_attribute_id = *attribute});
  }
  return lines;
}

Response placed_order_answer(const OrderHistoryItem& placed,
                             const std::optional<std::string>& payment_link) {
  json::value link = nullptr;
  if (payment_link) link = json::string(*payment_link);
  json::array numbers;
  for (const auto& number : placed.gift_card_numbers) numbers.emplace_back(number);
  return json_response(200, json::object{{"order", order_json(placed)},
                                         {"paymentLink", std::move(link)},
                                         {"giftCardNumbers", std::move(numbers)}});
}

}  // namespace

Handler place_order(const OrdersApi& api) {
  auto handler = [api](const Request& request, const Caller& caller, IdempotentCall& call) {
    const auto read = [&](const json::object& body, JsonFields& fields, ValidationErrors& errors) {
      auto payer = read_payer(fields, request);
      return PlaceOrderCommand{
          .user = caller.user,
          .names = std::move(payer.names),
          .billing = std::move(payer.billing),
          .cart_items = read_cart(body, errors),
          .gift_card_amount = amount_text(body, "giftCardAmount"),
          .currency = fields.string("currency"),
          .agreed_to_terms = payer.agreed_to_terms,
          .pay_by_balance = fields.boolean("payByBalance"),
          .browser = std::move(payer.browser),
          .urls = return_urls(api.public_url, "/order-history",
                              fmt::format("order={}", ReturnUrls::kIdPlaceholder)),
          .idempotency = call.reservation()};
    };
    return read_then_call(request, read, [&](PlaceOrderCommand command) {
      const auto placed = api.place_order(std::move(command));
      if (!placed) return call.refused(placed.error(), request.request_id);
      call.made(IdempotentOutcome::order(placed->order.id, placed->payment_link.value_or("")));
      return placed_order_answer({placed->order, placed->gift_card_numbers}, placed->payment_link);
    });
  };
  // The order as it is now, with the payment link the first answer gave, if any.
  auto replay = [api](const Request& request, const Caller& caller,
                      const IdempotentOutcome& outcome) {
    const auto order = api.get_order(caller.user, OrderId{outcome.id});
    if (!order) return error_response(order.error(), request.request_id);
    std::optional<std::string> link;
    if (!outcome.payment_link.empty()) link = outcome.payment_link;
    return placed_order_answer(*order, link);
  };
  return signed_in(api.authenticate,
                   idempotent(api.idempotency_keys, std::move(handler), std::move(replay)));
}

Handler list_orders(const OrdersApi& api) {
  return signed_in(api.authenticate, [api](const Request& request, const Caller& caller) {
    const auto orders = api.list_orders({.user = caller.user,
                                         .page = request.query_param("Page"),
                                         .page_size = request.query_param("PageSize")});
    if (!orders) return error_response(orders.error(), request.request_id);
    json::array items;
    for (const auto& item : orders->items) items.push_back(order_json(item));
    return json_response(200, json::object{{"items", std::move(items)},
                                           {"total", orders->total},
                                           {"page", orders->page},
                                           {"pageSize", orders->page_size}});
  });
}

Handler get_order(const OrdersApi& api) {
  return signed_in(api.authenticate, [api](const Request& request, const Caller& caller) {
    const auto id = path_id(request, "id");
    if (!id) return error_response(Error::not_found(), request.request_id);
    const auto order = api.get_order(caller.user, OrderId{*id});
    if (!order) return error_response(order.error(), request.request_id);
    return json_response(200, order_json(*order));
  });
}

}  // namespace artshop::http::handlers
