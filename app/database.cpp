#include "database.hpp"

#include <spdlog/spdlog.h>

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

class SqliteDatabase final : public Database {
 public:
  SqliteDatabase(std::filesystem::path file, std::size_t connections,
                 const GiftCardNumberCipher& cipher)
      : file_(std::move(file)),
        pool_(file_, connections),
        pool_transactions_(pool_, &cipher),
        catalogue_(
            {.connect = [file = file_] { return std::make_unique<sqlite::Connection>(file); },
             .begin_read = "BEGIN"},
            kPatchLimit, kCatalogueCheckTrustedFor),
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

 private:
  std::filesystem::path file_;
  sqlite::ConnectionPool pool_;
  sqlite::SqliteUnitOfWork pool_transactions_;
  sql::SqlCatalogueReadModel catalogue_;
  sql::WritesTellTheCatalogue transactions_;
};

class PostgresDatabase final : public Database {
 public:
  PostgresDatabase(std::string url, std::size_t connections, const GiftCardNumberCipher& cipher)
      : url_(std::move(url)),
        pool_(url_, connections),
        pool_transactions_(pool_, &cipher),
        catalogue_({.connect = [url = url_] { return std::make_unique<postgres::Connection>(url); },
                    .begin_read = postgres::begin_transaction("REPEATABLE READ READ ONLY")},
                   kPatchLimit, kCatalogueCheckTrustedFor),
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

 private:
  std::string url_;
  postgres::ConnectionPool pool_;
  postgres::PostgresUnitOfWork pool_transactions_;
  sql::SqlCatalogueReadModel catalogue_;
  sql::WritesTellTheCatalogue transactions_;
};

}  // namespace

std::string without_password(const std::string& url) {
  // postgresql://user:password@host/...: the password runs from the first ':' after the
  // scheme to the '@' of the authority.
  const auto scheme_end = url.find("://");
  if (scheme_end == std::string::npos) return url;
  const auto authority = scheme_end + 3;
  const auto at = url.find('@', authority);
  const auto slash = url.find('/', authority);
  if (at == std::string::npos || (slash != std::string::npos && at > slash)) return url;
  const auto colon = url.find(':', authority);
  if (colon == std::string::npos || colon > at) return url;
  return url.substr(0, colon) + ":***" + url.substr(at);
}

std::unique_ptr<Database> open_database(const Config& config, std::size_t connections,
                                        const GiftCardNumberCipher& cipher) {
  if (config.database_url.empty()) {
    return std::make_unique<SqliteDatabase>(config.database_file(), connections, cipher);
  }
  return std::make_unique<PostgresDatabase>(config.database_url, connections, cipher);
}

}  // namespace artshop::app
