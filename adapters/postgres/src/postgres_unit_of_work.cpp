#include "artshop/postgres/postgres_unit_of_work.hpp"

#include "artshop/postgres/transaction.hpp"
#include "artshop/sql/bound_repositories.hpp"

namespace artshop::postgres {

void PostgresUnitOfWork::run(Mode mode, const std::function<bool(Repositories&)>& work) {
  run_transaction(pool_, mode, [&](sql::Connection& connection) {
    // Bound afresh on each attempt: a retried transaction starts from nothing.
    sql::BoundRepositories repositories(connection, gift_card_cipher_);
    return work(repositories.view);
  });
}

}  // namespace artshop::postgres
