#pragma once

#include "artshop/core/orders/gift_card.hpp"
#include "artshop/postgres/connection_pool.hpp"
#include "artshop/sql/unit_of_work.hpp"

namespace artshop::postgres {

// Runs use-case work on a pooled connection with the shared SQL repositories bound to it:
// writes SERIALIZABLE, reads REPEATABLE READ READ ONLY, and work that fails to serialize run
// again (run_transaction). Unlike SQLite's, writers of one process do not queue on a mutex:
// PostgreSQL lets them run side by side and fails only those that truly conflict.
class PostgresUnitOfWork final : public UnitOfWork {
 public:
  // `gift_card_cipher` seals and opens gift-card numbers; a unit of work without one cannot
  // store or read gift cards.
  explicit PostgresUnitOfWork(ConnectionPool& pool,
                              const GiftCardNumberCipher* gift_card_cipher = nullptr) noexcept
      : pool_(pool), gift_card_cipher_(gift_card_cipher) {}

  void run(Mode mode, const std::function<bool(Repositories&)>& work) override;

 private:
  ConnectionPool& pool_;
  const GiftCardNumberCipher* gift_card_cipher_;
};

}  // namespace artshop::postgres
