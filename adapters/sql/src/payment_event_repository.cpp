#include "artshop/sql/order_repositories.hpp"
#include "row_values.hpp"

namespace artshop::sql {

using std::chrono::sys_seconds;

bool SqlPaymentEventRepository::record(const PaymentEvent& event, sys_seconds at) {
  db_.prepare(
         "INSERT INTO payment_events (event_id, processed_at, kind, payment_reference) "
         "VALUES (?1, ?2, ?3, ?4) ON CONFLICT (event_id) DO NOTHING")
      .bind(1, event.event_id)
      .bind(2, epoch(at))
      .bind(3, event.kind)
      .bind(4, event.reference)
      .run();
  return db_.changes() == 1;
}

}  // namespace artshop::sql
