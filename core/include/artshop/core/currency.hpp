#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace artshop {

// The 14 currencies the shop prices in (SPEC.md section 3).
enum class Currency : std::uint8_t { EUR, USD, GBP, NOK, CZK, PLN, CHF, AUD, AZN, KZT, SAR, JPY, CAD, NZD };

inline constexpr std::array kAllCurrencies{
    Currency::EUR, Currency::USD, Currency::GBP, Currency::NOK, Currency::CZK,
    Currency::PLN, Currency::CHF, Currency::AUD, Currency::AZN, Currency::KZT,
    Currency::SAR, Currency::JPY, Currency::CAD, Currency::NZD};

inline constexpr Currency kDefaultCurrency = Currency::EUR;

// ISO 4217 alphabetic code, e.g. "EUR".
std::string_view code(Currency currency) noexcept;

// ISO 4217 minor-unit exponent: 0 for JPY, 2 for the others.
int exponent(Currency currency) noexcept;

// Parses an ISO code, ignoring ASCII case ("eur" and "EUR" both name the euro).
std::optional<Currency> parse_currency(std::string_view text) noexcept;

}  // namespace artshop
