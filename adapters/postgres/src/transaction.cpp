#include "artshop/postgres/transaction.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <random>
#include <thread>

namespace artshop::postgres {
namespace {

// Random, so that two transactions that failed each other do not meet again at once; growing
// with the attempts, so that a hot row is given room; capped, so that a request does not
// stall.
std::chrono::microseconds pause_before(int attempt) {
  constexpr std::int64_t kFirstMicros = 500;
  constexpr std::int64_t kLongestMicros = 50'000;
  thread_local std::minstd_rand random{std::random_device{}()};
  const std::int64_t ceiling = std::min(kFirstMicros << std::min(attempt, 10), kLongestMicros);
  std::uniform_int_distribution<std::int64_t> pause(0, ceiling);
  return std::chrono::microseconds(pause(random));
}

void count_conflict(ConnectionPool::Conflicts& conflicts, const sql::DatabaseError& error) {
  static const int serialization_failure = sqlstate_code("40001");
  auto& count = error.code() == serialization_failure ? conflicts.serialization_failures
                                                      : conflicts.deadlocks;
  count.fetch_add(1, std::memory_order_relaxed);
}

}  // namespace

void run_transaction(ConnectionPool& pool, TransactionMode mode,
                     const std::function<bool(sql::Connection&)>& work) {
  const auto begin = begin_transaction(
      mode == TransactionMode::Write ? "SERIALIZABLE" : "REPEATABLE READ READ ONLY");
  for (int attempt = 1;; ++attempt) {
    try {
      auto connection = pool.acquire();
      Transaction transaction(*connection, connection->begin_with_timeouts(begin));
      if (work(*connection)) transaction.commit();
      return;
    } catch (const sql::DatabaseError& error) {
      // A server that stopped waiting (a lock held elsewhere, a statement too slow) is no fault
      // of the request either: asked again in a moment, it may well pass.
      if (is_unreachable(error) || timed_out(error)) throw DatabaseUnavailable(error.what());
      if (!is_retryable(error)) throw;
      count_conflict(pool.conflicts(), error);
      if (attempt == kTransactionAttempts) {
        throw TransactionContention(std::string("a transaction failed to serialize ") +
                                    std::to_string(kTransactionAttempts) +
                                    " times: " + error.what());
      }
      pool.conflicts().retries.fetch_add(1, std::memory_order_relaxed);
      spdlog::debug("postgres: transaction attempt {} failed to serialize, running it again",
                    attempt);
    }
    // The connection is back in the pool meanwhile, for others to finish their work.
    std::this_thread::sleep_for(pause_before(attempt));
  }
}

}  // namespace artshop::postgres
