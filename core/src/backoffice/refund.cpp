#include "artshop/core/backoffice/refund.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <utility>

#include "artshop/core/enum_names.hpp"
#include "artshop/core/orders/ledger.hpp"
#include "artshop/core/text.hpp"

namespace artshop {
namespace {

constexpr std::array<std::pair<RefundStatus, std::string_view>, 3> kStatusNames{{
    {RefundStatus::Pending, "pending"},
    {RefundStatus::Succeeded, "succeeded"},
    {RefundStatus::Failed, "failed"},
}};
constexpr std::array<std::pair<RefundSource, std::string_view>, 2> kSourceNames{{
    {RefundSource::Staff, "staff"},
    {RefundSource::Provider, "provider"},
}};
constexpr std::array<std::pair<RefundStanding, std::string_view>, 3> kStandingNames{{
    {RefundStanding::None, "None"},
    {RefundStanding::PartlyRefunded, "PartlyRefunded"},
    {RefundStanding::Refunded, "Refunded"},
}};

constexpr std::string_view kRefundReferencePrefix = "rfd_";

std::string decimals_message(Currency currency) {
  const int places = exponent(currency);
  return places == 0 ? fmt::format("Use no decimals for {}.", code(currency))
                     : fmt::format("Use at most {} decimals for {}.", places, code(currency));
}

}  // namespace

std::string_view name_of(RefundStatus status) noexcept {
  return name_in(kStatusNames, status);
}
std::optional<RefundStatus> parse_refund_status(std::string_view name) noexcept {
  return parse_in(kStatusNames, name);
}
std::string_view name_of(RefundSource source) noexcept {
  return name_in(kSourceNames, source);
}
std::optional<RefundSource> parse_refund_source(std::string_view name) noexcept {
  return parse_in(kSourceNames, name);
}
std::string_view name_of(RefundStanding standing) noexcept {
  return name_in(kStandingNames, standing);
}
std::optional<RefundStanding> parse_refund_standing(std::string_view name) noexcept {
  return parse_in(kStandingNames, name);
}

RefundStanding refund_standing(std::int64_t refunded_minor, std::int64_t total_minor) noexcept {
  if (refunded_minor <= 0) return RefundStanding::None;
  return refunded_minor >= total_minor ? RefundStanding::Refunded : RefundStanding::PartlyRefunded;
}

std::string refund_posting_reference(RefundId refund) {
  return fmt::format("refund:{}", refund.value);
}
std::string refund_failed_posting_reference(RefundId refund) {
  return fmt::format("refund-failed:{}", refund.value);
}
std::string refund_reference(RefundId refund) {
  return fmt::format("{}{}", kRefundReferencePrefix, refund.value);
}
std::optional<RefundId> parse_refund_reference(std::string_view reference) noexcept {
  if (!reference.starts_with(kRefundReferencePrefix)) return std::nullopt;
  reference.remove_prefix(kRefundReferencePrefix.size());
  std::int64_t id = 0;
  const auto* end = reference.data() + reference.size();
  const auto [rest, error] = std::from_chars(reference.data(), end, id);
  if (error != std::errc{} || rest != end || id <= 0) return std::nullopt;
  return RefundId{id};
}

std::optional<Money> read_staff_amount(std::string_view text, Currency currency,
                                       std::string_view field, ValidationErrors& errors) {
  text = text::trim(text);
  const bool negative = text.starts_with('-');
  const auto money = Money::parse(negative ? text.substr(1) : text, currency);
  if (!money) {
    switch (money.error()) {
      case MoneyError::TooPrecise:
        errors.add(field, decimals_message(currency));
        break;
      case MoneyError::Overflow:
        errors.add(field, std::string(refund_messages::kTooLarge));
        break;
      default:
        errors.add(field, std::string(refund_messages::kNotAnAmount));
    }
    return std::nullopt;
  }
  if (negative || money->minor_units() <= 0) {
    errors.add(field, std::string(refund_messages::kMoreThanZero));
    return std::nullopt;
  }
  return *money;
}

Money left_to_refund(const RefundableOrder& order) noexcept {
  const auto total = order.order.total();
  return Money(std::max<std::int64_t>(total.minor_units() - order.refunded_minor, 0),
               total.currency());
}

std::expected<RefundPlan, ValidationErrors> plan_refund(const RefundableOrder& order,
                                                        const RefundChoice& choice) {
  ValidationErrors errors;
  const auto currency = order.order.payment.currency;
  RefundPlan plan{.amount = Money(0, currency)};

  const auto reason = text::trim(choice.reason);
  if (reason.empty()) {
    errors.add("reason", std::string(refund_messages::kSayWhy));
  } else if (reason.size() > kMaxRefundReasonLength) {
    errors.add("reason", std::string(refund_messages::kReasonTooLong));
  }
  plan.reason = std::string(reason);

  std::int64_t lines_minor = 0;
  std::set<int> seen_lines;
  for (const int number : choice.lines) {
    if (number < 1 || std::cmp_greater(number, order.order.lines.size())) {
      errors.add("lines", fmt::format("Line {} is not in this order.", number));
    } else if (!seen_lines.insert(number).second) {
      errors.add("lines", fmt::format("Line {} is chosen twice.", number));
    } else if (order.refunded_lines.contains(number)) {
      errors.add("lines", fmt::format("Line {} was refunded already.", number));
    } else {
      lines_minor += order.order.lines[static_cast<std::size_t>(number - 1)].price_minor;
      plan.lines.push_back(number);
    }
  }

  std::int64_t cards_minor = 0;
  std::set<std::int64_t> seen_cards;
  for (const auto id : choice.gift_cards) {
    const auto card = std::find_if(order.gift_cards.begin(), order.gift_cards.end(),
                                   [id](const RefundableGiftCard& c) { return c.id == id; });
    if (card == order.gift_cards.end()) {
      errors.add("giftCards", fmt::format("Gift card {} is not in this order.", id));
    } else if (!seen_cards.insert(id).second) {
      errors.add("giftCards", fmt::format("Gift card {} is chosen twice.", id));
    } else if (order.refunded_gift_cards.contains(id) || card->voided) {
      errors.add("giftCards", fmt::format("Gift card {} was refunded already.", id));
    } else if (card->redeemed) {
      errors.add("giftCards",
                 fmt::format("Gift card {} was redeemed already: it cannot be refunded.", id));
    } else {
      cards_minor += card->amount_minor;
      plan.gift_cards.push_back(id);
    }
  }

  const bool items_chosen = !choice.lines.empty() || !choice.gift_cards.empty();
  const auto left = left_to_refund(order);
  std::optional<Money> typed;
  if (choice.amount) typed = read_staff_amount(*choice.amount, currency, "amount", errors);
  if (!items_chosen && !choice.amount) {
    errors.add_general(std::string(refund_messages::kNothingChosen));
  }
  const auto items_minor = lines_minor + cards_minor;
  auto amount_minor = typed ? typed->minor_units() : items_minor;
  if (typed && items_chosen && amount_minor > items_minor) {
    errors.add("amount", fmt::format("At most {} for the items chosen.",
                                     Money(items_minor, currency).to_string()));
  }
  if (!errors.has("amount") && (typed || items_chosen) && amount_minor > left.minor_units()) {
    errors.add("amount", fmt::format("Only {} is left to refund.", left.to_string()));
  }
  if (order.order.payment.status != PaymentStatus::Paid) {
    // Said alone: nothing else about an unpaid order is worth correcting.
    return std::unexpected(
        ValidationErrors(ValidationErrors::kGeneral, std::string(refund_messages::kNotPaid)));
  }
  if (!errors.empty()) return std::unexpected(std::move(errors));

  plan.amount = Money(amount_minor, currency);
  plan.gift_cards_minor = std::min(cards_minor, amount_minor);
  plan.pictures_minor = amount_minor - plan.gift_cards_minor;
  return plan;
}

bool beyond_refund_limit(Money amount, Rate rate, std::int64_t limit_eur_cents) noexcept {
  const auto micro = to_micro_eur(amount, rate);
  // An amount too large to convert is beyond any limit.
  if (!micro) return true;
  return *micro > limit_eur_cents * kMicroEurPerCent;
}

std::string refund_limit_message(std::int64_t limit_eur_cents) {
  return fmt::format("Only an owner may refund more than {}.",
                     Money(limit_eur_cents, Currency::EUR).to_string());
}

}  // namespace artshop
