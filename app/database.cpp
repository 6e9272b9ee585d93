#include "database.hpp"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <cctype>
#include <chrono>

#include "artshop/postgres/connection_pool.hpp"
#include "artshop/postgres/migrations.hpp"
#include "artshop/postgres/postgres_unit_of_work.hpp"
#include "artshop/postgres/transaction.hpp"
#include "artshop/sql/account_emails.hpp"
#include "artshop/sql/gift_card_numbers.hpp"
#include "artshop/sqlite/connection_pool.hpp"
#include "artshop/sqlite/gift_card_numbers.hpp"
#include "artshop/sqlite/migrations.hpp"
#include "artshop/sqlite/sqlite_unit_of_work.hpp"
#include "artshop/sqlite/transaction.hpp"
#include "artshop/unicode/icu_search_text_folder.hpp"
#include "artshop/unicode/snowball_word_stemmer.hpp"

namespace artshop::app {
namespace {

// How long a check of the catalogue version is trusted: other processes' writes (another
// server, an import) show within this time; this process's own show on the next call. At
// thousands of listings a second it spares all but a hundred version checks a second.
constexpr std::chrono::milliseconds kCatalogueCheckTrustedFor{10};
// Offers changed since the held snapshot that are read again rather than the whole catalogue.
constexpr std::size_t kPatchLimit = 256;

void log_migrated(const std::string& where, int version, std::size_t applied) {
  spdlog::info("database {} at schema version {} ({} migration(s) applied)", where, version,
               applied);
}

void log_resealed(int cards, const GiftCardNumberCipher& cipher) {
  if (cards > 0) {
    spdlog::info("{} gift-card number(s) sealed under key {}", cards, cipher.current_key_id());
  }
}

// An account left in an older form cannot be renamed by the start: an operator decides which of
// the two accounts keeps the address (docs/security.md, "E-mail addresses").
void log_renormalised(const sql::RenormalisedEmails& report) {
  if (report.changed > 0) {
    spdlog::info("{} account e-mail(s) brought to their normal form", report.changed);
  }
  for (const auto id : report.collisions) {
    spdlog::warn(
        "account {} keeps its e-mail in an older form: its normal form is another account's", id);
  }
}

// Catalogue search folds with ICU and stems with Snowball, for as long as the program runs.
const SearchAnalyser& shop_search_analyser() {
  static const IcuSearchTextFolder folder;
  static const SnowballWordStemmer stemmer;
  static const SearchAnalyser analyser(folder, stemmer);
  return analyser;
}

// The series both databases have: the pool's and the read model's.
std::string render_pool_and_catalogue(const sql::PoolStats& pool,
                                      const sql::SqlCatalogueReadModel& catalogue) {
  const auto lag = catalogue.lag();
  const auto start = catalogue.start();
  return fmt::format(
      "# HELP artshop_db_pool_connections Connections in the database pool.\n"
      "# TYPE artshop_db_pool_connections gauge\n"
      "artshop_db_pool_connections {}\n"
      "# HELP artshop_db_pool_connections_in_use Pool connections lent to a call now.\n"
      "# TYPE artshop_db_pool_connections_in_use gauge\n"
      "artshop_db_pool_connections_in_use {}\n"
      "# HELP artshop_db_pool_waiting Calls waiting for a pool connection now.\n"
      "# TYPE artshop_db_pool_waiting gauge\n"
      "artshop_db_pool_waiting {}\n"
      "# HELP artshop_db_pool_waits_total Leases that found every connection lent and waited.\n"
      "# TYPE artshop_db_pool_waits_total counter\n"
      "artshop_db_pool_waits_total {}\n"
      "# HELP artshop_db_pool_wait_seconds_total Time calls spent waiting for a connection.\n"
      "# TYPE artshop_db_pool_wait_seconds_total counter\n"
      "artshop_db_pool_wait_seconds_total {:.6f}\n"
      "# HELP artshop_db_pool_wait_timeouts_total Waits that ended with no connection (503).\n"
      "# TYPE artshop_db_pool_wait_timeouts_total counter\n"
      "artshop_db_pool_wait_timeouts_total {}\n"
      "# HELP artshop_catalogue_versions_behind Catalogue versions the database has and the "
      "read model's snapshot lacks, as last looked.\n"
      "# TYPE artshop_catalogue_versions_behind gauge\n"
      "artshop_catalogue_versions_behind {}\n"
      "# HELP artshop_catalogue_behind_seconds How long the read model's snapshot has been "
      "behind the database (0 while current).\n"
      "# TYPE artshop_catalogue_behind_seconds gauge\n"
      "artshop_catalogue_behind_seconds {:.3f}\n"
      "# HELP artshop_catalogue_started_from_file 1 when the catalogue of this process's start "
      "was read from the catalogue file and caught up, 0 when loaded through SQL.\n"
      "# TYPE artshop_catalogue_started_from_file gauge\n"
      "artshop_catalogue_started_from_file {}\n"
      "# HELP artshop_catalogue_search_index_from_file 1 when the start's search index was read "
      "from the catalogue file, 0 when built.\n"
      "# TYPE artshop_catalogue_search_index_from_file gauge\n"
      "artshop_catalogue_search_index_from_file {}\n"
      "# HELP artshop_catalogue_files_written_total Catalogue files written (after a full load or "
      "a rebuild of the search index).\n"
      "# TYPE artshop_catalogue_files_written_total counter\n"
      "artshop_catalogue_files_written_total {}\n",
      pool.size, pool.in_use, pool.waiting, pool.waits, pool.wait_seconds, pool.gave_up,
      lag.versions, std::chrono::duration<double>(lag.behind_for).count(), start.from_file ? 1 : 0,
      start.search_index_from_file ? 1 : 0, start.files_written);
}

class SqliteDatabase final : public Database {
 public:
  SqliteDatabase(std::filesystem::path file, std::size_t connections,
                 std::chrono::milliseconds wait, const GiftCardNumberCipher& cipher)
      : file_(std::move(file)),
        pool_(file_, connections, wait),
        pool_transactions_(pool_, &cipher),
        catalogue_(
            {.connect = [file = file_] { return std::make_unique<sqlite::Connection>(file); },
             .begin_read = "BEGIN",
             .catalogue_file = file_.parent_path() / "catalogue.snapshot"},
            kPatchLimit, kCatalogueCheckTrustedFor, shop_search_analyser()),
        transactions_(pool_transactions_, catalogue_) {}

  UnitOfWork& transactions() override { return transactions_; }
  sql::SqlCatalogueReadModel& catalogue() override { return catalogue_; }

  int migrate(const GiftCardNumberCipher& cipher, const TokenHasher& lookup,
              const TextNormaliser& text) override {
    auto connection = pool_.acquire();
    const auto report = sqlite::migrate(*connection, sqlite::artshop_schema());
    log_migrated(where(), report.to_version, report.applied.size());
    log_resealed(sqlite::protect_gift_card_numbers(*connection, cipher, lookup), cipher);
    sqlite::Transaction transaction(*connection, sqlite::Transaction::Kind::Immediate);
    log_renormalised(sql::renormalise_account_emails(*connection, text));
    transaction.commit();
    return report.to_version;
  }

  bool ready() override { return pool_.ping() && catalogue_.refresh(); }
  std::string where() const override { return file_.string(); }
  std::string metrics() const override {
    return render_pool_and_catalogue(pool_.stats(), catalogue_);
  }

 private:
  std::filesystem::path file_;
  sqlite::ConnectionPool pool_;
  sqlite::SqliteUnitOfWork pool_transactions_;
  sql::SqlCatalogueReadModel catalogue_;
  sql::WritesTellTheCatalogue transactions_;
};

class PostgresDatabase final : public Database {
 public:
  PostgresDatabase(std::string url, std::size_t connections, std::chrono::milliseconds wait,
                   const GiftCardNumberCipher& cipher)
      : url_(std::move(url)),
        pool_(url_, connections, wait),
        pool_transactions_(pool_, &cipher),
        catalogue_({.connect = [url = url_] { return std::make_unique<postgres::Connection>(url); },
                    .begin_read = postgres::begin_transaction("REPEATABLE READ READ ONLY")},
                   kPatchLimit, kCatalogueCheckTrustedFor, shop_search_analyser()),
        transactions_(pool_transactions_, catalogue_) {}

  UnitOfWork& transactions() override { return transactions_; }
  sql::SqlCatalogueReadModel& catalogue() override { return catalogue_; }

  int migrate(const GiftCardNumberCipher& cipher, const TokenHasher& lookup,
              const TextNormaliser& text) override {
    postgres::MigrationReport report;
    {
      auto connection = pool_.acquire();
      report = postgres::migrate(*connection, postgres::artshop_schema());
    }
    log_migrated(where(), report.to_version, report.applied.size());
    int resealed = 0;
    sql::RenormalisedEmails renormalised;
    postgres::run_transaction(pool_, TransactionMode::Write, [&](sql::Connection& connection) {
      resealed = sql::reseal_gift_card_numbers(connection, cipher, lookup).cards;
      renormalised = sql::renormalise_account_emails(connection, text);
      return true;
    });
    log_resealed(resealed, cipher);
    log_renormalised(renormalised);
    return report.to_version;
  }

  bool ready() override { return pool_.ping() && catalogue_.refresh(); }
  std::string where() const override { return without_password(url_); }
  std::string metrics() const override {
    const auto& conflicts = pool_.conflicts();
    return render_pool_and_catalogue(pool_.stats(), catalogue_) +
           fmt::format(
               "# HELP artshop_db_transaction_retries_total Transactions run again after a "
               "serialization failure or a deadlock.\n"
               "# TYPE artshop_db_transaction_retries_total counter\n"
               "artshop_db_transaction_retries_total {}\n"
               "# HELP artshop_db_serialization_failures_total Serialization failures (40001).\n"
               "# TYPE artshop_db_serialization_failures_total counter\n"
               "artshop_db_serialization_failures_total {}\n"
               "# HELP artshop_db_deadlocks_total Deadlocks (40P01).\n"
               "# TYPE artshop_db_deadlocks_total counter\n"
               "artshop_db_deadlocks_total {}\n",
               conflicts.retries.load(), conflicts.serialization_failures.load(),
               conflicts.deadlocks.load());
  }

 private:
  std::string url_;
  postgres::ConnectionPool pool_;
  postgres::PostgresUnitOfWork pool_transactions_;
  sql::SqlCatalogueReadModel catalogue_;
  sql::WritesTellTheCatalogue transactions_;
};

}  // namespace

std::string without_password(const std::string& url) {
  // A libpq URL carries a password in two places: postgresql://user:password@host/..., from
  // the first ':' after the scheme to the '@' of the authority, and as a parameter of its
  // query, ?password=... (any of them, in any case: libpq reads the last one).
  std::string shown = url;
  const auto scheme_end = shown.find("://");
  if (scheme_end != std::string::npos) {
    const auto authority = scheme_end + 3;
    const auto authority_end = shown.find_first_of("/?", authority);
    const auto at =
        shown.rfind('@', authority_end == std::string::npos ? shown.npos : authority_end - 1);
    if (at != std::string::npos && at >= authority) {
      const auto colon = shown.find(':', authority);
      if (colon != std::string::npos && colon < at) shown.replace(colon + 1, at - colon - 1, "***");
    }
  }
  const auto query = shown.find('?');
  if (query == std::string::npos) return shown;
  for (auto start = query + 1; start < shown.size();) {
    auto end = shown.find('&', start);
    if (end == std::string::npos) end = shown.size();
    const auto equals = shown.find('=', start);
    if (equals != std::string::npos && equals < end) {
      std::string key = shown.substr(start, equals - start);
      for (auto& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (key == "password") {
        shown.replace(equals + 1, end - equals - 1, "***");
        end = equals + 4;
      }
    }
    start = end + 1;
  }
  return shown;
}

std::unique_ptr<Database> open_database(const Config& config, std::size_t connections,
                                        const GiftCardNumberCipher& cipher) {
  if (config.database_url.empty()) {
    return std::make_unique<SqliteDatabase>(config.database_file(), connections,
                                            config.database_pool.wait, cipher);
  }
  return std::make_unique<PostgresDatabase>(config.database_url, connections,
                                            config.database_pool.wait, cipher);
}

}  // namespace artshop::app
