#pragma once

#include "artshop/core/ports/unit_of_work.hpp"
#include "artshop/sqlite/connection_pool.hpp"

namespace artshop::sqlite {

// Runs use-case work on a pooled connection: reads in a deferred transaction (one consistent
// WAL snapshot), writes in BEGIN IMMEDIATE. SQLITE_BUSY is waited out (busy timeout, then
// retried) rather than passed on.
class SqliteUnitOfWork final : public UnitOfWork {
 public:
  explicit SqliteUnitOfWork(ConnectionPool& pool) noexcept : pool_(pool) {}

  void run(Mode mode, const std::function<bool(Repositories&)>& work) override;

 private:
  ConnectionPool& pool_;
};

}  // namespace artshop::sqlite
