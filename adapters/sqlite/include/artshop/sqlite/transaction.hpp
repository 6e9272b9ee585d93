#pragma once

#include "artshop/sqlite/connection.hpp"

namespace artshop::sqlite {

// A transaction that rolls back unless committed. Immediate takes the write lock at BEGIN,
// so two writers never both read and then fail to upgrade (no SQLITE_BUSY mid-transaction).
class Transaction {
 public:
  enum class Kind : bool { Deferred, Immediate };

  Transaction(Connection& connection, Kind kind);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;

  void commit();

 private:
  Connection& connection_;
  bool open_ = true;
};

}  // namespace artshop::sqlite
