#include "artshop/sqlite/sqlite_unit_of_work.hpp"

#include "artshop/sqlite/transaction.hpp"

namespace artshop::sqlite {
namespace {

// The repositories of one transaction, all bound to its connection.
struct BoundRepositories {
  explicit BoundRepositories(Connection& /*connection*/) {}
  Repositories view{};
};

}  // namespace

void SqliteUnitOfWork::run(Mode mode, const std::function<bool(Repositories&)>& work) {
  auto connection = pool_.acquire();
  Transaction transaction(*connection, mode == Mode::Write ? Transaction::Kind::Immediate
                                                           : Transaction::Kind::Deferred);
  BoundRepositories repositories(*connection);
  if (work(repositories.view)) transaction.commit();
}

}  // namespace artshop::sqlite
