#include "artshop/sql/order_repositories.hpp"
#include "row_values.hpp"

namespace artshop::sql {

using std::chrono::sys_seconds;

bool SqlPaymentEventRepository::record(std::string_view event_id, sys_seconds at) {
  db_.prepare(
         "INSERT INTO payment_events (event_id, processed_at) VALUES (?1, ?2) "
         "ON CONFLICT (event_id) DO NOTHING")
      .bind(1, event_id)
      .bind(2, epoch(at))
      .run();
  return db_.changes() == 1;
}

}  // namespace artshop::sql
