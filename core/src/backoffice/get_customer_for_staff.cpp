#include "artshop/core/backoffice/get_customer_for_staff.hpp"

#include "artshop/core/staff/staff_services.hpp"

namespace artshop {

Result<CustomerFile> GetCustomerForStaff::operator()(const StaffActor& actor, UserId customer) {
  if (auto allowed = require_permission(actor, StaffPermission::ViewCustomers); !allowed) {
    return std::unexpected(allowed.error());
  }
  const auto now = std::chrono::floor<std::chrono::seconds>(clock_.now());
  return transactions_.read([&](Ports::Scope& tx) -> Result<CustomerFile> {
    auto& records = tx.get<CustomerRecords>();
    auto row = records.find(customer);
    if (!row) return std::unexpected(no_such_customer());
    CustomerFile file{.customer = std::move(*row)};
    auto orders = tx.get<OrderRepository>().list_for_user(customer, 0, CustomerFile::kOrdersShown);
    file.orders = std::move(orders.items);
    file.orders_total = orders.total;
    file.tickets = records.tickets(customer, file.customer.email);
    file.sessions = records.live_sessions(customer, now);
    file.gift_cards = tx.get<GiftCardRepository>()
                          .search({.customer = customer, .limit = CustomerFile::kGiftCardsShown})
                          .items;
    return file;
  });
}

}  // namespace artshop
