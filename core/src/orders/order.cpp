#include "artshop/core/orders/order.hpp"

#include <array>
#include <utility>

namespace artshop {
namespace {

constexpr std::array<std::pair<PaymentStatus, std::string_view>, 4> kStatusNames{{
    {PaymentStatus::Pending, "Pending"},
    {PaymentStatus::Paid, "Paid"},
    {PaymentStatus::Failed, "Failed"},
    {PaymentStatus::Expired, "Expired"},
}};

}  // namespace

std::string_view name(PaymentStatus status) noexcept {
  for (const auto& [value, text] : kStatusNames) {
    if (value == status) return text;
  }
  return "Pending";
}

std::optional<PaymentStatus> parse_payment_status(std::string_view text) noexcept {
  for (const auto& [value, known] : kStatusNames) {
    if (known == text) return value;
  }
  return std::nullopt;
}

std::expected<PaymentStatus, TransitionError> transition(PaymentStatus from,
                                                         PaymentStatus to) noexcept {
  if (from != PaymentStatus::Pending) return std::unexpected(TransitionError::AlreadyFinal);
  if (to == PaymentStatus::Pending) return std::unexpected(TransitionError::NotAnOutcome);
  return to;
}

}  // namespace artshop
