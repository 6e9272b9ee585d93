#pragma once

// The in-memory adapters of every port PlaceOrder writes through: accounts, offers, payments,
// orders, the ledger, owned artworks, gift cards, idempotency keys and the mail outbox, in
// transactions over all nine. A real embedder puts its own database here; what a transaction
// must guarantee is the same (docs/embedding.md).

#include <algorithm>
#include <artshop/core/accounts/ports.hpp>
#include <artshop/core/catalogue/catalogue_snapshot.hpp>
#include <artshop/core/orders/repositories.hpp>
#include <artshop/core/ports/mail_outbox.hpp>
#include <artshop/core/ports/transactions.hpp>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <ranges>
#include <string>
#include <string_view>
#include <tuple>
#include <utility>
#include <vector>

namespace embed {

using namespace artshop;
using std::chrono::sys_seconds;

// A mail in the outbox: due at `due`, or a dead letter.
struct QueuedMail {
  OutboxMail mail;
  sys_seconds due;
  bool dead = false;
  std::string last_error;
};

// Everything stored, as plain containers: copying it is how a transaction is rolled back.
struct Tables {
  std::map<std::int64_t, Account> accounts;
  std::map<std::int64_t, Offer> offers;
  std::map<std::string, Category, std::less<>> categories;  // by urlName
  std::int64_t last_attribute_id = 0;
  std::map<std::int64_t, Payment> payments;
  std::map<std::int64_t, Order> orders;               // each read with its payment as it stands
  std::map<std::int64_t, std::int64_t> reservations;  // offer id -> order id
  std::vector<Posting> postings;
  std::map<std::int64_t, Artwork> artworks;
  std::map<std::tuple<std::int64_t, int, ImageFormat>, std::string> renders;
  std::map<std::int64_t, GiftCard> gift_cards;
  std::map<std::pair<std::int64_t, std::string>, GoodwillIssue> goodwill_issues;  // staff, key
  std::vector<IdempotencyRecord> idempotency;
  std::map<std::int64_t, QueuedMail> outbox;
};

// Stores `row` under the id after the highest one in use, as an autoincrement key would.
template <class Row>
auto store_with_next_id(std::map<std::int64_t, Row>& rows, Row row) {
  row.id = decltype(row.id){rows.empty() ? 1 : rows.rbegin()->first + 1};
  const auto id = row.id;
  rows.insert_or_assign(id.value, std::move(row));
  return id;
}

template <class Row, class Id>
std::optional<Row> row_by_id(const std::map<std::int64_t, Row>& rows, Id id) {
  const auto found = rows.find(id.value);
  if (found == rows.end()) return std::nullopt;
  return found->second;
}

class MemoryAccountRepository final : public AccountRepository {
 public:
  explicit MemoryAccountRepository(Tables& tables) : tables_(tables) {}

  std::optional<Account> find_by_email(std::string_view email) override {
    for (const auto& [id, account] : tables_.accounts) {
      if (account.email == email) return account;
    }
    return std::nullopt;
  }
  std::optional<Account> find_by_id(UserId id) override { return row_by_id(tables_.accounts, id); }
  std::optional<UserId> insert(std::string_view email, std::string_view password_hash,
                               std::chrono::sys_seconds created_at) override {
    if (find_by_email(email)) return std::nullopt;
    return store_with_next_id(tables_.accounts, Account{.email = std::string(email),
                                                        .password_hash = std::string(password_hash),
                                                        .created_at = created_at});
  }
  void update_password_hash(UserId id, std::string_view password_hash) override {
    tables_.accounts.at(id.value).password_hash = password_hash;
  }
  void update_names(UserId id, std::string_view first_name, std::string_view last_name) override {
    auto& account = tables_.accounts.at(id.value);
    account.first_name = first_name;
    account.last_name = last_name;
  }
  void update_billing(UserId id, const BillingAddress& billing) override {
    tables_.accounts.at(id.value).billing = billing;
  }

 private:
  Tables& tables_;
};

// Browsing answers from a CatalogueSnapshot of the stored offers, the same in-memory index the
// shop's read model keeps, made afresh for each query: plenty for an example's catalogue.
class MemoryOfferRepository final : public OfferRepository {
 public:
  explicit MemoryOfferRepository(Tables& tables) : tables_(tables) {}

  std::optional<Offer> find_by_id(OfferId id) override { return row_by_id(tables_.offers, id); }
  std::optional<Offer> find_by_url_name(std::string_view url_name) override {
    for (const auto& [id, offer] : tables_.offers) {
      if (offer.url_name == url_name) return offer;
    }
    return std::nullopt;
  }
  bool mark_sold_out(OfferId id) override {
    auto& offer = tables_.offers.at(id.value);
    if (offer.status != OfferStatus::Active) return false;
    offer.status = OfferStatus::SoldOut;
    return true;
  }
  std::optional<OfferId> insert(const Offer& offer) override {
    if (find_by_url_name(offer.url_name)) return std::nullopt;
    Offer stored = offer;
    for (auto& attribute : stored.attributes) {
      attribute.id = AttributeId{++tables_.last_attribute_id};
    }
    return store_with_next_id(tables_.offers, std::move(stored));
  }
  int count() override { return static_cast<int>(tables_.offers.size()); }

  OfferPage search(const OfferSearch& search) override {
    OfferPage page;
    const auto matches = snapshot().search(search);
    for (const auto& offer : matches.items) page.items.push_back(*offer);
    page.total = matches.total;
    return page;
  }
  std::vector<Offer> latest(int count) override {
    std::vector<Offer> newest;
    for (const auto& offer : snapshot().latest(count)) newest.push_back(*offer);
    return newest;
  }
  std::vector<Category> categories() override {
    std::vector<Category> all;
    for (auto category : tables_.categories | std::views::values) {
      category.offer_count = static_cast<int>(
          std::ranges::count_if(tables_.offers | std::views::values, [&](const Offer& offer) {
            return offer.status == OfferStatus::Active && offer.category == category.url_name;
          }));
      all.push_back(std::move(category));
    }
    return all;
  }
  bool has_categories() override { return !tables_.categories.empty(); }
  bool category_exists(std::string_view url_name) override {
    return tables_.categories.contains(url_name);
  }
  void upsert_category(const Category& category) override {
    tables_.categories.insert_or_assign(category.url_name, category);
  }

 private:
  CatalogueSnapshot snapshot() const {
    std::vector<std::shared_ptr<const Offer>> shown;
    for (const auto& offer : tables_.offers | std::views::values) {
      if (offer.status != OfferStatus::Hidden) shown.push_back(std::make_shared<Offer>(offer));
    }
    auto names = tables_.categories | std::views::keys;
    return {std::move(shown), {names.begin(), names.end()}, 0};
  }
  Tables& tables_;
};

class MemoryPaymentRepository final : public PaymentRepository {
 public:
  explicit MemoryPaymentRepository(Tables& tables) : tables_(tables) {}

  PaymentId insert(const Payment& payment) override {
    return store_with_next_id(tables_.payments, payment);
  }
  std::optional<Payment> find(PaymentId id) override { return row_by_id(tables_.payments, id); }
  std::optional<Payment> find_by_reference(std::string_view reference) override {
    for (const auto& [id, payment] : tables_.payments) {
      if (payment.reference == reference) return payment;
    }
    return std::nullopt;
  }
  // The payment history (payment_status_changes) is the back office's: an embedding program
  // keeps none.
  bool update_status(PaymentId id, PaymentStatus from, PaymentStatus to,
                     std::chrono::sys_seconds at, PaymentChangeSource /*source*/) override {
    auto& payment = tables_.payments.at(id.value);
    if (payment.status != from) return false;
    payment.status = to;
    payment.settled_at = at;
    return true;
  }
  void set_provider_payment(PaymentId id, std::string_view provider_payment) override {
    auto& payment = tables_.payments.at(id.value);
    if (payment.provider_payment.empty()) payment.provider_payment = provider_payment;
  }
  std::vector<Payment> pending_expired(sys_seconds now) override {
    std::vector<Payment> expired;
    for (const auto& payment : tables_.payments | std::views::values) {
      if (payment.status == PaymentStatus::Pending && payment.expires_at <= now) {
        expired.push_back(payment);
      }
    }
    std::ranges::sort(expired, {}, &Payment::expires_at);
    return expired;
  }
  std::size_t count_pending_for_user(UserId user, PaymentPurpose purpose,
                                     sys_seconds now) override {
    return static_cast<std::size_t>(
        std::ranges::count_if(tables_.payments | std::views::values, [&](const Payment& payment) {
          return payment.user == user && payment.purpose == purpose &&
                 payment.status == PaymentStatus::Pending && payment.expires_at > now;
        }));
  }

 private:
  Tables& tables_;
};

class MemoryOrderRepository final : public OrderRepository {
 public:
  explicit MemoryOrderRepository(Tables& tables) : tables_(tables) {}

  OrderId insert(const Order& order) override { return store_with_next_id(tables_.orders, order); }
  std::optional<Order> find(OrderId id) override {
    return row_by_id(tables_.orders, id).transform([this](Order o) { return with_payment(o); });
  }
  std::optional<Order> find_by_payment(PaymentId payment) override {
    for (const auto& [id, order] : tables_.orders) {
      if (order.payment.id == payment) return with_payment(order);
    }
    return std::nullopt;
  }
  OrderPage list_for_user(UserId user, int offset, int limit) override {
    OrderPage page;
    for (const auto& [id, stored] : std::views::reverse(tables_.orders)) {
      auto order = with_payment(stored);
      if (order.payment.user != user) continue;
      if (page.total++ >= offset && std::ssize(page.items) < limit) page.items.push_back(order);
    }
    return page;
  }
  std::vector<Order> pending_for_user(UserId user, std::chrono::sys_seconds now) override {
    std::vector<Order> pending;
    for (const auto& [id, stored] : tables_.orders) {
      auto order = with_payment(stored);
      const auto& payment = order.payment;
      if (payment.user == user && payment.status == PaymentStatus::Pending &&
          payment.expires_at > now) {
        pending.push_back(std::move(order));
      }
    }
    return pending;
  }
  bool reserve_exclusive(OfferId offer, OrderId order) override {
    return tables_.reservations.try_emplace(offer.value, order.value).second;
  }
  void release_reservations(OrderId order) override {
    std::erase_if(tables_.reservations,
                  [&](const auto& held) { return held.second == order.value; });
  }

 private:
  Order with_payment(Order order) const {
    order.payment = tables_.payments.at(order.payment.id.value);
    return order;
  }
  Tables& tables_;
};

class MemoryLedger final : public Ledger {
 public:
  explicit MemoryLedger(Tables& tables) : tables_(tables) {}

  void post(const Posting& posting) override { tables_.postings.push_back(posting); }
  std::int64_t customer_balance(UserId user) override {
    std::int64_t balance = 0;
    for (const auto& posting : tables_.postings) {
      for (const auto& entry : posting.entries()) {
        if (entry.account != LedgerAccount::customer(user)) continue;
        balance += entry.side == Side::Credit ? entry.amount_micro_eur : -entry.amount_micro_eur;
      }
    }
    return balance;
  }
  std::vector<LedgerEntry> entries(std::string_view reference) override {
    std::vector<LedgerEntry> found;
    for (const auto& posting : tables_.postings) {
      if (posting.reference() == reference) {
        found.insert(found.end(), posting.entries().begin(), posting.entries().end());
      }
    }
    return found;
  }

 private:
  Tables& tables_;
};

class MemoryArtworkRepository final : public ArtworkRepository {
 public:
  explicit MemoryArtworkRepository(Tables& tables) : tables_(tables) {}

  ArtworkId add(const Artwork& artwork) override {
    return store_with_next_id(tables_.artworks, artwork);
  }
  std::optional<Artwork> find(ArtworkId id) override { return row_by_id(tables_.artworks, id); }
  std::vector<Artwork> list_for_user(UserId owner) override {
    std::vector<Artwork> owned;
    for (const auto& [id, artwork] : std::views::reverse(tables_.artworks)) {
      if (artwork.owner == owner) owned.push_back(artwork);
    }
    return owned;
  }
  std::optional<std::string> rendered(OfferId offer, int long_edge, ImageFormat format) override {
    const auto found = tables_.renders.find({offer.value, long_edge, format});
    if (found == tables_.renders.end()) return std::nullopt;
    return found->second;
  }
  void remember_rendered(OfferId offer, int long_edge, ImageFormat format,
                         std::string_view key) override {
    tables_.renders.try_emplace({offer.value, long_edge, format}, key);
  }

 private:
  Tables& tables_;
};

class MemoryGiftCardRepository final : public GiftCardRepository {
 public:
  explicit MemoryGiftCardRepository(Tables& tables) : tables_(tables) {}

  std::optional<GiftCardId> insert(const GiftCard& card) override {
    if (find_by_digest(card.number_digest)) return std::nullopt;
    return store_with_next_id(tables_.gift_cards, card);
  }
  std::optional<GiftCard> find(GiftCardId id) override {
    const auto found = tables_.gift_cards.find(id.value);
    if (found == tables_.gift_cards.end()) return std::nullopt;
    return found->second;
  }
  std::optional<GiftCard> find_by_digest(std::string_view number_digest) override {
    auto* card = by_digest(number_digest);
    if (card == nullptr) return std::nullopt;
    return *card;
  }
  std::vector<GiftCard> list_for_order(OrderId order) override {
    std::vector<GiftCard> cards;
    for (const auto& [id, card] : tables_.gift_cards) {
      if (card.order == order) cards.push_back(card);
    }
    return cards;
  }
  bool redeem(std::string_view number_digest, UserId by, sys_seconds at) override {
    auto* card = by_digest(number_digest);
    if (card == nullptr || card->redeemed_by || card->voided_at) return false;
    card->redeemed_by = by;
    card->redeemed_at = at;
    return true;
  }
  bool void_card(GiftCardId id, sys_seconds at) override {
    const auto found = tables_.gift_cards.find(id.value);
    if (found == tables_.gift_cards.end()) return false;
    auto& card = found->second;
    if (card.redeemed_by || card.voided_at) return false;
    card.voided_at = at;
    return true;
  }
  bool unvoid_card(GiftCardId id) override {
    const auto found = tables_.gift_cards.find(id.value);
    if (found == tables_.gift_cards.end() || !found->second.voided_at) return false;
    found->second.voided_at.reset();
    return true;
  }
  // The back office's list: a card matches any one of the number, the id and the e-mail given.
  GiftCardPage search(const GiftCardQuery& query) override {
    GiftCardPage page;
    for (const auto& [id, card] : tables_.gift_cards | std::views::reverse) {
      if (!matches(query, card, email_of(card.buyer))) continue;
      if (page.total++ < query.offset || std::ssize(page.items) >= query.limit) continue;
      page.items.push_back({.card = card,
                            .buyer_email = email_of(card.buyer),
                            .issuer_email = email_of(card.issued_by)});
    }
    return page;
  }
  void record_goodwill_issue(UserId staff, std::string_view key,
                             const GoodwillIssue& issue) override {
    tables_.goodwill_issues.try_emplace({staff.value, std::string(key)}, issue);
  }
  std::optional<GoodwillIssue> find_goodwill_issue(UserId staff, std::string_view key) override {
    const auto found = tables_.goodwill_issues.find({staff.value, std::string(key)});
    if (found == tables_.goodwill_issues.end()) return std::nullopt;
    return found->second;
  }

 private:
  std::optional<std::string> email_of(std::optional<UserId> user) const {
    if (!user) return std::nullopt;
    const auto found = tables_.accounts.find(user->value);
    if (found == tables_.accounts.end()) return std::nullopt;
    return found->second.email;
  }

  GiftCard* by_digest(std::string_view number_digest) {
    for (auto& [id, card] : tables_.gift_cards) {
      if (card.number_digest == number_digest) return &card;
    }
    return nullptr;
  }
  Tables& tables_;
};

// Matches the records of one user's key.
inline auto same_key(UserId user, std::string_view key) {
  return [=](const IdempotencyRecord& record) { return record.user == user && record.key == key; };
}

class MemoryIdempotencyRepository final : public IdempotencyRepository {
 public:
  explicit MemoryIdempotencyRepository(Tables& tables) : tables_(tables) {}

  std::optional<IdempotencyRecord> find(UserId user, std::string_view key,
                                        sys_seconds since) override {
    const auto found = std::ranges::find_if(tables_.idempotency, [&](const auto& record) {
      return record.user == user && record.key == key && record.created_at > since;
    });
    if (found == tables_.idempotency.end()) return std::nullopt;
    return *found;
  }
  bool insert(const IdempotencyRecord& record) override {
    if (std::ranges::any_of(tables_.idempotency, same_key(record.user, record.key))) return false;
    tables_.idempotency.push_back(record);
    return true;
  }
  bool complete(const IdempotencyRecord& record) override {
    const auto found = std::ranges::find_if(tables_.idempotency, [&](const auto& stored) {
      return same_key(record.user, record.key)(stored) && stored.created_at == record.created_at;
    });
    if (found == tables_.idempotency.end()) return false;
    found->state = record.state;
    found->outcome = record.outcome;
    return true;
  }
  void remove(UserId user, std::string_view key) override {
    std::erase_if(tables_.idempotency, same_key(user, key));
  }
  void prune(sys_seconds before) override {
    std::erase_if(tables_.idempotency,
                  [&](const auto& record) { return record.created_at < before; });
  }

 private:
  Tables& tables_;
};

// Mails wait here after their transaction commits; the program's sender claims and sends them
// (docs/embedding.md, "Mail").
class MemoryMailOutbox final : public MailOutbox {
 public:
  explicit MemoryMailOutbox(Tables& tables) : tables_(tables) {}

  // `about` is for the back office's order page, which an embedding program has not.
  void enqueue(const EmailMessage& message, sys_seconds now, std::string_view /*about*/) override {
    const auto id = tables_.outbox.empty() ? 1 : tables_.outbox.rbegin()->first + 1;
    auto queued = message;
    queued.delivery_key = "mail-" + std::to_string(id);
    tables_.outbox.emplace(
        id, QueuedMail{
                .mail = {.id = OutboxMailId{id}, .message = std::move(queued), .created_at = now},
                .due = now});
  }
  std::vector<OutboxMail> claim_due(sys_seconds now, sys_seconds claimed_until,
                                    int limit) override {
    std::vector<OutboxMail> claimed;
    for (auto& [id, queued] : tables_.outbox) {
      if (std::ssize(claimed) == limit) break;
      if (queued.dead || queued.due > now) continue;
      queued.due = claimed_until;
      claimed.push_back(queued.mail);
    }
    return claimed;
  }
  void mark_sent(OutboxMailId id) override { tables_.outbox.erase(id.value); }
  void reschedule(OutboxMailId id, int attempts, sys_seconds next_attempt_at,
                  std::string_view error) override {
    auto& queued = tables_.outbox.at(id.value);
    queued.mail.attempts = attempts;
    queued.due = next_attempt_at;
    queued.last_error = error;
  }
  void mark_dead(OutboxMailId id, int attempts, std::string_view error) override {
    auto& queued = tables_.outbox.at(id.value);
    queued.mail.attempts = attempts;
    queued.mail.message.text_body.clear();
    queued.dead = true;
    queued.last_error = error;
  }
  MailOutboxCounts counts() override {
    MailOutboxCounts counts;
    for (const auto& [id, queued] : tables_.outbox) ++(queued.dead ? counts.dead : counts.pending);
    return counts;
  }

 private:
  Tables& tables_;
};

// One transaction at a time (the mutex), each all or nothing (the copy taken before it runs).
// That is the whole contract a use case relies on: it never sees another transaction's half,
// and an error value or an exception leaves nothing behind. The store offers the ports PlaceOrder
// takes; a use case that takes fewer of them (GetBalance, the seed, the mail sender) is handed
// the same transactions.
class MemoryStore {
 public:
  using Ports =
      Transactions<AccountRepository, OfferRepository, PaymentRepository, OrderRepository, Ledger,
                   ArtworkRepository, GiftCardRepository, IdempotencyRepository, MailOutbox>;

  Ports transactions() {
    return Ports([this](TransactionMode /*mode*/, const Ports::Work& work) {
      const std::lock_guard lock(mutex_);
      Tables before = tables_;
      try {
        const bool commit = work(accounts_, offers_, payments_, orders_, ledger_, artworks_,
                                 gift_cards_, idempotency_, mail_outbox_);
        if (commit) return;
      } catch (...) {
        tables_ = std::move(before);
        throw;
      }
      tables_ = std::move(before);
    });
  }

 private:
  std::mutex mutex_;
  Tables tables_;
  MemoryAccountRepository accounts_{tables_};
  MemoryOfferRepository offers_{tables_};
  MemoryPaymentRepository payments_{tables_};
  MemoryOrderRepository orders_{tables_};
  MemoryLedger ledger_{tables_};
  MemoryArtworkRepository artworks_{tables_};
  MemoryGiftCardRepository gift_cards_{tables_};
  MemoryIdempotencyRepository idempotency_{tables_};
  MemoryMailOutbox mail_outbox_{tables_};
};

}  // namespace embed
