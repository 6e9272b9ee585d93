#pragma once

#include <mutex>

#include "artshop/core/ports/unit_of_work.hpp"
#include "artshop/sqlite/connection_pool.hpp"

namespace artshop::sqlite {

// Runs use-case work on a pooled connection: reads in a deferred transaction (one consistent
// WAL snapshot), writes in BEGIN IMMEDIATE. SQLITE_BUSY is waited out (busy timeout, then
// retried) rather than passed on. Writers of this process queue on a mutex before BEGIN
// IMMEDIATE: SQLite allows one writer anyway, and a blocked thread wakes as soon as the lock is
// free, where SQLite's busy handler would poll with growing sleeps and leave long tails.
class SqliteUnitOfWork final : public UnitOfWork {
 public:
  explicit SqliteUnitOfWork(ConnectionPool& pool) noexcept : pool_(pool) {}

  void run(Mode mode, const std::function<bool(Repositories&)>& work) override;

 private:
  ConnectionPool& pool_;
  std::mutex writers_;
};

}  // namespace artshop::sqlite
