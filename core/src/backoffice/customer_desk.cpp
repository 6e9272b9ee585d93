#include "artshop/core/backoffice/customer_desk.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>

#include "artshop/core/orders/ledger.hpp"
#include "artshop/core/staff/staff_services.hpp"
#include "artshop/core/text.hpp"

namespace artshop {

std::string_view name_of(AdjustmentDirection direction) noexcept {
  return direction == AdjustmentDirection::Credit ? "credit" : "debit";
}

std::optional<AdjustmentDirection> parse_adjustment_direction(std::string_view name) noexcept {
  if (name == "credit") return AdjustmentDirection::Credit;
  if (name == "debit") return AdjustmentDirection::Debit;
  return std::nullopt;
}

Error no_such_customer() {
  return Error::not_found(ValidationErrors("", std::string(customer_messages::kNoSuchCustomer)),
                          "no such customer");
}

std::optional<std::int64_t> read_staff_amount(const std::optional<std::string>& text,
                                              Currency currency, std::string_view field,
                                              ValidationErrors& errors) {
  const auto sent = text.value_or("");
  const auto typed = text::trim(sent);
  const auto money = Money::parse(typed, currency);
  if (!money) {
    if (money.error() == MoneyError::TooPrecise) {
      errors.add(field, fmt::format("Use at most {} decimals for {}.", exponent(currency),
                                    code(currency)));
    } else if (money.error() == MoneyError::Overflow) {
      errors.add(field, std::string(customer_messages::kTooLarge));
    } else {
      errors.add(field, std::string(customer_messages::kNotAnAmount));
    }
    return std::nullopt;
  }
  if (money->minor_units() <= 0) {
    errors.add(field, std::string(customer_messages::kMoreThanZero));
    return std::nullopt;
  }
  if (money->minor_units() > kMaxStaffAmountMinor) {
    errors.add(field, std::string(customer_messages::kTooLarge));
    return std::nullopt;
  }
  return money->minor_units();
}

std::optional<std::string> read_reason(const std::optional<std::string>& text,
                                       std::string_view field, ValidationErrors& errors) {
  const auto sent = text.value_or("");
  const auto reason = text::trim(sent);
  const auto length = text::utf8_length(reason);
  if (reason.empty() || !length || *length > kMaxReasonLength ||
      text::has_control_characters_besides_line_breaks(reason)) {
    errors.add(field, std::string(customer_messages::kSayWhy));
    return std::nullopt;
  }
  return std::string(reason);
}

std::optional<std::string> read_idempotency_key(const std::optional<std::string>& text,
                                                ValidationErrors& errors) {
  const auto key = text.value_or("");
  const bool visible = std::ranges::all_of(key, [](char c) { return c > ' ' && c < '\x7f'; });
  if (key.size() < 8 || key.size() > 64 || !visible) {
    errors.add("Idempotency-Key", std::string(customer_messages::kSendKey));
    return std::nullopt;
  }
  return std::string(key);
}

Money eur_of_micro(std::int64_t micro_eur) {
  // Down, also below zero: a balance never shows more than it holds.
  auto cents = micro_eur / kMicroEurPerCent;
  if (micro_eur % kMicroEurPerCent < 0) --cents;
  return Money(cents, Currency::EUR);
}

AuditRecord customer_audit(const StaffActor& actor, std::string_view address,
                           std::string_view action, UserId customer, std::chrono::sys_seconds at) {
  auto record = staff_audit(actor, address, action, customer, at);
  record.object = fmt::format("customer:{}", customer.value);
  return record;
}

PageRequest read_page_request(const std::optional<std::string>& page,
                              const std::optional<std::string>& page_size,
                              ValidationErrors& errors) {
  constexpr int kMaxPageSize = 100;
  PageRequest request;
  request.page =
      read_page_number(page, "Page", 1, std::numeric_limits<int>::max() / kMaxPageSize, errors);
  request.page_size = read_page_number(page_size, "PageSize", 50, kMaxPageSize, errors);
  return request;
}

}  // namespace artshop
