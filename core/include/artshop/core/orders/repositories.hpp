#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/core/error.hpp"
#include "artshop/core/orders/gift_card.hpp"
#include "artshop/core/orders/ledger.hpp"
#include "artshop/core/orders/order.hpp"
#include "artshop/core/orders/payment_gateway.hpp"
#include "artshop/core/ports/image_processor.hpp"

// The persistence ports of orders, payments, balances and gift cards. Every method runs
// inside the transaction that handed the repository out; guarded updates answer false when
// another transaction got there first.
namespace artshop {

// Payment attempts, whatever they pay for: one status, changed only through a guard.
class PaymentRepository {
 public:
  virtual ~PaymentRepository() = default;
  // Stores a new payment; its id is assigned. Its history starts with a `placed` change to its
  // status, at its creation.
  virtual PaymentId insert(const Payment& payment) = 0;
  virtual std::optional<Payment> find(PaymentId id) = 0;
  virtual std::optional<Payment> find_by_reference(std::string_view reference) = 0;
  // Moves the payment from `from` to `to`, settled at `at`, only if it is still `from`, and
  // adds the change, with what made it, to the payment's history; false, and nothing written,
  // otherwise.
  virtual bool update_status(PaymentId id, PaymentStatus from, PaymentStatus to,
                             std::chrono::sys_seconds at, PaymentChangeSource source) = 0;
  // Keeps the provider's id of the money it took (Payment::provider_payment) once: a payment
  // that has one keeps it.
  virtual void set_provider_payment(PaymentId id, std::string_view provider_payment) = 0;
  // Pending payments whose window closed at or before `now`, oldest first.
  virtual std::vector<Payment> pending_expired(std::chrono::sys_seconds now) = 0;
  // How many of the user's payments for `purpose` are Pending with their window open at `now`.
  virtual std::size_t count_pending_for_user(UserId user, PaymentPurpose purpose,
                                             std::chrono::sys_seconds now) = 0;
};

// One page of a user's orders and how many they have in all.
struct OrderPage {
  std::vector<Order> items;
  int total = 0;
};

// What an order holds of its own: its lines, gift cards and exclusive reservations. Orders
// are read with their payment as it stands.
class OrderRepository {
 public:
  virtual ~OrderRepository() = default;
  // Stores a new order with its lines against its payment, stored before (order.payment.id);
  // the order's id is assigned.
  virtual OrderId insert(const Order& order) = 0;
  virtual std::optional<Order> find(OrderId id) = 0;
  // The order a payment pays for.
  virtual std::optional<Order> find_by_payment(PaymentId payment) = 0;
  // The user's orders, newest first: `limit` of them after skipping `offset`.
  virtual OrderPage list_for_user(UserId user, int offset, int limit) = 0;
  // The user's orders whose payment is Pending with its window still open at `now`.
  virtual std::vector<Order> pending_for_user(UserId user, std::chrono::sys_seconds now) = 0;
  // Holds an exclusive offer for an order; false when another order holds it already.
  virtual bool reserve_exclusive(OfferId offer, OrderId order) = 0;
  // Lets go of whatever the order holds.
  virtual void release_reservations(OrderId order) = 0;
};

// The append-only ledger. Nothing is ever updated or deleted.
class Ledger {
 public:
  virtual ~Ledger() = default;
  virtual void post(const Posting& posting) = 0;
  // Credits minus debits of one customer's balance account, in micro-euros.
  virtual std::int64_t customer_balance(UserId user) = 0;
  // Every entry of a posting reference, in the order written (audits and tests).
  virtual std::vector<LedgerEntry> entries(std::string_view reference) = 0;
};

enum class GiftCardState : std::uint8_t { Active, Redeemed, Voided };
std::string_view name_of(GiftCardState state) noexcept;
std::optional<GiftCardState> parse_gift_card_state(std::string_view name) noexcept;
GiftCardState state_of(const GiftCard& card) noexcept;

// What the back office's gift-card list asks. The three matches are alternatives: a card
// matches any one given.
struct GiftCardQuery {
  std::optional<std::string> number_digest;  // a whole number, by its digest
  std::optional<std::string> email_text;     // in the buyer's or recipient's e-mail; lower case
  std::optional<GiftCardId> id;
  std::optional<UserId> customer;  // only cards they bought or redeemed
  std::optional<GiftCardState> state;
  int offset = 0;
  int limit = 50;
};

// Whether `card`, bought by `buyer_email` (none for a goodwill card), is one `query` asks for,
// paging aside: what a store without SQL filters by.
bool matches(const GiftCardQuery& query, const GiftCard& card,
             const std::optional<std::string>& buyer_email);

// A card with the addresses of who bought and who issued it, as the back office shows it.
struct GiftCardListing {
  GiftCard card;
  std::optional<std::string> buyer_email;
  std::optional<std::string> issuer_email;
};

struct GiftCardPage {
  std::vector<GiftCardListing> items;  // newest first
  std::int64_t total = 0;
};

// The Idempotency-Key a staff member issued a goodwill card with, and the message it carried.
struct GoodwillIssue {
  GiftCardId card;
  std::string message;
};

class GiftCardRepository {
 public:
  virtual ~GiftCardRepository() = default;
  // Stores the card and answers its id; nullopt when the digest exists already (a number
  // drawn twice).
  virtual std::optional<GiftCardId> insert(const GiftCard& card) = 0;
  virtual std::optional<GiftCard> find(GiftCardId id) = 0;
  virtual std::optional<GiftCard> find_by_digest(std::string_view number_digest) = 0;
  virtual std::vector<GiftCard> list_for_order(OrderId order) = 0;
  // Marks a card that is neither redeemed nor void redeemed; false otherwise.
  virtual bool redeem(std::string_view number_digest, UserId by, std::chrono::sys_seconds at) = 0;
  // Voids a card that is neither redeemed nor void; false otherwise.
  virtual bool void_card(GiftCardId id, std::chrono::sys_seconds at) = 0;
  // Makes a void card active again (a refund that voided it failed at the provider); false
  // when it is not void.
  virtual bool unvoid_card(GiftCardId id) = 0;

  virtual GiftCardPage search(const GiftCardQuery& query) = 0;
  // Keeps the key a goodwill card was issued with; one card per key and staff member.
  virtual void record_goodwill_issue(UserId staff, std::string_view key,
                                     const GoodwillIssue& issue) = 0;
  virtual std::optional<GoodwillIssue> find_goodwill_issue(UserId staff, std::string_view key) = 0;
};

class ArtworkRepository {
 public:
  virtual ~ArtworkRepository() = default;
  // Stores the artwork; its id is assigned.
  virtual ArtworkId add(const Artwork& artwork) = 0;
  virtual std::optional<Artwork> find(ArtworkId id) = 0;
  // The owner's artworks, newest first.
  virtual std::vector<Artwork> list_for_user(UserId owner) = 0;
  // The private blob key of `offer` rendered at `long_edge` as `format`, once stored.
  virtual std::optional<std::string> rendered(OfferId offer, int long_edge, ImageFormat format) = 0;
  // Remembers where that render is kept; when one is remembered already, the first stays.
  virtual void remember_rendered(OfferId offer, int long_edge, ImageFormat format,
                                 std::string_view key) = 0;
};

// Webhook event ids already acted on: providers re-send for days.
class PaymentEventRepository {
 public:
  virtual ~PaymentEventRepository() = default;
  // Records the event (its id, kind and the payment it is about); false when it was recorded
  // before.
  virtual bool record(const PaymentEvent& event, std::chrono::sys_seconds at) = 0;
};

// The first answer to a request that carried an Idempotency-Key (DESIGN.md section 6).
// What became of a request that carried an idempotency key, as core understands it: what its
// use case made, or why it refused. Adapters render it again on a replay.
struct IdempotentOutcome {
  enum class Kind : std::uint8_t {
    Order,               // `id` is the OrderId
    Deposit,             // `id` is the deposit's PaymentId
    GiftCardRedemption,  // `reference` is the redeemed card's number digest
    Refused,             // `refusal` says why: its kind and field messages
    Earlier,             // kept by an older version of the shop as its adapter's own answer, in
                         // `reference`; opaque to core, gone after kIdempotencyKeyLifetime
  };
  Kind kind = Kind::Refused;
  std::int64_t id = 0;
  std::string reference;
  std::string payment_link;  // Order, Deposit: where to pay, once the provider gave it
  Error refusal;             // Refused: without its detail, which is for the log only

  static IdempotentOutcome order(OrderId order, std::string payment_link = {}) {
    return {.kind = Kind::Order, .id = order.value, .payment_link = std::move(payment_link)};
  }
  static IdempotentOutcome deposit(PaymentId deposit, std::string payment_link = {}) {
    return {.kind = Kind::Deposit, .id = deposit.value, .payment_link = std::move(payment_link)};
  }
  static IdempotentOutcome gift_card_redemption(std::string number_digest) {
    return {.kind = Kind::GiftCardRedemption, .reference = std::move(number_digest)};
  }
  static IdempotentOutcome refused(const Error& error) {
    IdempotentOutcome outcome{.kind = Kind::Refused};
    outcome.refusal.kind = error.kind;
    outcome.refusal.fields = error.fields;
    outcome.refusal.retry_after = error.retry_after;
    return outcome;
  }
  friend bool operator==(const IdempotentOutcome& a, const IdempotentOutcome& b) {
    return a.kind == b.kind && a.id == b.id && a.reference == b.reference &&
           a.payment_link == b.payment_link && a.refusal.kind == b.refusal.kind &&
           a.refusal.fields == b.refusal.fields;
  }
};

// Where a request with a key stands.
enum class IdempotencyState : std::uint8_t {
  Running,     // reserved: the request runs and has done nothing yet
  EffectKept,  // its effect committed with `outcome`; the request still runs
  Answered,    // finished: `outcome` is what repetitions get
};

struct IdempotencyRecord {
  UserId user;
  std::string key;           // as the client sent it
  std::string request_hash;  // digest of what the request asked
  IdempotencyState state = IdempotencyState::Running;
  std::optional<IdempotentOutcome> outcome;  // EffectKept and Answered
  std::chrono::sys_seconds created_at;
  friend bool operator==(const IdempotencyRecord&, const IdempotencyRecord&) = default;
};

inline constexpr std::chrono::hours kIdempotencyKeyLifetime{24};

class IdempotencyRepository {
 public:
  virtual ~IdempotencyRepository() = default;
  // The record of (user, key) created after `since`.
  virtual std::optional<IdempotencyRecord> find(UserId user, std::string_view key,
                                                std::chrono::sys_seconds since) = 0;
  // Stores a reservation or an outcome; false when (user, key) has a record already.
  virtual bool insert(const IdempotencyRecord& record) = 0;
  // Sets the state and outcome of the record with the record's user, key and created_at,
  // whatever it held (an outcome kept with the effect is then replaced by the final one); false
  // when there is none: given up, or taken over by a newer reservation.
  virtual bool complete(const IdempotencyRecord& record) = 0;
  // Forgets (user, key) whatever its state: a reservation given up, or a record past its life.
  virtual void remove(UserId user, std::string_view key) = 0;
  // Forgets records created before `before`.
  virtual void prune(std::chrono::sys_seconds before) = 0;
};

}  // namespace artshop
