#include "wiring.hpp"

#include <spdlog/spdlog.h>

#include "artshop/http/api.hpp"
#include "artshop/http/router.hpp"
#include "artshop/http/server.hpp"
#include "artshop/sqlite/connection_pool.hpp"
#include "artshop/sqlite/migrations.hpp"

namespace artshop::app {
namespace {

http::ServerOptions server_options(const Config& config) {
  http::ServerOptions options;
  options.host = config.host;
  options.port = config.port;
  options.io_threads = config.io_threads;
  options.worker_threads = config.worker_threads;
  options.static_dir = config.static_dir;
  options.behind_tls = config.behind_tls;
  options.cors_origins = config.cors_origins;
  return options;
}

}  // namespace

int serve(const Config& config) {
  std::filesystem::create_directories(config.data_dir);
  // One connection per worker, plus one so a readiness probe never waits behind them.
  sqlite::ConnectionPool pool(config.database_file(), config.worker_threads + 1);
  {
    auto connection = pool.acquire();
    const auto report = sqlite::migrate(*connection, sqlite::artshop_schema());
    spdlog::info("database {} at schema version {}", config.database_file().string(),
                 report.to_version);
  }

  http::Router router = http::api_routes(http::Api{.rates = config.rates});
  http::Server server(server_options(config), std::move(router), [&pool] { return pool.ping(); });
  server.run();
  return EXIT_SUCCESS;
}

}  // namespace artshop::app
