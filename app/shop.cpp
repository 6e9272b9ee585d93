#include "shop.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <array>
#include <exception>

#include "artshop/http/api.hpp"

namespace artshop::app {

Shop::Shop(const Config& configuration)
    : storage(configuration),
      shared(storage),
      config(storage.config),
      accounts(shared),
      catalogue(shared),
      orders(shared, accounts.authenticate),
      generation(shared, accounts.authenticate),
      support(shared, accounts.authenticate),
      staff(shared, accounts),
      customer_desk(shared, staff),
      backoffice_orders(shared, staff, orders),
      sales_reports(shared, staff),
      support_desk(shared, staff, accounts.authenticate),
      catalogue_desk(shared, staff) {}

http::Router Shop::routes() {
  http::Router router;
  http::add_currency_routes(router, *shared.rate_source);
  catalogue.add_routes(router);
  accounts.add_routes(router);
  orders.add_routes(router);
  support.add_routes(router);
  generation.add_routes(router);
  staff.add_routes(router);
  customer_desk.add_routes(router);
  backoffice_orders.add_routes(router);
  sales_reports.add_routes(router);
  support_desk.add_routes(router);
  catalogue_desk.add_routes(router);
  return router;
}

void Shop::listening_on(unsigned short port) {
  if (!config.public_url_configured) shared.public_url = own_url(config.host, port);
  orders.listening_on(port);
}

void Shop::housekeeping() {
  try {
    // One server of the shop does it; the others skip. The term is one period, so the holder
    // renews it each time, and another takes over within a period of its stopping.
    if (!shared.chores.take("housekeeping", std::chrono::seconds(config.housekeeping_seconds))) {
      return;
    }
    if (const auto expired = orders.expire_unpaid_orders(); !expired) {
      spdlog::error("expiring unpaid orders failed: {}", expired.error().detail);
    } else if (expired->orders > 0 || expired->deposits > 0) {
      spdlog::info("{} unpaid order(s) and {} deposit(s) expired", expired->orders,
                   expired->deposits);
    }
    if (const auto pruned = orders.idempotency_keys.prune(); !pruned) {
      spdlog::error("pruning idempotency keys failed: {}", pruned.error().detail);
    }
    backoffice_orders.retry_pending_refunds();
    if (const auto forgotten = accounts.refresh_session.forget_spent_successors(); !forgotten) {
      spdlog::error("forgetting refresh successors failed: {}", forgotten.error().detail);
    }
  } catch (const std::exception& e) {
    spdlog::error("housekeeping failed: {}", e.what());
  }
}

std::string Shop::pool_metrics() const {
  const auto pools = std::to_array<const concurrency::BoundedThreadPool*>(
      {&catalogue.search_work, &accounts.password_work, &orders.render_work,
       &generation.generation_work});
  std::string text =
      "# HELP artshop_pool_queued Tasks waiting for a thread of the pool now.\n"
      "# TYPE artshop_pool_queued gauge\n"
      "# HELP artshop_pool_running Tasks on a thread of the pool now.\n"
      "# TYPE artshop_pool_running gauge\n"
      "# HELP artshop_pool_completed_total Tasks the pool ran to their end.\n"
      "# TYPE artshop_pool_completed_total counter\n"
      "# HELP artshop_pool_refused_total Tasks refused by a full queue (answered 503).\n"
      "# TYPE artshop_pool_refused_total counter\n";
  for (const auto* pool : pools) {
    const auto stats = pool->stats();
    text += fmt::format(
        "artshop_pool_queued{{pool=\"{0}\"}} {1}\nartshop_pool_running{{pool=\"{0}\"}} {2}\n"
        "artshop_pool_completed_total{{pool=\"{0}\"}} {3}\n"
        "artshop_pool_refused_total{{pool=\"{0}\"}} {4}\n",
        pool->name(), stats.queued, stats.running, stats.completed, stats.refused);
  }
  return text;
}

}  // namespace artshop::app
