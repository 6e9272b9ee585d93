#include <fmt/format.h>

#include <boost/json.hpp>

#include "artshop/core/orders/ledger.hpp"
#include "artshop/http/json.hpp"
#include "handlers/idempotent.hpp"
#include "handlers/money_json.hpp"
#include "handlers/order_fields.hpp"
#include "handlers/orders.hpp"
#include "handlers/signed_in.hpp"

namespace artshop::http::handlers {
namespace {

namespace json = boost::json;

json::object deposit_json(const Payment& deposit) {
  json::value settled = nullptr;
  if (deposit.settled_at) settled = json::string(iso_time(*deposit.settled_at));
  return {{"id", deposit.id.value},
          {"reference", deposit.reference},
          {"status", name(deposit.status)},
          {"amount", money_json(deposit.amount())},
          {"createdAt", iso_time(deposit.created_at)},
          {"expiresAt", iso_time(deposit.expires_at)},
          {"settledAt", std::move(settled)}};
}

// Micro-euros as euros, rounded down to the cent: what a balance may spend.
Result<Money> euros(std::int64_t micro_eur) {
  const auto money = from_micro_eur(micro_eur, Currency::EUR, Rate{Rate::kScale});
  if (!money) return std::unexpected(Error::internal(std::string(describe(money.error()))));
  return *money;
}

// The link is empty only in the outcome kept with the stored deposit, before the provider gave
// one: a retry that finds only that outcome learns of the deposit without a link to pay it.
Response started_deposit_answer(const Payment& deposit, std::string_view payment_link) {
  json::value link = nullptr;
  if (!payment_link.empty()) link = json::string(payment_link);
  return json_response(200,
                       json::object{{"deposit", deposit_json(deposit)}, {"paymentLink", link}});
}

Response redeemed_answer(const RedeemedGiftCard& redeemed, std::string_view request_id) {
  const auto credited = euros(redeemed.value_micro_eur);
  const auto balance = euros(redeemed.balance_micro_eur);
  if (!credited) return error_response(credited.error(), request_id);
  if (!balance) return error_response(balance.error(), request_id);
  return json_response(
      200, json::object{{"credited", money_json(*credited)}, {"balance", money_json(*balance)}});
}

}  // namespace

Handler get_balance(const OrdersApi& api) {
  return signed_in(api.authenticate, [api](const Request& request, const Caller& caller) {
    const auto read = [&](const json::object&, JsonFields& fields, ValidationErrors&) {
      // The shop's default currency when the client names none.
      return GetBalanceCommand{.user = caller.user,
                               .currency = fields.optional_string("currency").value_or("EUR")};
    };
    return read_then_call(request, read, [&](const GetBalanceCommand& command) {
      const auto balance = api.get_balance(command);
      if (!balance) return error_response(balance.error(), request.request_id);
      return json_response(200, json::object{{"balance", money_json(*balance)}});
    });
  });
}

Handler start_deposit(const OrdersApi& api) {
  auto handler = [api](const Request& request, const Caller& caller, IdempotentCall& call) {
    const auto read = [&](const json::object& body, JsonFields& fields, ValidationErrors&) {
      auto payer = read_payer(fields, request);
      return DepositCommand{
          .user = caller.user,
          .names = std::move(payer.names),
          .billing = std::move(payer.billing),
          .amount = amount_text(body, "depositAmount"),
          .currency = fields.string("currency"),
          .agreed_to_terms = payer.agreed_to_terms,
          .browser = std::move(payer.browser),
          .urls = return_urls(api.public_url, "/balance",
                              fmt::format("deposit={}", ReturnUrls::kIdPlaceholder)),
          .idempotency = call.reservation()};
    };
    return read_then_call(request, read, [&](DepositCommand command) {
      const auto started = api.start_deposit(std::move(command));
      if (!started) return call.refused(started.error(), request.request_id);
      call.made(IdempotentOutcome::deposit(started->deposit.id, started->payment_link));
      return started_deposit_answer(started->deposit, started->payment_link);
    });
  };
  // The deposit as it is now, with the payment link the first answer gave, if any.
  auto replay = [api](const Request& request, const Caller& caller,
                      const IdempotentOutcome& outcome) {
    const auto deposit = api.get_deposit(caller.user, PaymentId{outcome.id});
    if (!deposit) return error_response(deposit.error(), request.request_id);
    return started_deposit_answer(*deposit, outcome.payment_link);
  };
  return signed_in(api.authenticate,
                   idempotent(api.idempotency_keys, std::move(handler), std::move(replay)));
}

Handler get_deposit(const OrdersApi& api) {
  return signed_in(api.authenticate, [api](const Request& request, const Caller& caller) {
    const auto id = path_id(request, "id");
    if (!id) return error_response(Error::not_found(), request.request_id);
    const auto deposit = api.get_deposit(caller.user, PaymentId{*id});
    if (!deposit) return error_response(deposit.error(), request.request_id);
    return json_response(200, deposit_json(*deposit));
  });
}

Handler redeem_gift_card(const OrdersApi& api) {
  auto handler = [api](const Request& request, const Caller& caller, IdempotentCall& call) {
    const auto read = [&](const json::object&, JsonFields& fields, ValidationErrors&) {
      return RedeemGiftCardCommand{.user = caller.user,
                                   .gift_card_number = fields.string("giftCardNumber"),
                                   .idempotency = call.reservation()};
    };
    return read_then_call(request, read, [&](const RedeemGiftCardCommand& command) {
      const auto redeemed = api.redeem_gift_card(command);
      if (!redeemed) return call.refused(redeemed.error(), request.request_id);
      call.made(IdempotentOutcome::gift_card_redemption(redeemed->number_digest));
      return redeemed_answer(*redeemed, request.request_id);
    });
  };
  // The card's value, with the balance as it is now.
  auto replay = [api](const Request& request, const Caller& caller,
                      const IdempotentOutcome& outcome) {
    const auto redeemed = api.redeem_gift_card.redeemed(caller.user, outcome.reference);
    if (!redeemed) return error_response(redeemed.error(), request.request_id);
    return redeemed_answer(*redeemed, request.request_id);
  };
  return signed_in(api.authenticate,
                   idempotent(api.idempotency_keys, std::move(handler), std::move(replay)));
}

}  // namespace artshop::http::handlers
