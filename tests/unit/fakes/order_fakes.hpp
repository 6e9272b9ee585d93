#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "artshop/core/catalogue/ports.hpp"
#include "artshop/core/orders/payment_gateway.hpp"
#include "in_memory_store.hpp"

namespace artshop::fakes {

// EUR 1, USD 1.0825, JPY 162.4 and the shipped defaults for the rest.
class FixedRates final : public ExchangeRateSource {
 public:
  FixedRates() {
    rates.set(Currency::USD, Rate{1'082'500});
    rates.set(Currency::JPY, Rate{162'400'000});
  }
  ExchangeRates current() const override { return rates; }
  ExchangeRates rates = ExchangeRates::defaults();
};

// Answers a link per reference and remembers what it was asked.
class RecordingGateway final : public PaymentGateway {
 public:
  Checkout create_checkout(const CheckoutRequest& request) override {
    requests.push_back(request);
    return {.payment_link = "https://pay.test/" + request.reference,
            .provider_session = "cs_" + request.reference};
  }
  std::string_view signature_header() const override { return "Stripe-Signature"; }
  std::expected<PaymentEvent, WebhookError> parse_webhook(
      std::string_view, std::string_view, std::chrono::system_clock::time_point) override {
    return std::unexpected(WebhookError::Ignored);
  }
  ProviderRefundAnswer refund(const ProviderRefundRequest& request) override {
    refunds.push_back(request);
    auto answer = refund_answer;
    if (answer.outcome == ProviderRefundAnswer::Outcome::Accepted) {
      answer.provider_refund = "re_" + request.reference;
    }
    return answer;
  }
  std::vector<CheckoutRequest> requests;
  std::vector<ProviderRefundRequest> refunds;
  ProviderRefundAnswer refund_answer{
      .outcome = ProviderRefundAnswer::Outcome::Accepted, .provider_refund = {}, .detail = {}};
};

// An offer with the given attributes (id, licence, price in euro cents) stored in `state`.
struct AttributeSpec {
  std::int64_t id = 0;
  Licence licence = Licence::Personal;
  std::int64_t price_eur_cents = 0;
};

inline OfferId add_offer(StoreState& state, std::string title, std::vector<AttributeSpec> specs,
                         OfferStatus status = OfferStatus::Active) {
  Offer offer;
  offer.id = OfferId{std::ssize(state.offers) + 1};
  offer.url_name = slugify(title);
  offer.title = std::move(title);
  offer.status = status;
  for (const auto& spec : specs) {
    offer.attributes.push_back(
        {.id = AttributeId{spec.id},
         .name = spec.licence == Licence::ExclusiveCommercial ? "Original" : "HD",
         .long_edge = 1920,
         .licence = spec.licence,
         .price_eur_cents = spec.price_eur_cents});
  }
  state.offers.push_back(offer);
  return offer.id;
}

inline UserId add_account(StoreState& state, std::string email) {
  const UserId id{std::ssize(state.accounts) + 1};
  state.accounts.push_back({.id = id,
                            .email = std::move(email),
                            .password_hash = "hash(x)",
                            .first_name = {},
                            .last_name = {},
                            .billing = {},
                            .created_at = {}});
  return id;
}

// Total debits minus total credits over the whole ledger: zero when double entry holds.
inline std::int64_t ledger_imbalance(const StoreState& state) {
  std::int64_t imbalance = 0;
  for (const auto& [reference, entry] : state.ledger) {
    imbalance += entry.side == Side::Debit ? entry.amount_micro_eur : -entry.amount_micro_eur;
  }
  return imbalance;
}

}  // namespace artshop::fakes
