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

}  // namespace

void run_transaction(ConnectionPool& pool, TransactionMode mode,
                     const std::function<bool(sql::Connection&)>& work) {
  const auto begin = begin_transaction(
      mode == TransactionMode::Write ? "SERIALIZABLE" : "REPEATABLE READ READ ONLY");
  for (int attempt = 1;; ++attempt) {
    try {
      auto connection = pool.acquire();
      Transaction transaction(*connection, begin);
      if (work(*connection)) transaction.commit();
      return;
    } catch (const sql::DatabaseError& error) {
      if (is_unreachable(error)) throw DatabaseUnavailable(error.what());
      if (!is_retryable(error)) throw;
      if (attempt == kTransactionAttempts) {
        throw TransactionContention(std::string("a transaction failed to serialize ") +
                                    std::to_string(kTransactionAttempts) +
                                    " times: " + error.what());
      }
      spdlog::debug("postgres: transaction attempt {} failed to serialize, running it again",
                    attempt);
    }
    // The connection is back in the pool meanwhile, for others to finish their work.
    std::this_thread::sleep_for(pause_before(attempt));
  }
}

}  // namespace artshop::postgres
