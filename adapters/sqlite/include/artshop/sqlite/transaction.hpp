#pragma once

#include "artshop/sql/transaction.hpp"
#include "artshop/sqlite/connection.hpp"

namespace artshop::sqlite {

// A transaction that rolls back unless committed. Immediate takes the write lock at BEGIN,
// so two writers never both read and then fail to upgrade (no SQLITE_BUSY mid-transaction).
class Transaction final : public sql::Transaction {
 public:
  enum class Kind : bool { Deferred, Immediate };

  Transaction(Connection& connection, Kind kind)
      : sql::Transaction(connection, begin(connection, kind)) {}

 private:
  // BEGIN, with a database still busy after the busy timeout waited out a few more times.
  static Begun begin(Connection& connection, Kind kind);
};

}  // namespace artshop::sqlite
