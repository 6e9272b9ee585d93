#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/orders/gift_card.hpp"
#include "artshop/core/ports/text_normaliser.hpp"
#include "artshop/sql/catalogue_read_model.hpp"
#include "artshop/sql/unit_of_work.hpp"
#include "config.hpp"

namespace artshop::app {

// The shop's database, whichever it is (config.database_url): SQLite, a file of the data
// folder, by default; PostgreSQL when several app servers share one. Both run the same SQL
// repositories (adapters/sql); this is what differs.
class Database {
 public:
  virtual ~Database() = default;

  // Transactions over every repository, for the use cases (through `narrow`).
  virtual UnitOfWork& transactions() = 0;
  // The catalogue in memory, kept in step with every server's writes.
  virtual sql::SqlCatalogueReadModel& catalogue() = 0;
  // Applies pending migrations, then brings gift-card numbers under the current keys (sealed
  // with `cipher`, looked up with `lookup`) and account e-mails to their normal form (`text`);
  // answers the schema version.
  virtual int migrate(const GiftCardNumberCipher& cipher, const TokenHasher& lookup,
                      const TextNormaliser& text) = 0;
  // Whether the database answers on its migrated schema, through the pool and through every
  // connection of the catalogue read model, which it connects again when they broke and brings
  // up to date (GET /readyz). Waits for the database: call it from a background thread.
  virtual bool ready() = 0;
  // Where it is, for the log: the file, or the server and database (never a password).
  virtual std::string where() const = 0;
  // Its series for /metrics (Prometheus text): the pool's connections and waits, conflicts
  // run again (PostgreSQL), and how far the catalogue read model is behind.
  virtual std::string metrics() const = 0;
};

// Opens the configured database with `connections` in its pool (config.database_pool.wait the
// longest a call waits for one).
std::unique_ptr<Database> open_database(const Config& config, std::size_t connections,
                                        const GiftCardNumberCipher& cipher);

// The URL with every password in it (its user-info's and any ?password=) shown as ***, for logs.
std::string without_password(const std::string& url);

}  // namespace artshop::app
