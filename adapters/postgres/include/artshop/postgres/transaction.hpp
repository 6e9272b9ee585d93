#pragma once

#include <functional>
#include <string_view>

#include "artshop/core/ports/database_unavailable.hpp"
#include "artshop/core/ports/transactions.hpp"
#include "artshop/postgres/connection.hpp"
#include "artshop/postgres/connection_pool.hpp"
#include "artshop/sql/transaction.hpp"

namespace artshop::postgres {

using sql::Transaction;

// How many times run_transaction runs work that keeps failing to serialize.
inline constexpr int kTransactionAttempts = 30;

// Calls `work` inside a transaction on a pooled connection; commits when it returns true,
// rolls back when it returns false or throws (the exception then propagates).
//
// Writes run SERIALIZABLE: PostgreSQL lets writers run side by side and, when their
// interleaving could differ from some one-at-a-time order (two redemptions of one gift card,
// two read-modify-writes of one balance), fails one of them with a serialization failure.
// Reads run REPEATABLE READ READ ONLY: one snapshot, which never fails to serialize. A
// serialization failure or a deadlock rolls back and runs `work` again, on a fresh
// transaction, after a short random pause, up to kTransactionAttempts times, then throws
// TransactionContention (the HTTP adapter answers it 503 with Retry-After); so `work` must do
// nothing outside the database that cannot be done twice. A server that cannot be reached (or
// went away mid-transaction) throws DatabaseUnavailable, answered 503 alike: the pool connects
// again on a later lease. So does a transaction the server gave up waiting for (timed_out: the
// URL's statement, lock and idle timeouts, set for each transaction), and a pool with no
// connection free within its wait. Retries and conflicts are counted in pool.conflicts(). Any
// other error propagates.
void run_transaction(ConnectionPool& pool, TransactionMode mode,
                     const std::function<bool(sql::Connection&)>& work);

}  // namespace artshop::postgres
