#include "artshop/sql/lease_repository.hpp"

#include "row_values.hpp"

namespace artshop::sql {

bool SqlLeaseRepository::take(std::string_view chore, std::string_view holder,
                              std::chrono::sys_seconds now, std::chrono::sys_seconds until) {
  // One statement: two servers taking a free lease at once cannot both win, whatever the
  // isolation (the key is unique; the loser's update finds the winner's unexpired term).
  db_.prepare(
         "INSERT INTO leases (chore, holder, expires_at) VALUES (?1, ?2, ?3) "
         "ON CONFLICT (chore) DO UPDATE SET holder = excluded.holder, "
         "expires_at = excluded.expires_at "
         "WHERE leases.expires_at <= ?4 OR leases.holder = excluded.holder")
      .bind(1, chore)
      .bind(2, holder)
      .bind(3, epoch(until))
      .bind(4, epoch(now))
      .run();
  return db_.changes() == 1;
}

void SqlLeaseRepository::release(std::string_view chore, std::string_view holder) {
  db_.prepare("DELETE FROM leases WHERE chore = ?1 AND holder = ?2")
      .bind(1, chore)
      .bind(2, holder)
      .run();
}

}  // namespace artshop::sql
