#include "wiring.hpp"

#include <spdlog/spdlog.h>

#include <atomic>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include "artshop/http/server.hpp"
#include "manifest.hpp"
#include "shop.hpp"

namespace artshop::app {
namespace {

http::ServerOptions server_options(const Config& config) {
  http::ServerOptions options;
  options.host = config.host;
  options.port = config.port;
  options.io_threads = config.io_threads;
  options.worker_threads = config.worker_threads;
  options.static_dir = config.static_dir;
  options.media_dir = config.media_dir();
  options.behind_tls = config.behind_tls;
  options.cors_origins = config.cors_origins;
  return options;
}

// Seeds with the cores the machine has, logging progress every tenth of the way.
Result<SeedReport> run_seed(Shop& shop, std::stop_token stop = {}) {
  const auto cores = std::max(1U, std::thread::hardware_concurrency());
  const auto started = std::chrono::steady_clock::now();
  auto report = shop.seed_catalogue(
      shop.config.seed_offers, cores,
      [](int done, int total) {
        if (done % std::max(1, total / 10) == 0 || done == total) {
          spdlog::info("seeding the catalogue: {}/{} pictures", done, total);
        }
      },
      std::move(stop));
  if (report && report->seeded) {
    const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started);
    spdlog::info("catalogue seeded with {} offers in {:.1f} s", report->offers, seconds.count());
  }
  return report;
}

std::optional<std::string> read_file(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

}  // namespace

int migrate(const Config& config) {
  Shop shop(config);
  shop.migrate();
  return EXIT_SUCCESS;
}

int serve(const Config& config) {
  Shop shop(config);
  shop.migrate();
  const auto seeding_needed = shop.seed_catalogue.pending(config.seed_offers);
  if (!seeding_needed) throw std::runtime_error(seeding_needed.error().detail);
  // Only a first start waits for its catalogue; every later one is ready as it listens.
  std::atomic<bool> catalogue_ready{!*seeding_needed};
  http::Server server(server_options(config), http::api_routes(shop.api()),
                      [&] { return catalogue_ready.load() && shop.pool.ping(); });
  std::jthread seeding;
  if (*seeding_needed) {
    seeding = std::jthread([&](std::stop_token stop) {
      const auto report = run_seed(shop, stop);
      if (stop.stop_requested()) {
        spdlog::info("seeding stopped with the server; the next start seeds again");
        return;
      }
      if (!report) {
        spdlog::error("the catalogue could not be seeded: {}", report.error().detail);
        return;
      }
      catalogue_ready = true;
    });
  }
  server.run();
  seeding.request_stop();
  return EXIT_SUCCESS;
}

int seed(const Config& config) {
  Shop shop(config);
  shop.migrate();
  const auto report = run_seed(shop);
  if (!report) {
    spdlog::error("seeding failed: {}", report.error().detail);
    return EXIT_FAILURE;
  }
  if (!report->seeded) spdlog::info("the catalogue was seeded before; nothing to do");
  return EXIT_SUCCESS;
}

int import_pictures(const Config& config, const std::filesystem::path& dir) {
  const auto rows = read_manifest(dir);
  if (!rows) {
    std::cerr << "artshop import: " << rows.error() << "\n";
    return EXIT_FAILURE;
  }
  Shop shop(config);
  shop.migrate();
  // Makes sure the categories exist, without seeding sample offers.
  if (auto categories = shop.seed_catalogue.pending(0); !categories) {
    std::cerr << "artshop import: " << categories.error().detail << "\n";
    return EXIT_FAILURE;
  }
  int imported = 0;
  int present = 0;
  int rejected = 0;
  for (const auto& row : *rows) {
    const auto outcome = shop.import_picture(row, read_file(dir / row.file));
    switch (outcome.status) {
      case ImportOutcome::Status::Imported:
        ++imported;
        std::cout << "row " << row.line << ": imported " << outcome.url_name << "\n";
        break;
      case ImportOutcome::Status::AlreadyPresent:
        ++present;
        std::cout << "row " << row.line << ": already in the shop as " << outcome.url_name << "\n";
        break;
      case ImportOutcome::Status::Rejected:
        ++rejected;
        for (const auto& problem : outcome.problems) {
          std::cout << "row " << row.line << ": rejected: " << problem << "\n";
        }
        break;
    }
  }
  std::cout << imported << " imported, " << present << " already present, " << rejected
            << " rejected\n";
  return rejected == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

}  // namespace artshop::app
