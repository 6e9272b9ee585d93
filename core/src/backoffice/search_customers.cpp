#include "artshop/core/backoffice/search_customers.hpp"

#include "artshop/core/staff/staff_services.hpp"
#include "artshop/core/text.hpp"

namespace artshop {

Result<CustomerListing> SearchCustomers::operator()(const StaffActor& actor,
                                                    const SearchCustomersQuery& query) {
  if (auto allowed = require_permission(actor, StaffPermission::ViewCustomers); !allowed) {
    return std::unexpected(allowed.error());
  }
  ValidationErrors errors;
  CustomerListing listing;
  listing.page = read_page_request(query.page, query.page_size, errors);
  CustomerQuery filters;
  const auto sent_sort = query.sort.value_or("");
  const auto sort = text::trim(sent_sort);
  if (sort == "-createdAt") {
    filters.sort = CustomerSort::NewestFirst;
  } else if (!sort.empty() && sort != "email") {
    errors.add("Sort", "Sort by email or -createdAt.");
  }
  if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));
  const auto sent_text = query.text.value_or("");
  if (const auto text = text::trim(sent_text); !text.empty()) {
    filters.text = text::to_lower_ascii(text);
  }
  filters.offset = listing.page.offset();
  filters.limit = listing.page.page_size;
  return transactions_.read([&](Ports::Scope& tx) -> Result<CustomerListing> {
    auto filled = listing;
    filled.customers = tx.get<CustomerRecords>().search(filters);
    return filled;
  });
}

}  // namespace artshop
