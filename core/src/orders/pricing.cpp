#include "artshop/core/orders/pricing.hpp"

#include <fmt/format.h>

#include <set>
#include <utility>

#include "artshop/core/text.hpp"

namespace artshop {
namespace {

constexpr std::string_view kEmpty = "Your order is empty.";
constexpr std::string_view kUnknownItem = "A picture in your cart is no longer for sale.";
constexpr std::string_view kDuplicateItem = "A picture size is in your cart twice.";
constexpr std::string_view kSoldOut = "An exclusive picture in your cart is sold out.";
constexpr std::string_view kTooLarge = "Your order is too large to pay at once.";
constexpr std::string_view kUnsupportedCurrency = "This currency is not supported.";
constexpr std::int64_t kGiftCardOfferId = -1;  // SPEC.md section 9: the gift card's cart item

Money eur(std::int64_t cents) {
  return Money(cents, Currency::EUR);
}

std::string amount_problem(MoneyError error, Currency currency) {
  switch (error) {
    case MoneyError::TooPrecise: {
      const int places = exponent(currency);
      return places == 0
                 ? fmt::format("Amounts in {} have no decimals.", code(currency))
                 : fmt::format("Amounts in {} have at most {} decimals.", code(currency), places);
    }
    case MoneyError::Overflow:
      return "This amount is too large.";
    default:
      return "Must be an amount such as 25 or 25.50.";
  }
}

}  // namespace

std::int64_t read_amount(const std::optional<std::string>& text, std::string_view currency_code,
                         std::string_view field, ValidationErrors& errors) {
  if (!text) return 0;
  const auto currency = parse_currency(text::trim(currency_code));
  if (!currency) return 0;
  const auto money = Money::parse(text::trim(*text), *currency);
  if (!money) {
    errors.add(field, amount_problem(money.error(), *currency));
    return 0;
  }
  return money->minor_units();
}

AmountBounds bounds_in(Currency currency, const ExchangeRates& rates, std::int64_t min_eur_cents,
                       std::int64_t max_eur_cents) {
  const auto min = rates.convert(eur(min_eur_cents), currency, Rounding::HalfUp);
  const auto max = rates.convert(eur(max_eur_cents), currency, Rounding::HalfUp);
  if (!min || !max) return {eur(min_eur_cents), eur(max_eur_cents)};
  return {*min, *max};
}

std::expected<PricedCart, ValidationErrors> price_cart(const PriceCartRequest& request,
                                                       OfferRepository& offers,
                                                       const ExchangeRates& rates) {
  ValidationErrors errors;
  PricedCart cart;
  const auto currency = parse_currency(request.currency);
  const auto rate = currency ? rates.rate(*currency) : std::nullopt;
  if (!currency || !rate) {
    errors.add("currency", std::string(kUnsupportedCurrency));
  } else {
    cart.currency = *currency;
    cart.rate = *rate;
  }

  std::set<std::pair<std::int64_t, std::int64_t>> seen;
  bool unknown = false;
  bool duplicate = false;
  bool sold_out = false;
  for (const auto& item : request.lines) {
    if (item.offer_id == kGiftCardOfferId && item.offer_attribute_id == kGiftCardOfferId) continue;
    if (!seen.emplace(item.offer_id, item.offer_attribute_id).second) {
      duplicate = true;
      continue;
    }
    const auto offer = offers.find_by_id(OfferId{item.offer_id});
    const OfferAttribute* attribute = nullptr;
    if (offer) {
      for (const auto& candidate : offer->attributes) {
        if (candidate.id.value == item.offer_attribute_id) attribute = &candidate;
      }
    }
    if (!offer || !attribute || offer->status == OfferStatus::Hidden) {
      unknown = true;
      continue;
    }
    if (offer->status == OfferStatus::SoldOut) {
      sold_out = true;
      continue;
    }
    const auto price = rates.convert(eur(attribute->price_eur_cents), cart.currency);
    if (!price) {
      unknown = true;
      continue;
    }
    cart.lines.push_back({.offer = offer->id,
                          .attribute = attribute->id,
                          .title = offer->title,
                          .size_name = attribute->name,
                          .long_edge = attribute->long_edge,
                          .licence = attribute->licence,
                          .price_minor = price->minor_units(),
                          .price_eur_cents = attribute->price_eur_cents});
  }
  if (unknown) errors.add("cartItems", std::string(kUnknownItem));
  if (duplicate) errors.add("cartItems", std::string(kDuplicateItem));
  if (sold_out) errors.add("cartItems", std::string(kSoldOut));

  if (request.gift_card_amount_minor != 0 && currency && rate) {
    const auto bounds = bounds_in(*currency, rates, kMinGiftCardEurCents, kMaxGiftCardEurCents);
    if (request.gift_card_amount_minor < bounds.min.minor_units() ||
        request.gift_card_amount_minor > bounds.max.minor_units()) {
      errors.add("giftCardAmount", fmt::format("A gift card is worth {} to {}.",
                                               bounds.min.to_string(), bounds.max.to_string()));
    } else {
      cart.gift_cards.push_back({.amount_minor = request.gift_card_amount_minor});
    }
  }
  // No lines at all, or only the gift card's placeholder item: `seen` holds every other line.
  if (seen.empty() && request.gift_card_amount_minor == 0) {
    errors.add_general(std::string(kEmpty));
  }
  if (!errors.empty()) return std::unexpected(std::move(errors));

  Money total = Money::zero(cart.currency);
  for (const auto& line : cart.lines) {
    const auto sum = total.plus(Money(line.price_minor, cart.currency));
    if (!sum) return std::unexpected(ValidationErrors("cartItems", std::string(kTooLarge)));
    total = *sum;
  }
  for (const auto& card : cart.gift_cards) {
    const auto sum = total.plus(Money(card.amount_minor, cart.currency));
    if (!sum) return std::unexpected(ValidationErrors("cartItems", std::string(kTooLarge)));
    total = *sum;
  }
  cart.total_minor = total.minor_units();
  return cart;
}

}  // namespace artshop
