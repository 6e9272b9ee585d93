#pragma once

#include <mutex>

#include "artshop/core/orders/gift_card.hpp"
#include "artshop/sql/unit_of_work.hpp"
#include "artshop/sqlite/connection_pool.hpp"

namespace artshop::sqlite {

// Runs use-case work on a pooled connection: reads in a deferred transaction (one consistent
// WAL snapshot), writes in BEGIN IMMEDIATE. SQLITE_BUSY is waited out (busy timeout, then
// retried) rather than passed on. Writers of this process queue on a mutex before BEGIN
// IMMEDIATE: SQLite allows one writer anyway, and a blocked thread wakes as soon as the lock is
// free, where SQLite's busy handler would poll with growing sleeps and leave long tails.
class SqliteUnitOfWork final : public UnitOfWork {
 public:
  // `gift_card_cipher` seals and opens gift-card numbers; a unit of work without one cannot
  // store or read gift cards (see SqliteGiftCardRepository).
  explicit SqliteUnitOfWork(ConnectionPool& pool,
                            const GiftCardNumberCipher* gift_card_cipher = nullptr) noexcept
      : pool_(pool), gift_card_cipher_(gift_card_cipher) {}

  void run(Mode mode, const std::function<bool(Repositories&)>& work) override;

 private:
  ConnectionPool& pool_;
  const GiftCardNumberCipher* gift_card_cipher_;
  std::mutex writers_;
};

}  // namespace artshop::sqlite
