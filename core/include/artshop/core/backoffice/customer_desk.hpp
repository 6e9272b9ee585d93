#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/backoffice/customer_records.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/money.hpp"
#include "artshop/core/staff/audit.hpp"
#include "artshop/core/staff/staff_member.hpp"
#include "artshop/core/validation.hpp"

// What the back office's customer use cases share: their messages, how staff type amounts,
// reasons and keys, how their audit records name a customer, and the adjustment limit.
namespace artshop {

namespace customer_messages {
inline constexpr std::string_view kNoSuchCustomer = "No such customer.";
inline constexpr std::string_view kSayWhy = "Say why.";
inline constexpr std::string_view kNotAnAmount = "Must be an amount such as 12.50.";
inline constexpr std::string_view kMoreThanZero = "Must be more than zero.";
inline constexpr std::string_view kTooLarge = "This amount is too large.";
inline constexpr std::string_view kChooseDirection = "Choose credit or debit.";
inline constexpr std::string_view kSendKey = "Send an Idempotency-Key of 8 to 64 characters.";
inline constexpr std::string_view kKeyReused = "This key was used for another adjustment.";
}  // namespace customer_messages

// A reason staff give for an action: 1 to 500 characters.
inline constexpr std::size_t kMaxReasonLength = 500;
// The largest amount staff may type: a million euros, far past any balance the shop holds.
inline constexpr std::int64_t kMaxStaffAmountMinor = 100'000'000;

// adjustment_limit_eur_cents: an adjustment worth more needs adjust_beyond_limit.
struct CustomerDeskPolicy {
  std::int64_t adjustment_limit_eur_cents = 5000;
};

// 404 "No such customer.".
Error no_such_customer();

// An amount staff typed in `currency` ("12.50"), in minor units; nullopt with the reason under
// `field` in `errors` when it is not a plain decimal, not more than zero, finer than the
// currency's minor unit ("Use at most 2 decimals for EUR.") or too large. Absent or blank: not
// an amount.
std::optional<std::int64_t> read_staff_amount(const std::optional<std::string>& text,
                                              Currency currency, std::string_view field,
                                              ValidationErrors& errors);

// A reason, trimmed: 1 to 500 characters, a line or several; "Say why." under `field` otherwise.
std::optional<std::string> read_reason(const std::optional<std::string>& text,
                                       std::string_view field, ValidationErrors& errors);

// An Idempotency-Key as sent: 8 to 64 visible ASCII characters.
std::optional<std::string> read_idempotency_key(const std::optional<std::string>& text,
                                                ValidationErrors& errors);

// Micro-euros as whole euro cents, rounded down (what a balance may spend): "3.20 EUR".
Money eur_of_micro(std::int64_t micro_eur);

// An audit record of `action` on the customer `object` ("customer:7") by `actor`.
AuditRecord customer_audit(const StaffActor& actor, std::string_view address,
                           std::string_view action, UserId customer, std::chrono::sys_seconds at);

// Page and PageSize of a back-office list: 1.., 1..100 (default 50); errors on their names.
struct PageRequest {
  int page = 1;
  int page_size = 50;
  int offset() const noexcept { return (page - 1) * page_size; }
};
PageRequest read_page_request(const std::optional<std::string>& page,
                              const std::optional<std::string>& page_size,
                              ValidationErrors& errors);

}  // namespace artshop
