#include "artshop/sqlite/sqlite_unit_of_work.hpp"

#include "artshop/sql/bound_repositories.hpp"
#include "artshop/sqlite/transaction.hpp"

namespace artshop::sqlite {

void SqliteUnitOfWork::run(Mode mode, const std::function<bool(Repositories&)>& work) {
  // Taken before a connection is leased, so a waiting writer holds none that readers need.
  std::unique_lock<std::mutex> writer;
  if (mode == Mode::Write) writer = std::unique_lock(writers_);
  auto connection = pool_.acquire();
  Transaction transaction(*connection, mode == Mode::Write ? Transaction::Kind::Immediate
                                                           : Transaction::Kind::Deferred);
  sql::BoundRepositories repositories(*connection, gift_card_cipher_);
  if (work(repositories.view)) transaction.commit();
}

}  // namespace artshop::sqlite
