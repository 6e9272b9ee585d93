#pragma once

#include <chrono>
#include <string_view>

namespace artshop {

// Leases on chores that must run on one server at a time when several serve one shop
// (housekeeping, seeding the catalogue): a row of the shared database says who holds each
// chore, and until when.
class LeaseRepository {
 public:
  virtual ~LeaseRepository() = default;

  // Gives `holder` the lease on `chore` until `until` when nobody holds it, when its term
  // ended by `now`, or when `holder` holds it already (a renewal). True when `holder` holds it
  // afterwards.
  virtual bool take(std::string_view chore, std::string_view holder, std::chrono::sys_seconds now,
                    std::chrono::sys_seconds until) = 0;
  // Ends `holder`'s lease on `chore` early, so that another may take it at once; nothing when
  // someone else holds it.
  virtual void release(std::string_view chore, std::string_view holder) = 0;
};

}  // namespace artshop
