#include "contract/store_contract.hpp"

#include "artshop/postgres/connection_pool.hpp"
#include "artshop/postgres/postgres_unit_of_work.hpp"
#include "contract/test_cipher.hpp"
#include "postgres/fixture.hpp"

namespace artshop::contract {
namespace {

// A database of its own on the test cluster, migrated with the shop's schema, as `artshop
// migrate` leaves it. The pool has room for a read nested in a write.
class PostgresStore final : public Store {
 public:
  PostgresStore() : pool_(postgres::new_database(true), 4), transactions_(pool_, &cipher_) {}
  UnitOfWork& transactions() override { return transactions_; }

 private:
  ReversingCipher cipher_;
  postgres::ConnectionPool pool_;
  postgres::PostgresUnitOfWork transactions_;
};

const Backend kPostgres{.name = "Postgres",
                        .open = [] { return std::make_unique<PostgresStore>(); }};

}  // namespace

ARTSHOP_STORE_CONTRACTS(Postgres, kPostgres);

}  // namespace artshop::contract
