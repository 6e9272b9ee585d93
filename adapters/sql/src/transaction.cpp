#include "artshop/sql/transaction.hpp"

namespace artshop::sql {

Transaction::Transaction(Connection& connection, std::string_view begin) : connection_(connection) {
  connection_.execute(begin);
}

Transaction::~Transaction() {
  if (!open_) return;
  try {
    connection_.execute("ROLLBACK");
  } catch (const DatabaseError&) {
    // A failed statement or a lost connection has rolled back already; nothing is left to
    // undo (a lost connection is made again on its next lease).
  }
}

void Transaction::commit() {
  // When COMMIT itself fails the database has ended the transaction: nothing to roll back.
  open_ = false;
  connection_.commit();
}

}  // namespace artshop::sql
