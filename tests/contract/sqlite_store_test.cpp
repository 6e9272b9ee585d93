#include "artshop/sqlite/connection_pool.hpp"
#include "artshop/sqlite/migrations.hpp"
#include "artshop/sqlite/sqlite_unit_of_work.hpp"
#include "contract/store_contract.hpp"
#include "contract/test_cipher.hpp"
#include "support/temp_dir.hpp"

namespace artshop::contract {
namespace {

// A real database file, migrated with the shop's schema, as `artshop serve` opens it. The pool
// has room for a read nested in a write.
class SqliteStore final : public Store {
 public:
  SqliteStore() : pool_(dir_.path() / "artshop.db", 4), transactions_(pool_, &cipher_) {
    auto connection = pool_.acquire();
    sqlite::migrate(*connection, sqlite::artshop_schema());
  }
  UnitOfWork& transactions() override { return transactions_; }

 private:
  testing::TempDir dir_;
  ReversingCipher cipher_;
  sqlite::ConnectionPool pool_;
  sqlite::SqliteUnitOfWork transactions_;
};

const Backend kSqlite{.name = "Sqlite", .open = [] { return std::make_unique<SqliteStore>(); }};

}  // namespace

ARTSHOP_STORE_CONTRACTS(Sqlite, kSqlite);

}  // namespace artshop::contract
