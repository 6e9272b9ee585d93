#pragma once

#include "artshop/concurrency/bounded_thread_pool.hpp"
#include "artshop/core/backoffice/dashboard.hpp"
#include "artshop/core/backoffice/exports.hpp"
#include "artshop/http/router.hpp"
#include "features/staff.hpp"
#include "infrastructure.hpp"

namespace artshop::app {

// The back office's dashboard and CSV exports (docs/back-office.md, "Dashboard" and
// "Exports"). Staff are the Staff feature's: it takes its session check.
struct SalesReportsFeature {
  SalesReportsFeature(Infrastructure& shared, Staff& staff);
  SalesReportsFeature(const SalesReportsFeature&) = delete;
  SalesReportsFeature& operator=(const SalesReportsFeature&) = delete;

  void add_routes(http::Router& router);

  Infrastructure& shared;
  Staff& staff;
  ShowDashboard dashboard;
  ExportData exports;
  // Exports run here, one at a time with two more waiting (more are answered 503), at the
  // computation priority: a long export takes only the time the shop's calls leave. Last, so
  // that its threads stop before the use cases they call go away.
  concurrency::BoundedThreadPool export_work;
};

}  // namespace artshop::app
