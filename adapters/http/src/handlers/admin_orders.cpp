#include "handlers/admin_orders.hpp"

#include <fmt/format.h>

#include <boost/json.hpp>
#include <limits>

#include "artshop/http/client_address.hpp"
#include "artshop/http/json.hpp"
#include "handlers/admin.hpp"
#include "handlers/money_json.hpp"
#include "handlers/request_fields.hpp"
#include "handlers/signed_in.hpp"

namespace artshop::http::handlers {
namespace {

namespace json = boost::json;

constexpr std::string_view kIdempotencyKey = "Idempotency-Key";
constexpr std::size_t kMinKeyLength = 8;
constexpr std::size_t kMaxKeyLength = 64;
constexpr std::string_view kKeyNeeded = "Send an Idempotency-Key of 8 to 64 characters.";
constexpr std::string_view kNumbers = "Must be a list of numbers such as [1, 3].";

std::string_view provider_of(const Order& order, std::string_view card_provider) {
  return order.pay_by_balance ? std::string_view("balance") : card_provider;
}

json::object refund_json(const Refund& refund) {
  json::value staff = nullptr;
  if (refund.staff)
    staff = json::object{{"id", refund.staff->value}, {"email", refund.staff_email}};
  json::array lines;
  for (const int line : refund.lines) lines.emplace_back(line);
  json::array cards;
  for (const auto card : refund.gift_cards) cards.emplace_back(card);
  return {{"id", refund.id.value},
          {"at", iso_time(refund.at)},
          {"staff", std::move(staff)},
          {"amount", money_json(refund.amount)},
          {"reason", refund.reason},
          {"lines", std::move(lines)},
          {"giftCards", std::move(cards)},
          {"returnToSale", refund.return_to_sale},
          {"status", name_of(refund.status)},
          {"source", name_of(refund.source)}};
}

// "CustomerBalance:7" for a customer's balance, the account's kind for the shop's own.
std::string account_name(const LedgerAccount& account) {
  if (account.kind == LedgerAccountKind::CustomerBalance) {
    return fmt::format("{}:{}", name(account.kind), account.user.value);
  }
  return std::string(name(account.kind));
}

json::object posting_json(const PostingRecord& posting) {
  json::array entries;
  for (const auto& entry : posting.entries) {
    // Micro-euros shown as cents, half-up: the ledger keeps more precision than a screen needs.
    const auto cents = (entry.amount_micro_eur + kMicroEurPerCent / 2) / kMicroEurPerCent;
    entries.push_back({{"account", account_name(entry.account)},
                       {"side", name(entry.side)},
                       {"amount", money_json(Money(cents, Currency::EUR))},
                       {"original", money_json(entry.original)}});
  }
  return {{"reference", posting.reference},
          {"at", iso_time(posting.at)},
          {"entries", std::move(entries)}};
}

// "•••• •••• •••• 1234": the back office never shows a whole number.
json::value masked_number(const std::optional<GiftCard>& card) {
  if (!card || card->number.size() < 4) return nullptr;
  return json::string(
      "\u2022\u2022\u2022\u2022 \u2022\u2022\u2022\u2022 \u2022\u2022\u2022\u2022 " +
      card->number.substr(card->number.size() - 4));
}

std::string_view gift_card_state(const StaffOrderGiftCard& line) {
  if (!line.card) return "unpaid";
  if (line.voided) return "voided";
  return line.card->redeemed_by ? "redeemed" : "active";
}

json::array history_json(const std::vector<PaymentStatusChange>& history) {
  json::array changes;
  for (const auto& change : history) {
    json::value from = nullptr;
    if (change.from) from = name(*change.from);
    changes.push_back({{"at", iso_time(change.at)},
                       {"from", std::move(from)},
                       {"to", name(change.to)},
                       {"source", name(change.source)}});
  }
  return changes;
}

json::object order_detail_json(const StaffOrderDetail& detail, std::string_view card_provider) {
  const auto& order = detail.order;
  const auto& payment = order.payment;
  auto row = order_row_json(order, detail.email, card_provider);
  row["customer"] = json::object{{"id", payment.user.value},
                                 {"email", detail.email},
                                 {"firstName", detail.first_name},
                                 {"lastName", detail.last_name}};
  row["billing"] = json::object{{"country", payment.billing.country},
                                {"state", payment.billing.state},
                                {"city", payment.billing.city},
                                {"address1", payment.billing.address1},
                                {"zipCode", payment.billing.zip_code}};
  json::array lines;
  for (std::size_t i = 0; i < order.lines.size(); ++i) {
    const auto& line = order.lines[i];
    const int number = static_cast<int>(i) + 1;
    lines.push_back({{"number", number},
                     {"offerId", line.offer.value},
                     {"offerAttributeId", line.attribute.value},
                     {"title", line.title},
                     {"sizeName", line.size_name},
                     {"licence", name(line.licence)},
                     {"price", money_json(Money(line.price_minor, payment.currency))},
                     {"refunded", detail.refunded_lines.contains(number)}});
  }
  row["lines"] = std::move(lines);
  json::array cards;
  for (const auto& line : detail.gift_cards) {
    json::value id = nullptr;
    if (line.id) id = *line.id;
    cards.push_back({{"id", std::move(id)},
                     {"number", masked_number(line.card)},
                     {"amount", money_json(line.amount)},
                     {"state", gift_card_state(line)}});
  }
  row["giftCards"] = std::move(cards);
  row["payment"] = json::object{{"provider", provider_of(order, card_provider)},
                                {"reference", payment.reference},
                                {"status", name(payment.status)},
                                {"amount", money_json(payment.amount())},
                                {"createdAt", iso_time(payment.created_at)},
                                {"expiresAt", iso_time(payment.expires_at)},
                                {"settledAt", time_or_null(payment.settled_at)},
                                {"history", history_json(detail.payment_history)}};
  json::array events;
  for (const auto& event : detail.webhook_events) {
    events.push_back({{"eventId", event.event_id},
                      {"kind", event.kind},
                      {"receivedAt", iso_time(event.received_at)}});
  }
  row["webhookEvents"] = std::move(events);
  json::array ledger;
  for (const auto& posting : detail.ledger) ledger.push_back(posting_json(posting));
  row["ledger"] = std::move(ledger);
  json::array artworks;
  for (const auto& owned : detail.artworks) {
    const auto& artwork = owned.artwork;
    json::value line_number = nullptr;
    for (std::size_t i = 0; i < order.lines.size(); ++i) {
      if (order.lines[i].attribute == artwork.attribute) line_number = static_cast<int>(i) + 1;
    }
    artworks.push_back({{"id", artwork.id.value},
                        {"lineNumber", std::move(line_number)},
                        {"title", artwork.title},
                        {"sizeName", artwork.size_name},
                        {"downloadable", owned.downloadable}});
  }
  row["artworks"] = std::move(artworks);
  json::array mails;
  for (const auto& mail : detail.mails) {
    mails.push_back({{"at", iso_time(mail.at)},
                     {"to", mail.to},
                     {"subject", mail.subject},
                     {"status", name(mail.state)}});
  }
  row["mails"] = std::move(mails);
  json::array refunds;
  for (const auto& refund : detail.refunds) refunds.push_back(refund_json(refund));
  row["refunds"] = std::move(refunds);
  return row;
}

// A list of whole numbers under `name`; absent or null is empty. Anything else is noted.
template <class Number>
std::vector<Number> read_numbers(const json::object& body, std::string_view name,
                                 ValidationErrors& errors) {
  std::vector<Number> numbers;
  const auto* value = find_property(body, name);
  if (value == nullptr || value->is_null()) return numbers;
  const auto* items = value->if_array();
  bool readable = items != nullptr;
  if (items != nullptr) {
    for (const auto& item : *items) {
      const auto* number = item.if_int64();
      if (number == nullptr || *number < std::numeric_limits<Number>::min() ||
          *number > std::numeric_limits<Number>::max()) {
        readable = false;
        break;
      }
      numbers.push_back(static_cast<Number>(*number));
    }
  }
  if (!readable) {
    errors.add(name, std::string(kNumbers));
    numbers.clear();
  }
  return numbers;
}

// The Idempotency-Key a refund must carry: 8 to 64 visible ASCII characters.
std::optional<std::string> refund_key(const Request& request) {
  const auto key = request.header(kIdempotencyKey);
  if (!key || key->size() < kMinKeyLength || key->size() > kMaxKeyLength) return std::nullopt;
  for (const char c : *key) {
    if (c <= ' ' || c > '~') return std::nullopt;
  }
  return std::string(*key);
}

}  // namespace

json::object order_row_json(const Order& order, const std::string& email,
                            std::string_view card_provider) {
  const auto& payment = order.payment;
  return {{"id", order.id.value},
          {"reference", payment.reference},
          {"createdAt", iso_time(payment.created_at)},
          {"customer", json::object{{"id", payment.user.value}, {"email", email}}},
          {"status", name(payment.status)},
          {"refundStatus", name_of(refund_standing(order.refunded_minor, payment.amount_minor))},
          {"total", money_json(order.total())},
          {"refunded", money_json(Money(order.refunded_minor, payment.currency))},
          {"provider", provider_of(order, card_provider)}};
}

Handler search_orders(const AdminOrdersApi& api) {
  return signed_in_staff(api.authenticate, [api](const Request& request, const StaffActor& actor) {
    const auto listing = api.search_orders(actor, {.id = request.query_param("Id"),
                                                   .reference = request.query_param("Reference"),
                                                   .email = request.query_param("Email"),
                                                   .status = request.query_param("Status"),
                                                   .refund = request.query_param("Refund"),
                                                   .from = request.query_param("From"),
                                                   .to = request.query_param("To"),
                                                   .currency = request.query_param("Currency"),
                                                   .min_amount = request.query_param("MinAmount"),
                                                   .max_amount = request.query_param("MaxAmount"),
                                                   .sort = request.query_param("Sort"),
                                                   .page = request.query_param("Page"),
                                                   .page_size = request.query_param("PageSize")});
    if (!listing) return error_response(listing.error(), request.request_id);
    json::array items;
    for (const auto& row : listing->orders.items) {
      items.push_back(order_row_json(row.order, row.email, api.card_provider));
    }
    return json_response(200, json::object{{"items", std::move(items)},
                                           {"total", listing->orders.total},
                                           {"page", listing->page},
                                           {"pageSize", listing->page_size}});
  });
}

Handler get_order_for_staff(const AdminOrdersApi& api) {
  return signed_in_staff(api.authenticate, [api](const Request& request, const StaffActor& actor) {
    const auto id = path_id(request, "id");
    const auto detail = api.get_order(actor, OrderId{id.value_or(0)});
    if (!detail) return error_response(detail.error(), request.request_id);
    return json_response(200, order_detail_json(*detail, api.card_provider));
  });
}

Handler refund_order(const AdminOrdersApi& api, const ClientAddresses& clients) {
  return signed_in_staff(api.authenticate, [api, &clients](const Request& request,
                                                           const StaffActor& actor) {
    const auto key = refund_key(request);
    const auto read = [&](const json::object& body, JsonFields& fields, ValidationErrors& errors) {
      if (!key) errors.add(kIdempotencyKey, std::string(kKeyNeeded));
      return RefundOrderCommand{
          .actor = actor,
          .order = OrderId{path_id(request, "id").value_or(0)},
          .idempotency_key = key.value_or(""),
          .choice = {.lines = read_numbers<int>(body, "lines", errors),
                     .gift_cards = read_numbers<std::int64_t>(body, "giftCards", errors),
                     .amount = fields.optional_string("amount"),
                     .reason = fields.string("reason")},
          .return_to_sale = fields.boolean("returnToSale"),
          .address = client_address(request, clients.proxies)};
    };
    return read_then_call(request, read, [&](const RefundOrderCommand& command) {
      const auto made = api.refund_order(command);
      if (!made) return error_response(made.error(), request.request_id);
      return json_response(made->repeated ? 200 : 201,
                           json::object{{"refund", refund_json(made->refund)}});
    });
  });
}

}  // namespace artshop::http::handlers
