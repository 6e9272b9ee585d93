#include "artshop/core/backoffice/customer_ledger.hpp"

#include <fmt/format.h>

#include <charconv>

#include "artshop/core/staff/staff_services.hpp"

namespace artshop {
namespace {

// The posting reference's kind and what follows it: "order", "ord_..." for "order:ord_...".
std::pair<std::string_view, std::string_view> split_reference(std::string_view reference) {
  const auto colon = reference.find(':');
  if (colon == std::string_view::npos) return {reference, {}};
  return {reference.substr(0, colon), reference.substr(colon + 1)};
}

std::string describe(const CustomerLedger::Ports::Scope& tx, std::string_view reference) {
  const auto [kind, rest] = split_reference(reference);
  if (kind == "order") {
    const auto payment = tx.get<PaymentRepository>().find_by_reference(rest);
    const auto order =
        payment ? tx.get<OrderRepository>().find_by_payment(payment->id) : std::nullopt;
    if (order) return fmt::format("Order {}", order->id.value);
  }
  if (kind == "deposit") return "Deposit";
  if (kind == "gift-card") return "Gift card redeemed";
  if (kind == "generated-image") return "Generated image";
  if (kind == "late-payment") return "Late payment";
  if (kind == "adjustment") {
    std::int64_t id = 0;
    const auto [end, ec] = std::from_chars(rest.data(), rest.data() + rest.size(), id);
    if (ec == std::errc() && end == rest.data() + rest.size()) {
      if (const auto adjustment =
              tx.get<CustomerRecords>().find_adjustment(BalanceAdjustmentId{id})) {
        return "Adjustment: " + adjustment->reason;
      }
    }
  }
  return std::string(reference);
}

}  // namespace

Result<CustomerLedgerListing> CustomerLedger::operator()(
    const StaffActor& actor, UserId customer, const std::optional<std::string>& page,
    const std::optional<std::string>& page_size) {
  if (auto allowed = require_permission(actor, StaffPermission::ViewCustomers); !allowed) {
    return std::unexpected(allowed.error());
  }
  ValidationErrors errors;
  CustomerLedgerListing listing;
  listing.page = read_page_request(page, page_size, errors);
  if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));
  return transactions_.read([&](Ports::Scope& tx) -> Result<CustomerLedgerListing> {
    auto& records = tx.get<CustomerRecords>();
    if (!records.find(customer)) return std::unexpected(no_such_customer());
    auto filled = listing;
    auto lines = records.ledger(customer, listing.page.offset(), listing.page.page_size);
    filled.total = lines.total;
    for (auto& line : lines.items) {
      auto description = describe(tx, line.reference);
      filled.items.push_back({.line = std::move(line), .description = std::move(description)});
    }
    return filled;
  });
}

}  // namespace artshop
