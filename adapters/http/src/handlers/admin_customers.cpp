#include <boost/json.hpp>

#include "artshop/http/api.hpp"
#include "handlers/admin.hpp"
#include "handlers/admin_orders.hpp"
#include "handlers/money_json.hpp"
#include "handlers/request_fields.hpp"
#include "handlers/signed_in.hpp"

// The back office's customers (docs/back-office.md, "Customers" and "Balance adjustments"):
// search, one customer's file and balance history, their sessions, the lock and adjustments;
// and the gift cards ("Gift cards"), which a customer's file lists too.
namespace artshop::http::handlers {
namespace {

namespace json = boost::json;

json::object eur_json(std::int64_t micro_eur) {
  return money_json(eur_of_micro(micro_eur));
}

// CUSTOMER_ROW, and with `locked_at` the file's customer, which says since when.
json::object customer_json(const CustomerRow& row, bool with_locked_at) {
  json::object customer{{"id", row.id.value},
                        {"email", row.email},
                        {"firstName", row.first_name},
                        {"lastName", row.last_name},
                        {"createdAt", iso_time(row.created_at)},
                        {"locked", row.locked_at.has_value()},
                        {"balance", eur_json(row.balance_micro_eur)}};
  if (with_locked_at) customer.emplace("lockedAt", time_or_null(row.locked_at));
  return customer;
}

json::value billing_json(const BillingAddress& billing) {
  if (billing == BillingAddress{}) return nullptr;
  return json::object{{"country", billing.country},
                      {"state", billing.state},
                      {"city", billing.city},
                      {"address1", billing.address1},
                      {"zipCode", billing.zip_code}};
}

// GIFT_CARD: never the whole number.
json::object gift_card_json(const GiftCardListing& listing) {
  const auto& card = listing.card;
  const auto person = [](std::optional<UserId> id,
                         const std::optional<std::string>& email) -> json::value {
    if (!id) return nullptr;
    return json::object{{"id", id->value}, {"email", email.value_or("")}};
  };
  return {{"id", card.id.value},
          {"number", masked_gift_card_number(card.number)},
          {"value", eur_json(card.value_micro_eur)},
          {"bought", money_json(card.bought)},
          {"state", name_of(state_of(card))},
          {"orderId", card.order ? json::value(card.order->value) : json::value(nullptr)},
          {"buyer", person(card.buyer, listing.buyer_email)},
          {"recipient",
           card.recipient_email.empty() ? json::value(nullptr) : json::value(card.recipient_email)},
          {"issuedAt", iso_time(card.issued_at)},
          {"redeemedAt", time_or_null(card.redeemed_at)},
          {"voidedAt", time_or_null(card.voided_at)},
          {"issuedBy", person(card.issued_by, listing.issuer_email)}};
}

json::object file_json(const CustomerFile& file, std::string_view card_provider) {
  json::array orders;
  for (const auto& order : file.orders) {
    orders.push_back(order_row_json(order, file.customer.email, card_provider));
  }
  json::array tickets;
  for (const auto& ticket : file.tickets) {
    tickets.push_back(json::object{{"id", ticket.id},
                                   {"subject", ticket.type + " · " + ticket.reference},
                                   {"status", ticket.status},
                                   {"createdAt", iso_time(ticket.created_at)}});
  }
  json::array sessions;
  for (const auto& session : file.sessions) {
    sessions.push_back(json::object{{"id", session.family},
                                    {"signedInAt", iso_time(session.signed_in_at)},
                                    {"lastUsedAt", iso_time(session.last_used_at)},
                                    {"expiresAt", iso_time(session.expires_at)}});
  }
  json::array gift_cards;
  for (const auto& card : file.gift_cards) gift_cards.push_back(gift_card_json(card));
  return {{"customer", customer_json(file.customer, true)},
          {"billing", billing_json(file.customer.billing)},
          {"orders", std::move(orders)},
          {"ordersTotal", file.orders_total},
          {"tickets", std::move(tickets)},
          {"sessions", std::move(sessions)},
          {"giftCards", std::move(gift_cards)}};
}

json::object adjustment_json(const BalanceAdjustment& adjustment) {
  return {{"adjustment",
           json::object{{"id", adjustment.id.value},
                        {"at", iso_time(adjustment.at)},
                        {"staff", json::object{{"id", adjustment.staff.value},
                                               {"email", adjustment.staff_email}}},
                        {"direction", name_of(adjustment.direction)},
                        {"amount", money_json(Money(adjustment.amount_eur_cents, Currency::EUR))},
                        {"reason", adjustment.reason}}},
          {"balance", eur_json(adjustment.balance_after_micro_eur)}};
}

json::object page_json(json::array items, std::int64_t total, const PageRequest& page) {
  return {{"items", std::move(items)},
          {"total", total},
          {"page", page.page},
          {"pageSize", page.page_size}};
}

// The Idempotency-Key header of a money action, as sent.
std::optional<std::string> idempotency_key(const Request& request) {
  const auto header = request.header("Idempotency-Key");
  if (!header) return std::nullopt;
  return std::string(*header);
}

// A route of one customer: the staff member and the customer's id, or 404 for an id that
// cannot be one.
Handler for_customer(const AdminCustomersApi& api,
                     std::function<Response(const Request&, const StaffActor&, UserId)> handler) {
  return signed_in_staff(api.authenticate, [handler = std::move(handler)](const Request& request,
                                                                          const StaffActor& actor) {
    const auto id = path_id(request, "id");
    if (!id) return error_response(no_such_customer(), request.request_id);
    return handler(request, actor, UserId{*id});
  });
}

Handler search_customers(const AdminCustomersApi& api) {
  return signed_in_staff(api.authenticate, [api](const Request& request, const StaffActor& actor) {
    const auto listing = api.search(actor, {.text = request.query_param("Query"),
                                            .sort = request.query_param("Sort"),
                                            .page = request.query_param("Page"),
                                            .page_size = request.query_param("PageSize")});
    if (!listing) return error_response(listing.error(), request.request_id);
    json::array items;
    for (const auto& row : listing->customers.items) items.push_back(customer_json(row, false));
    return json_response(200, page_json(std::move(items), listing->customers.total, listing->page));
  });
}

Handler get_customer(const AdminCustomersApi& api) {
  return for_customer(api, [api](const Request& request, const StaffActor& actor, UserId id) {
    const auto file = api.get(actor, id);
    if (!file) return error_response(file.error(), request.request_id);
    return json_response(200, file_json(*file, api.card_provider));
  });
}

Handler customer_ledger(const AdminCustomersApi& api) {
  return for_customer(api, [api](const Request& request, const StaffActor& actor, UserId id) {
    const auto listing =
        api.ledger(actor, id, request.query_param("Page"), request.query_param("PageSize"));
    if (!listing) return error_response(listing.error(), request.request_id);
    json::array items;
    for (const auto& item : listing->items) {
      items.push_back(json::object{{"at", iso_time(item.line.at)},
                                   {"reference", item.line.reference},
                                   {"description", item.description},
                                   {"amount", eur_json(item.line.amount_micro_eur)},
                                   {"balanceAfter", eur_json(item.line.balance_after_micro_eur)}});
    }
    return json_response(200, page_json(std::move(items), listing->total, listing->page));
  });
}

Handler sign_out_everywhere(const AdminCustomersApi& api, const ClientAddresses& clients) {
  return for_customer(
      api, [api, &clients](const Request& request, const StaffActor& actor, UserId id) {
        if (auto ended = api.sign_out_everywhere(actor, id, address_of(request, clients)); !ended) {
          return error_response(ended.error(), request.request_id);
        }
        return Response{.status = 204};
      });
}

Handler lock_customer(const AdminCustomersApi& api, const ClientAddresses& clients) {
  return for_customer(
      api, [api, &clients](const Request& request, const StaffActor& actor, UserId id) {
        LockCustomerCommand command{
            .actor = actor, .customer = id, .reason = {}, .address = address_of(request, clients)};
        const auto lock = [&](const LockCustomerCommand& read) {
          const auto locked = api.lock(read);
          if (!locked) return error_response(locked.error(), request.request_id);
          return json_response(200, customer_json(*locked, true));
        };
        // The reason is for the audit trail; a lock sent without a body is still a lock.
        if (request.body.empty()) return lock(command);
        const auto read = [&](JsonFields& fields) {
          command.reason = fields.optional_string("reason");
          return command;
        };
        return read_then_call(request, read, lock);
      });
}

Handler unlock_customer(const AdminCustomersApi& api, const ClientAddresses& clients) {
  return for_customer(api,
                      [api, &clients](const Request& request, const StaffActor& actor, UserId id) {
                        const auto unlocked = api.unlock(actor, id, address_of(request, clients));
                        if (!unlocked) return error_response(unlocked.error(), request.request_id);
                        return json_response(200, customer_json(*unlocked, true));
                      });
}

Handler adjust_balance(const AdminCustomersApi& api, const ClientAddresses& clients) {
  return for_customer(
      api, [api, &clients](const Request& request, const StaffActor& actor, UserId id) {
        const auto read = [&](JsonFields& fields) {
          return AdjustBalanceCommand{.actor = actor,
                                      .customer = id,
                                      .idempotency_key = idempotency_key(request),
                                      .direction = fields.optional_string("direction"),
                                      .amount = fields.optional_string("amount"),
                                      .reason = fields.optional_string("reason"),
                                      .address = address_of(request, clients)};
        };
        return read_then_call(request, read, [&](const AdjustBalanceCommand& command) {
          const auto adjusted = api.adjust(command);
          if (!adjusted) return error_response(adjusted.error(), request.request_id);
          auto answer =
              json_response(adjusted->replayed ? 200 : 201, adjustment_json(adjusted->adjustment));
          if (adjusted->replayed) answer.set_header("Idempotent-Replayed", "true");
          return answer;
        });
      });
}

Handler list_gift_cards(const AdminCustomersApi& api) {
  return signed_in_staff(api.authenticate, [api](const Request& request, const StaffActor& actor) {
    const auto listing = api.list_gift_cards(actor, {.query = request.query_param("Query"),
                                                     .state = request.query_param("State"),
                                                     .page = request.query_param("Page"),
                                                     .page_size = request.query_param("PageSize")});
    if (!listing) return error_response(listing.error(), request.request_id);
    json::array items;
    for (const auto& card : listing->items) items.push_back(gift_card_json(card));
    return json_response(200, page_json(std::move(items), listing->total, listing->page));
  });
}

Handler issue_gift_card(const AdminCustomersApi& api, const ClientAddresses& clients) {
  return signed_in_staff(
      api.authenticate, [api, &clients](const Request& request, const StaffActor& actor) {
        const auto read = [&](JsonFields& fields) {
          return IssueGiftCardCommand{.actor = actor,
                                      .idempotency_key = idempotency_key(request),
                                      .amount = fields.optional_string("amount"),
                                      .email = fields.optional_string("email"),
                                      .message = fields.optional_string("message"),
                                      .address = address_of(request, clients)};
        };
        return read_then_call(request, read, [&](const IssueGiftCardCommand& command) {
          const auto issued = api.issue_gift_card(command);
          if (!issued) return error_response(issued.error(), request.request_id);
          auto answer = json_response(issued->replayed ? 200 : 201, gift_card_json(issued->card));
          if (issued->replayed) answer.set_header("Idempotent-Replayed", "true");
          return answer;
        });
      });
}

Handler void_gift_card(const AdminCustomersApi& api, const ClientAddresses& clients) {
  return signed_in_staff(
      api.authenticate, [api, &clients](const Request& request, const StaffActor& actor) {
        const auto id = path_id(request, "id");
        if (!id) return error_response(no_such_gift_card(), request.request_id);
        const auto read = [&](JsonFields& fields) {
          return VoidGiftCardCommand{.actor = actor,
                                     .card = GiftCardId{*id},
                                     .reason = fields.optional_string("reason"),
                                     .address = address_of(request, clients)};
        };
        return read_then_call(request, read, [&](const VoidGiftCardCommand& command) {
          const auto voided = api.void_gift_card(command);
          if (!voided) return error_response(voided.error(), request.request_id);
          return json_response(200, gift_card_json(*voided));
        });
      });
}

}  // namespace

}  // namespace artshop::http::handlers

namespace artshop::http {

void add_admin_customer_routes(Router& router, const AdminCustomersApi& customers,
                               const ClientAddresses& clients) {
  namespace h = handlers;
  router.add("GET", "/api/admin/customers", h::search_customers(customers));
  router.add("GET", "/api/admin/customers/{id}", h::get_customer(customers));
  router.add("GET", "/api/admin/customers/{id}/ledger", h::customer_ledger(customers));
  router.add("POST", "/api/admin/customers/{id}/sign-out-everywhere",
             h::sign_out_everywhere(customers, clients));
  router.add("POST", "/api/admin/customers/{id}/lock", h::lock_customer(customers, clients));
  router.add("POST", "/api/admin/customers/{id}/unlock", h::unlock_customer(customers, clients));
  router.add("POST", "/api/admin/customers/{id}/adjustments",
             h::adjust_balance(customers, clients));
  router.add("GET", "/api/admin/gift-cards", h::list_gift_cards(customers));
  router.add("POST", "/api/admin/gift-cards", h::issue_gift_card(customers, clients));
  router.add("POST", "/api/admin/gift-cards/{id}/void", h::void_gift_card(customers, clients));
}

}  // namespace artshop::http
