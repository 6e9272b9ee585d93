#pragma once

#include "artshop/core/accounts/ports.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/sqlite/connection.hpp"

namespace artshop::sqlite {

// The payment, order, ledger and gift-card repositories over one connection, used inside
// the transaction a SqliteUnitOfWork opened on it (BEGIN IMMEDIATE for every money write).
// Each has its own source file; enums read from a row that this version does not know throw
// DatabaseError.
class SqlitePaymentRepository final : public PaymentRepository {
 public:
  explicit SqlitePaymentRepository(Connection& connection) noexcept : db_(connection) {}
  PaymentId insert(const Payment& payment) override;
  std::optional<Payment> find(PaymentId id) override;
  std::optional<Payment> find_by_reference(std::string_view reference) override;
  bool update_status(PaymentId id, PaymentStatus from, PaymentStatus to,
                     std::chrono::sys_seconds at) override;
  std::vector<Payment> pending_expired(std::chrono::sys_seconds now) override;
  std::size_t count_pending_for_user(UserId user, PaymentPurpose purpose,
                                     std::chrono::sys_seconds now) override;

 private:
  Connection& db_;
};

class SqliteOrderRepository final : public OrderRepository {
 public:
  explicit SqliteOrderRepository(Connection& connection) noexcept : db_(connection) {}
  OrderId insert(const Order& order) override;
  std::optional<Order> find(OrderId id) override;
  std::optional<Order> find_by_payment(PaymentId payment) override;
  OrderPage list_for_user(UserId user, int offset, int limit) override;
  std::vector<Order> pending_for_user(UserId user, std::chrono::sys_seconds now) override;
  bool reserve_exclusive(OfferId offer, OrderId order) override;
  void release_reservations(OrderId order) override;

 private:
  std::vector<Order> read_orders(Statement& rows);
  std::optional<Order> first_order(Statement& rows);
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

// Numbers are stored sealed by `cipher` and opened when read; without a cipher, storing or
// reading a card throws std::logic_error (a shop is always given one; tests that never touch
// gift cards need not).
class SqliteGiftCardRepository final : public GiftCardRepository {
 public:
  SqliteGiftCardRepository(Connection& connection, const GiftCardNumberCipher* cipher) noexcept
      : db_(connection), cipher_(cipher) {}
  bool insert(const GiftCard& card) override;
  std::optional<GiftCard> find_by_digest(std::string_view number_digest) override;
  std::vector<GiftCard> list_for_order(OrderId order) override;
  bool redeem(std::string_view number_digest, UserId by, std::chrono::sys_seconds at) override;

 private:
  const GiftCardNumberCipher& cipher() const;
  GiftCard card_from_row(const Statement& row) const;
  Connection& db_;
  const GiftCardNumberCipher* cipher_;
};

// Brings every gift card under the current keys, in one write transaction: numbers still in
// plain text (stored before numbers were sealed) and numbers sealed under an older key are
// sealed with `cipher`'s current key and re-digested with `lookup`. When plain text was
// converted, the file is vacuumed so no copy of it lingers in free pages. Run at start,
// before serving. Answers how many cards were rewritten; throws DatabaseError when a sealed
// number names a key `cipher` does not hold.
int protect_gift_card_numbers(Connection& connection, const GiftCardNumberCipher& cipher,
                              const TokenHasher& lookup);

class SqliteArtworkRepository final : public ArtworkRepository {
 public:
  explicit SqliteArtworkRepository(Connection& connection) noexcept : db_(connection) {}
  ArtworkId add(const Artwork& artwork) override;
  std::optional<Artwork> find(ArtworkId id) override;
  std::vector<Artwork> list_for_user(UserId owner) override;
  std::optional<std::string> rendered(OfferId offer, int long_edge, ImageFormat format) override;
  void remember_rendered(OfferId offer, int long_edge, ImageFormat format,
                         std::string_view key) override;

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
