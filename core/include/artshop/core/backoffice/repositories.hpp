#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/core/backoffice/refund.hpp"
#include "artshop/core/orders/ledger.hpp"
#include "artshop/core/orders/order.hpp"
#include "artshop/core/ports/mail_outbox.hpp"

// The back office's persistence ports for orders and refunds. Every method runs inside the
// transaction that handed the repository out; guarded writes answer false when another
// transaction got there first.
namespace artshop {

// Refunds, and what a refund changes of an order: which of its items were given back and how
// much, and whether the artworks of its lines still download.
class RefundRepository {
 public:
  virtual ~RefundRepository() = default;
  // Stores the refund, its id assigned; nullopt when the order has a refund under the same
  // idempotency key already (the key is unique per order).
  virtual std::optional<RefundId> insert(const Refund& refund) = 0;
  // Marks the refund's lines and gift cards given back; false, and nothing marked, when one of
  // them was already (by another refund not failed): the guard of two refunds of one line.
  virtual bool claim_items(const Refund& refund) = 0;
  // Lets go of what a failed refund claimed.
  virtual void release_items(RefundId refund) = 0;
  // Adds `amount_minor` to what was given back of the order, unless that would pass its total:
  // false then, and nothing changed. A negative amount gives back a failed refund's share.
  virtual bool add_refunded(OrderId order, std::int64_t amount_minor) = 0;
  virtual std::optional<Refund> find(RefundId id) = 0;
  virtual std::optional<Refund> find_by_key(OrderId order, std::string_view key) = 0;
  // Oldest first.
  virtual std::vector<Refund> list_for_order(OrderId order) = 0;
  // Moves the refund from `from` to `to` only if it is still `from`; false otherwise.
  virtual bool update_status(RefundId id, RefundStatus from, RefundStatus to) = 0;
  // Remembers the provider's id of the refund.
  virtual void set_provider_reference(RefundId id, std::string_view provider_reference) = 0;
  // Staff refunds still pending that were made at or before `before`, oldest first: those
  // whose provider call may not have happened.
  virtual std::vector<Refund> pending_before(std::chrono::sys_seconds before, int limit) = 0;
  // Stops (or, with `revoked` false, restarts) the downloads of the artworks the order's lines
  // of these attributes gave.
  virtual void revoke_artworks(OrderId order, std::span<const AttributeId> attributes,
                               bool revoked) = 0;
  // An exclusive picture sold by a refunded line is for sale again; false when it was not sold
  // out.
  virtual bool return_to_sale(OfferId offer) = 0;
};

enum class OrderSort : std::uint8_t { CreatedAtDescending, CreatedAt, Total, TotalDescending };

// GET /api/admin/orders: every filter optional, combined with AND.
struct OrderSearchQuery {
  std::optional<OrderId> id;
  std::optional<std::string> reference;
  std::optional<std::string> email;  // normalised
  std::optional<PaymentStatus> status;
  std::optional<RefundStanding> refund;
  std::optional<std::chrono::sys_seconds> from;   // inclusive
  std::optional<std::chrono::sys_seconds> until;  // exclusive
  std::optional<Currency> currency;
  std::optional<std::int64_t> min_minor;  // in `currency`
  std::optional<std::int64_t> max_minor;
  OrderSort sort = OrderSort::CreatedAtDescending;
  int offset = 0;
  int limit = 50;
};

// An order as staff list it: with the buyer's address.
struct StaffOrderRow {
  Order order;
  std::string email;
};

struct StaffOrderPage {
  std::vector<StaffOrderRow> items;
  std::int64_t total = 0;
};

// A posting as written, with its time.
struct PostingRecord {
  std::string reference;
  std::chrono::sys_seconds at;
  std::vector<LedgerEntry> entries;
};

// An artwork an order gave, and whether it still downloads.
struct OrderArtwork {
  Artwork artwork;
  bool downloadable = true;
};

// A verified webhook event about a payment, as recorded.
struct WebhookEventRecord {
  std::string event_id;
  std::string kind;
  std::chrono::sys_seconds received_at;

  bool operator==(const WebhookEventRecord&) const = default;
};

// What the back office reads about orders beyond an order itself.
class StaffOrderReads {
 public:
  virtual ~StaffOrderReads() = default;
  virtual StaffOrderPage search(const OrderSearchQuery& query) = 0;
  // The postings of these references, oldest first.
  virtual std::vector<PostingRecord> postings(std::span<const std::string> references) = 0;
  virtual std::vector<OrderArtwork> artworks_of(OrderId order) = 0;
  // The payment's status changes, oldest first.
  virtual std::vector<PaymentStatusChange> payment_history(PaymentId payment) = 0;
  // The webhook events recorded about the payment of this reference, oldest first.
  virtual std::vector<WebhookEventRecord> webhook_events(std::string_view payment_reference) = 0;
  // The mails queued about `about` ("order:42"), oldest first.
  virtual std::vector<OutboxMailRecord> mails_about(std::string_view about) = 0;
};

}  // namespace artshop
