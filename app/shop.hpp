#pragma once

#include "artshop/http/router.hpp"
#include "config.hpp"
#include "features/accounts.hpp"
#include "features/backoffice_orders.hpp"
#include "features/catalogue.hpp"
#include "features/catalogue_desk.hpp"
#include "features/customer_desk.hpp"
#include "features/generation.hpp"
#include "features/orders.hpp"
#include "features/sales_reports.hpp"
#include "features/staff.hpp"
#include "features/support.hpp"
#include "features/support_desk.hpp"
#include "infrastructure.hpp"
#include "storage.hpp"

namespace artshop::app {

// One running shop: the storage, what the features share, and one composition root per feature
// (app/features/), each building its own use cases and routes. Only app/ creates concrete
// adapters. `artshop migrate` builds the Storage alone.
struct Shop {
  explicit Shop(const Config& config);
  Shop(const Shop&) = delete;
  Shop& operator=(const Shop&) = delete;

  // The REST surface: every feature's routes in one table.
  http::Router routes();

  // Called once the server listens on `port` and before it serves: settles the public URL
  // (when it is not configured) and installs the sandbox payment provider, which needs the
  // server's own address for its webhooks.
  void listening_on(unsigned short port);

  // The periodic chores: unpaid orders and deposits expire, idempotency keys past their day
  // are forgotten, refresh successors past their grace too. Logs what it did; never throws.
  void housekeeping();

  // The work pools' queues in the Prometheus text format, for /metrics: what waits, runs, was
  // done and was shed (503) on each.
  std::string pool_metrics() const;

  Storage storage;
  Infrastructure shared;
  const Config& config;
  Accounts accounts;
  Catalogue catalogue;
  Orders orders;
  Generation generation;
  Support support;
  Staff staff;
  CustomerDesk customer_desk;
  BackOfficeOrders backoffice_orders;
  SalesReportsFeature sales_reports;
  SupportDesk support_desk;
  CatalogueDesk catalogue_desk;
};

}  // namespace artshop::app
