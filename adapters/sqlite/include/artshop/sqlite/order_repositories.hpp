#pragma once

#include "artshop/core/orders/repositories.hpp"
#include "artshop/sqlite/connection.hpp"

namespace artshop::sqlite {

// The order, payment, ledger and gift-card repositories over one connection, used inside
// the transaction a SqliteUnitOfWork opened on it (BEGIN IMMEDIATE for every money write).
class SqliteOrderRepository final : public OrderRepository {
 public:
  explicit SqliteOrderRepository(Connection& connection) noexcept : db_(connection) {}
  OrderId insert(const Order& order) override;
  std::optional<Order> find(OrderId id) override;
  std::optional<Order> find_by_reference(std::string_view payment_reference) override;
  std::vector<Order> list_for_user(UserId user) override;
  bool update_status(OrderId id, PaymentStatus from, PaymentStatus to,
                     std::chrono::sys_seconds at) override;
  std::vector<OrderId> pending_expired(std::chrono::sys_seconds now) override;
  bool reserve_exclusive(OfferId offer, OrderId order) override;
  void release_reservations(OrderId order) override;

 private:
  std::vector<Order> read_orders(Statement& rows);
  Connection& db_;
};

class SqliteDepositRepository final : public DepositRepository {
 public:
  explicit SqliteDepositRepository(Connection& connection) noexcept : db_(connection) {}
  DepositId insert(const Deposit& deposit) override;
  std::optional<Deposit> find(DepositId id) override;
  std::optional<Deposit> find_by_reference(std::string_view payment_reference) override;
  bool update_status(DepositId id, PaymentStatus from, PaymentStatus to,
                     std::chrono::sys_seconds at) override;
  std::vector<DepositId> pending_expired(std::chrono::sys_seconds now) override;

 private:
  Connection& db_;
};

class SqliteLedger final : public Ledger {
 public:
  explicit SqliteLedger(Connection& connection) noexcept : db_(connection) {}
  void post(const Posting& posting) override;
  std::int64_t customer_balance(UserId user) override;
  std::vector<LedgerEntry> entries(std::string_view reference) override;

 private:
  Connection& db_;
};

class SqliteGiftCardRepository final : public GiftCardRepository {
 public:
  explicit SqliteGiftCardRepository(Connection& connection) noexcept : db_(connection) {}
  bool insert(const GiftCard& card) override;
  std::optional<GiftCard> find_by_digest(std::string_view number_digest) override;
  std::vector<GiftCard> list_for_order(OrderId order) override;
  bool redeem(std::string_view number_digest, UserId by, std::chrono::sys_seconds at) override;

 private:
  Connection& db_;
};

class SqliteArtworkRepository final : public ArtworkRepository {
 public:
  explicit SqliteArtworkRepository(Connection& connection) noexcept : db_(connection) {}
  ArtworkId add(const Artwork& artwork) override;
  std::optional<Artwork> find(ArtworkId id) override;
  std::vector<Artwork> list_for_user(UserId owner) override;

 private:
  Connection& db_;
};

class SqlitePaymentEventRepository final : public PaymentEventRepository {
 public:
  explicit SqlitePaymentEventRepository(Connection& connection) noexcept : db_(connection) {}
  bool record(std::string_view event_id, std::chrono::sys_seconds at) override;

 private:
  Connection& db_;
};

class SqliteIdempotencyRepository final : public IdempotencyRepository {
 public:
  explicit SqliteIdempotencyRepository(Connection& connection) noexcept : db_(connection) {}
  std::optional<IdempotencyRecord> find(UserId user, std::string_view key,
                                        std::chrono::sys_seconds since) override;
  bool insert(const IdempotencyRecord& record) override;
  bool complete(const IdempotencyRecord& record) override;
  void remove(UserId user, std::string_view key) override;
  void prune(std::chrono::sys_seconds before) override;

 private:
  Connection& db_;
};

}  // namespace artshop::sqlite
