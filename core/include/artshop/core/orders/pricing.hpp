#pragma once

#include <cstdint>
#include <expected>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/core/catalogue/repositories.hpp"
#include "artshop/core/exchange_rates.hpp"
#include "artshop/core/orders/order.hpp"
#include "artshop/core/validation.hpp"

namespace artshop {

// Bounds of a bought gift card and of a deposit, in euro cents; other currencies get the
// equivalent, converted half-up at the order's rate.
inline constexpr std::int64_t kMinGiftCardEurCents = 5'00;
inline constexpr std::int64_t kMaxGiftCardEurCents = 500'00;
inline constexpr std::int64_t kMinDepositEurCents = 5'00;
inline constexpr std::int64_t kMaxDepositEurCents = 1000'00;

// One cart item as the client sends it: ids only. Whatever price the client shows is ignored.
struct CartLine {
  std::int64_t offer_id = 0;
  std::int64_t offer_attribute_id = 0;
};

struct PriceCartRequest {
  std::vector<CartLine> lines;
  std::int64_t gift_card_amount_minor = 0;  // 0: no gift card
  std::string currency;                     // ISO code as sent
};

struct PricedCart {
  Currency currency = Currency::EUR;
  Rate rate{Rate::kScale};
  std::vector<OrderLine> lines;
  std::vector<GiftCardLine> gift_cards;
  std::int64_t total_minor = 0;
};

// Inclusive bounds of an amount in `currency`, from bounds in euro cents.
struct AmountBounds {
  Money min;
  Money max;
};
AmountBounds bounds_in(Currency currency, const ExchangeRates& rates, std::int64_t min_eur_cents,
                       std::int64_t max_eur_cents);

// An amount as the customer wrote it, in major units of `currency_code`, as minor units,
// exactly: "25" and "25.50" EUR are 2500 and 2550 cents, "25.555" is refused. Absent reads as
// 0, and so does any amount in an unknown currency (the use case reports the currency). Text
// that is not a plain decimal, one with more decimals than the currency has, or one too large
// adds an error under `field` and reads as 0.
std::int64_t read_amount(const std::optional<std::string>& text, std::string_view currency_code,
                         std::string_view field, ValidationErrors& errors);

// The cart priced by the server from the catalogue at the given rates: each line at its
// attribute's euro price converted half-up, as the catalogue shows it. Every problem is
// collected under the order payload's field names ("cartItems", "giftCardAmount",
// "currency", "" for the order as a whole).
std::expected<PricedCart, ValidationErrors> price_cart(const PriceCartRequest& request,
                                                       OfferRepository& offers,
                                                       const ExchangeRates& rates);

}  // namespace artshop
