#pragma once

#include "artshop/core/orders/repositories.hpp"
#include "artshop/sql/connection.hpp"

namespace artshop::sql {

// The payment, order, ledger and gift-card repositories over one connection, used inside
// the transaction a unit of work opened on it (a write transaction for every money write).
// Each has its own source file; enums read from a row that this version does not know throw
// DatabaseError.
class SqlPaymentRepository final : public PaymentRepository {
 public:
  explicit SqlPaymentRepository(Connection& connection) noexcept : db_(connection) {}
  PaymentId insert(const Payment& payment) override;
  std::optional<Payment> find(PaymentId id) override;
  std::optional<Payment> find_by_reference(std::string_view reference) override;
  bool update_status(PaymentId id, PaymentStatus from, PaymentStatus to,
                     std::chrono::sys_seconds at, PaymentChangeSource source) override;
  void set_provider_payment(PaymentId id, std::string_view provider_payment) override;
  std::vector<Payment> pending_expired(std::chrono::sys_seconds now) override;
  std::size_t count_pending_for_user(UserId user, PaymentPurpose purpose,
                                     std::chrono::sys_seconds now) override;

 private:
  // Adds a change to the payment's history (payment_status_changes).
  void record_change(PaymentId id, std::optional<PaymentStatus> from, PaymentStatus to,
                     std::chrono::sys_seconds at, PaymentChangeSource source);
  Connection& db_;
};

class SqlOrderRepository final : public OrderRepository {
 public:
  explicit SqlOrderRepository(Connection& connection) noexcept : db_(connection) {}
  OrderId insert(const Order& order) override;
  std::optional<Order> find(OrderId id) override;
  std::optional<Order> find_by_payment(PaymentId payment) override;
  OrderPage list_for_user(UserId user, int offset, int limit) override;
  std::vector<Order> pending_for_user(UserId user, std::chrono::sys_seconds now) override;
  bool reserve_exclusive(OfferId offer, OrderId order) override;
  void release_reservations(OrderId order) override;

 private:
  std::optional<Order> first_order(Statement& rows);
  Connection& db_;
};

class SqlLedger final : public Ledger {
 public:
  explicit SqlLedger(Connection& connection) noexcept : db_(connection) {}
  void post(const Posting& posting) override;
  std::int64_t customer_balance(UserId user) override;
  std::vector<LedgerEntry> entries(std::string_view reference) override;

 private:
  Connection& db_;
};

// Numbers are stored sealed by `cipher` and opened when read; without a cipher, storing or
// reading a card throws std::logic_error (a shop is always given one; tests that never touch
// gift cards need not).
class SqlGiftCardRepository final : public GiftCardRepository {
 public:
  SqlGiftCardRepository(Connection& connection, const GiftCardNumberCipher* cipher) noexcept
      : db_(connection), cipher_(cipher) {}
  std::optional<GiftCardId> insert(const GiftCard& card) override;
  std::optional<GiftCard> find(GiftCardId id) override;
  std::optional<GiftCard> find_by_digest(std::string_view number_digest) override;
  std::vector<GiftCard> list_for_order(OrderId order) override;
  bool redeem(std::string_view number_digest, UserId by, std::chrono::sys_seconds at) override;
  bool void_card(GiftCardId id, std::chrono::sys_seconds at) override;
  bool unvoid_card(GiftCardId id) override;
  GiftCardPage search(const GiftCardQuery& query) override;
  void record_goodwill_issue(UserId staff, std::string_view key,
                             const GoodwillIssue& issue) override;
  std::optional<GoodwillIssue> find_goodwill_issue(UserId staff, std::string_view key) override;

 private:
  const GiftCardNumberCipher& cipher() const;
  GiftCard card_from_row(const Statement& row) const;
  Connection& db_;
  const GiftCardNumberCipher* cipher_;
};

class SqlArtworkRepository final : public ArtworkRepository {
 public:
  explicit SqlArtworkRepository(Connection& connection) noexcept : db_(connection) {}
  ArtworkId add(const Artwork& artwork) override;
  std::optional<Artwork> find(ArtworkId id) override;
  std::vector<Artwork> list_for_user(UserId owner) override;
  std::optional<std::string> rendered(OfferId offer, int long_edge, ImageFormat format) override;
  void remember_rendered(OfferId offer, int long_edge, ImageFormat format,
                         std::string_view key) override;

 private:
  Connection& db_;
};

class SqlPaymentEventRepository final : public PaymentEventRepository {
 public:
  explicit SqlPaymentEventRepository(Connection& connection) noexcept : db_(connection) {}
  bool record(const PaymentEvent& event, std::chrono::sys_seconds at) override;

 private:
  Connection& db_;
};

class SqlIdempotencyRepository final : public IdempotencyRepository {
 public:
  explicit SqlIdempotencyRepository(Connection& connection) noexcept : db_(connection) {}
  std::optional<IdempotencyRecord> find(UserId user, std::string_view key,
                                        std::chrono::sys_seconds since) override;
  bool insert(const IdempotencyRecord& record) override;
  bool complete(const IdempotencyRecord& record) override;
  void remove(UserId user, std::string_view key) override;
  void prune(std::chrono::sys_seconds before) override;

 private:
  Connection& db_;
};

}  // namespace artshop::sql
