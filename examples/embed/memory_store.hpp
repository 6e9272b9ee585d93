#pragma once

// The in-memory adapters of the repositories a balance-paid order touches: accounts, offers,
// payments, orders, the ledger and owned artworks, in transactions over those six and the two
// that PlaceOrder takes but an order of pictures without an Idempotency-Key never reaches. A
// real embedder puts its own database here; what a transaction must guarantee is the same
// (docs/embedding.md).

#include <artshop/core/ports/transactions.hpp>
#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <ranges>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "unused_ports.hpp"

namespace embed {

using namespace artshop;

// Everything stored, as plain containers: copying it is how a transaction is rolled back.
struct Tables {
  std::map<std::int64_t, Account> accounts;
  std::map<std::int64_t, Offer> offers;
  std::int64_t last_attribute_id = 0;
  std::map<std::int64_t, Payment> payments;
  std::map<std::int64_t, Order> orders;               // each read with its payment as it stands
  std::map<std::int64_t, std::int64_t> reservations;  // offer id -> order id
  std::vector<Posting> postings;
  std::map<std::int64_t, Artwork> artworks;
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

// Orders price their lines by offer id; browsing the catalogue is another use case's business.
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

  OfferPage search(const OfferSearch&) override { unused("offers.search"); }
  std::vector<Offer> latest(int) override { unused("offers.latest"); }
  std::vector<Category> categories() override { unused("offers.categories"); }
  bool category_exists(std::string_view) override { unused("offers.category_exists"); }
  void upsert_category(const Category&) override { unused("offers.upsert_category"); }

 private:
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
  bool update_status(PaymentId id, PaymentStatus from, PaymentStatus to,
                     std::chrono::sys_seconds at) override {
    auto& payment = tables_.payments.at(id.value);
    if (payment.status != from) return false;
    payment.status = to;
    payment.settled_at = at;
    return true;
  }
  // Expiry and deposits need a payment provider, which this example has none of.
  std::vector<Payment> pending_expired(std::chrono::sys_seconds) override {
    unused("payments.pending_expired");
  }
  std::size_t count_pending_for_user(UserId, PaymentPurpose, std::chrono::sys_seconds) override {
    unused("payments.count_pending_for_user");
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
  // Renders at a bought size are the download use case's business.
  std::optional<std::string> rendered(OfferId, int, ImageFormat) override {
    unused("artworks.rendered");
  }
  void remember_rendered(OfferId, int, ImageFormat, std::string_view) override {
    unused("artworks.remember_rendered");
  }

 private:
  Tables& tables_;
};

// One transaction at a time (the mutex), each all or nothing (the copy taken before it runs).
// That is the whole contract a use case relies on: it never sees another transaction's half,
// and an error value or an exception leaves nothing behind. The store offers the ports PlaceOrder
// takes; a use case that takes fewer of them (GetBalance, the seed) is handed the same
// transactions.
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
  UnusedGiftCards gift_cards_;
  UnusedIdempotency idempotency_;
  UnusedMailOutbox mail_outbox_;
};

}  // namespace embed
