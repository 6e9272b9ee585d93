#include "artshop/core/backoffice/search_orders.hpp"

#include <charconv>
#include <limits>

#include "artshop/core/staff/staff_services.hpp"
#include "artshop/core/text.hpp"

namespace artshop {
namespace {

std::optional<OrderSort> parse_sort(std::string_view text) {
  if (text == "createdAt") return OrderSort::CreatedAt;
  if (text == "-createdAt") return OrderSort::CreatedAtDescending;
  if (text == "total") return OrderSort::Total;
  if (text == "-total") return OrderSort::TotalDescending;
  return std::nullopt;
}

}  // namespace

Result<OrderListing> SearchOrders::operator()(const StaffActor& actor,
                                              const SearchOrdersQuery& query) {
  if (auto allowed = require_permission(actor, StaffPermission::ViewOrders); !allowed) {
    return std::unexpected(allowed.error());
  }
  ValidationErrors errors;
  OrderListing listing;
  listing.page = read_page_number(query.page, "Page", 1,
                                  std::numeric_limits<int>::max() / kMaxPageSize, errors);
  listing.page_size =
      read_page_number(query.page_size, "PageSize", kDefaultPageSize, kMaxPageSize, errors);

  OrderSearchQuery filters;
  if (const auto id = query_text(query.id)) {
    std::int64_t value = 0;
    const auto* end = id->data() + id->size();
    const auto [rest, error] = std::from_chars(id->data(), end, value);
    if (error != std::errc{} || rest != end || value < 1) {
      errors.add("Id", "Enter an order number.");
    } else {
      filters.id = OrderId{value};
    }
  }
  filters.reference = query_text(query.reference);
  if (auto email = query_text(query.email)) filters.email = text::to_lower_ascii(*email);
  if (const auto status = query_text(query.status)) {
    filters.status = parse_payment_status(*status);
    if (!filters.status) errors.add("Status", "Choose Pending, Paid, Failed or Expired.");
  }
  if (const auto refund = query_text(query.refund)) {
    filters.refund = parse_refund_standing(*refund);
    if (!filters.refund) errors.add("Refund", "Choose None, PartlyRefunded or Refunded.");
  }
  if (const auto from = read_query_date(query.from, "From", errors)) filters.from = *from;
  // The whole of the last day.
  if (const auto to = read_query_date(query.to, "To", errors)) {
    filters.until = *to + std::chrono::days(1);
  }
  const auto currency_text = query_text(query.currency);
  const auto min_text = query_text(query.min_amount);
  const auto max_text = query_text(query.max_amount);
  if (currency_text) {
    filters.currency = parse_currency(*currency_text);
    if (!filters.currency) errors.add("Currency", "This currency is not supported.");
  } else if (min_text || max_text) {
    // Amounts compare in one currency: EUR unless another is named.
    filters.currency = Currency::EUR;
  }
  if (filters.currency) {
    if (min_text) {
      if (auto min = read_staff_amount(*min_text, *filters.currency, "MinAmount", errors)) {
        filters.min_minor = min->minor_units();
      }
    }
    if (max_text) {
      if (auto max = read_staff_amount(*max_text, *filters.currency, "MaxAmount", errors)) {
        filters.max_minor = max->minor_units();
      }
    }
  }
  if (const auto sort = query_text(query.sort)) {
    const auto parsed = parse_sort(*sort);
    if (!parsed) {
      errors.add("Sort", "Choose createdAt, -createdAt, total or -total.");
    } else {
      filters.sort = *parsed;
    }
  }
  if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));
  filters.offset = (listing.page - 1) * listing.page_size;
  filters.limit = listing.page_size;
  return transactions_.read([&](Ports::Scope& tx) -> Result<OrderListing> {
    auto filled = listing;
    filled.orders = tx.get<StaffOrderReads>().search(filters);
    return filled;
  });
}

}  // namespace artshop
