#include "wiring.hpp"

#include <spdlog/spdlog.h>

#include <atomic>
#include <condition_variable>
#include <fstream>
#include <functional>
#include <iostream>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include "artshop/core/staff/add_staff.hpp"
#include "artshop/http/server.hpp"
#include "blob_stores.hpp"
#include "manifest.hpp"
#include "readiness.hpp"
#include "shop.hpp"
#include "storage.hpp"

namespace artshop::app {
namespace {

http::ServerOptions server_options(const Config& config) {
  http::ServerOptions options;
  options.host = config.host;
  options.port = config.port;
  options.io_threads = config.io_threads;
  options.worker_threads = config.worker_threads;
  options.worker_queue = config.worker_queue;
  options.max_connections = config.max_connections;
  options.read_timeout = std::chrono::seconds(config.read_timeout_seconds);
  options.static_dir = config.static_dir;
  options.media_dir = config.media_dir();
  options.behind_tls = config.behind_tls;
  options.cors_origins = config.cors_origins;
  return options;
}

constexpr std::string_view kSeeding = "seeding";
// How often a server that waits for the catalogue looks whether it is there, or whether the
// seeding lease is free for it to seed.
constexpr std::chrono::seconds kSeedingPoll{1};

// Seeds on the shop's seeding pool, logging progress every tenth of the way.
Result<SeedReport> run_seed(Shop& shop, std::stop_token stop = {}) {
  const auto started = std::chrono::steady_clock::now();
  auto report = shop.catalogue.seed_catalogue(
      shop.config.seed_offers,
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

// How often readiness is checked: how soon /readyz tells that the database went or came back.
constexpr std::chrono::seconds kReadinessInterval{1};

std::optional<std::string> read_file(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return std::nullopt;
  std::stringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

// Calls `chore` now and then every `interval` on a thread of its own, until a stop request,
// which wakes it at once.
std::jthread periodically(std::chrono::milliseconds interval, std::function<void()> chore) {
  return std::jthread([interval, chore = std::move(chore)](const std::stop_token& stop) {
    std::mutex mutex;
    std::condition_variable_any wake;
    while (!stop.stop_requested()) {
      chore();
      std::unique_lock lock(mutex);
      wake.wait_for(lock, stop, interval, [] { return false; });
    }
  });
}

// Takes or renews the seeding lease: whether this server holds it, or nothing when the database
// could not tell (it is away; the next try asks again).
std::optional<bool> take_seeding(Shop& shop) {
  try {
    return shop.shared.chores.take(kSeeding,
                                   std::chrono::seconds(shop.config.seeding_lease_seconds));
  } catch (const std::exception& error) {
    spdlog::warn("the seeding lease could not be taken or renewed: {}", error.what());
    return std::nullopt;
  }
}

// Seeds under the seeding lease, which this server took: a thread renews it every third of its
// term, and a server that lost it (its renewals were late, and another took it over) stops
// drawing at once, writing nothing. True once the catalogue is seeded (by this server, or by
// one that finished first).
bool seed_under_lease(Shop& shop, const std::stop_token& server_stop) {
  const std::chrono::seconds term(shop.config.seeding_lease_seconds);
  std::stop_source seeding;
  const std::stop_callback server_stopping(server_stop, [&seeding] { seeding.request_stop(); });
  std::atomic<bool> lost{false};
  Result<SeedReport> report = SeedReport{};
  {
    const auto renewing = periodically(term / 3, [&] {
      if (take_seeding(shop) == false && !lost.exchange(true)) seeding.request_stop();
    });
    report = run_seed(shop, seeding.get_token());
  }
  if (lost) {
    spdlog::warn("the seeding lease passed to another server; this one stopped seeding");
    return false;
  }
  try {
    shop.shared.chores.release(kSeeding);
  } catch (const std::exception& error) {
    spdlog::warn("the seeding lease could not be given back; it ends with its term: {}",
                 error.what());
  }
  if (server_stop.stop_requested()) {
    spdlog::info("seeding stopped with the server; the next start seeds again");
    return false;
  }
  if (!report) {
    spdlog::error("the catalogue could not be seeded: {}; another server may try now",
                  report.error().detail);
    return false;
  }
  return true;
}

// Until the catalogue is seeded: takes the seeding lease when it is free (first come, or the
// holder died, or its seeding failed) and seeds, else waits for the holder. Sets `seeded` once
// the catalogue is there.
void seed_or_wait(Shop& shop, std::atomic<bool>& seeded, const std::stop_token& stop) {
  bool told = false;
  std::mutex mutex;
  std::condition_variable_any wake;
  while (!stop.stop_requested()) {
    const auto pending = shop.catalogue.seed_catalogue.pending(shop.config.seed_offers);
    if (pending && !*pending) {
      seeded = true;
      return;
    }
    auto wait = std::chrono::seconds(kSeedingPoll);
    if (pending && take_seeding(shop) == true) {
      if (seed_under_lease(shop, stop)) {
        seeded = true;
        return;
      }
      // This server's try failed or was taken over: the others have a term to try first.
      wait = std::chrono::seconds(shop.config.seeding_lease_seconds);
    } else if (!told) {
      spdlog::info("another server is seeding the catalogue; this one is ready when it is done");
      told = true;
    }
    std::unique_lock lock(mutex);
    wake.wait_for(lock, stop, wait, [] { return false; });
  }
}

}  // namespace

int migrate(const Config& config) {
  // The database alone: no blob store, image generator, mail transport, payment provider or
  // HTTP server is built, so none of them can fail or delay a migration.
  Storage storage(config);
  storage.migrate();
  return EXIT_SUCCESS;
}

int add_staff(const Config& config, const std::string& email, const std::string& role) {
  // The database alone, as for a migration: the first owner is added before anything else of
  // the shop is configured or running.
  Storage storage(config);
  storage.migrate();
  const crypto::Sha256TokenHasher digests;
  const SystemClock clock;
  AddStaff add(
      narrow<AccountRepository, StaffRepository, AuditLog>(storage.database->transactions()),
      storage.text,
      {.digests = digests,
       .random = storage.random,
       .clock = clock,
       .shop_url = config.public_url});
  const auto added = add({.actor = std::nullopt,
                          .email = email,
                          .role = role,
                          .address = std::string(kCommandLineAddress)});
  if (!added) {
    if (added.error().kind != ErrorKind::Validation) throw std::runtime_error(added.error().detail);
    for (const auto& [field, messages] : added.error().fields.by_field()) {
      for (const auto& message : messages)
        std::cerr << "artshop staff add: " << field << ": " << message << "\n";
    }
    return 2;
  }
  std::cout << "Staff member " << added->member.email << " (" << name_of(added->member.role)
            << ") added. Their one-time set-up link, valid 24 hours:\n"
            << added->setup_link << "\n";
  return EXIT_SUCCESS;
}

int serve(const Config& config) {
  Shop shop(config);
  shop.storage.migrate();
  shop.shared.catalogue.load();
  const auto seeding_needed = shop.catalogue.seed_catalogue.pending(config.seed_offers);
  if (!seeding_needed) throw std::runtime_error(seeding_needed.error().detail);
  // Only a first start waits for its catalogue to be seeded; every later one loaded it above.
  std::atomic<bool> catalogue_seeded{!*seeding_needed};
  // Ready once the read model holds the seeded catalogue (loaded here, on the readiness
  // thread, so that a failed load is tried again), while the database answers.
  const Readiness readiness(
      [&shop, &catalogue_seeded, loaded = !*seeding_needed]() mutable {
        if (!catalogue_seeded.load()) return false;
        if (!loaded) {
          shop.shared.catalogue.load();
          loaded = true;
        }
        return shop.storage.database->ready();
      },
      kReadinessInterval);
  auto routes = shop.routes();
  auto options = server_options(config);
  options.extra_metrics = [&shop] {
    return shop.shared.mail_metrics.render() + shop.storage.database->metrics() +
           shop.pool_metrics();
  };
  // A folder is served straight from disk; a bucket streamed through media threads of its own.
  const auto media_store = make_media_store(*shop.shared.public_media);
  options.media_store = media_store.get();
  options.media_threads = static_cast<unsigned>(config.blobs.media_threads);
  http::Server server(std::move(options), std::move(routes),
                      [&readiness] { return readiness.ready(); });
  // Nothing is served before run(), so the shop may still settle what depends on the port.
  shop.listening_on(server.port());
  shop.support.queue_unsent_support_mail();
  // Expires unpaid orders and forgets old idempotency keys now and then: every
  // housekeeping_seconds (a minute by default); a stop request wakes it at once.
  auto housekeeping = periodically(std::chrono::seconds(config.housekeeping_seconds),
                                   [&shop] { shop.housekeeping(); });
  // Fetched exchange rates: taken in (or fetched, by the holder of their lease) before the
  // first request, then every poll interval.
  std::jthread rates_ticker;
  if (shop.shared.shared_rates != nullptr) {
    shop.shared.shared_rates->tick();
    rates_ticker = periodically(shop.shared.shared_rates->poll_interval(),
                                [&shop] { shop.shared.shared_rates->tick(); });
  }
  // Sends the mail outbox when this server holds the mail chore (MailChore), every
  // mail.poll_milliseconds; a commit that queued mail nudges it sooner.
  auto mail_ticker = periodically(config.mail.poll, [&shop] { shop.shared.mail_chore.tick(); });
  // Seeds the first catalogue, on one server of the shop at a time (seed_or_wait).
  std::jthread seeding;
  if (*seeding_needed) {
    seeding = std::jthread(
        [&](const std::stop_token& stop) { seed_or_wait(shop, catalogue_seeded, stop); });
  }
  server.run();
  seeding.request_stop();
  housekeeping.request_stop();
  mail_ticker.request_stop();
  rates_ticker.request_stop();
  return EXIT_SUCCESS;
}

int seed(const Config& config) {
  Shop shop(config);
  shop.storage.migrate();
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
  shop.storage.migrate();
  // Makes sure the categories exist, without seeding sample offers.
  if (auto categories = shop.catalogue.seed_catalogue.pending(0); !categories) {
    std::cerr << "artshop import: " << categories.error().detail << "\n";
    return EXIT_FAILURE;
  }
  int imported = 0;
  int present = 0;
  int rejected = 0;
  for (const auto& row : *rows) {
    const auto outcome = shop.catalogue.import_picture(row, read_file(dir / row.file));
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
