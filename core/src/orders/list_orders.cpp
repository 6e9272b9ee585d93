#include "artshop/core/orders/list_orders.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/catalogue/offer_query.hpp"
#include "artshop/core/text.hpp"
#include "artshop/core/validation.hpp"

namespace artshop {

namespace {

// A Page or PageSize parameter: absent or empty is `fallback`; otherwise a whole number from 1
// to `max`, or an error under `field`.
// Order history pages forgive spaces around the number.
int page_number(const std::optional<std::string>& raw, std::string_view field, int fallback,
                int max, ValidationErrors& errors) {
  const auto trimmed =
      raw ? std::optional<std::string>(std::string(text::trim(*raw))) : std::nullopt;
  return read_page_number(trimmed, field, fallback, max, errors);
}

}  // namespace

Result<OrderHistoryPage> ListOrders::operator()(const ListOrdersQuery& query) {
  ValidationErrors errors;
  OrderHistoryPage page;
  page.page = page_number(query.page, "Page", 1, kMaxPage, errors);
  page.page_size = page_number(query.page_size, "PageSize", kDefaultPageSize, kMaxPageSize, errors);
  if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));
  const int offset = (page.page - 1) * page.page_size;
  return transactions_.read([&](Ports::Scope& tx) -> Result<OrderHistoryPage> {
    // Filled afresh on each attempt, from the page asked for.
    auto filled = page;
    auto found = tx.get<OrderRepository>().list_for_user(query.user, offset, filled.page_size);
    filled.total = found.total;
    for (auto& order : found.items) {
      filled.items.push_back(history_item(tx.get<GiftCardRepository>(), std::move(order)));
    }
    return filled;
  });
}

}  // namespace artshop
