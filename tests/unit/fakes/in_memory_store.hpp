#pragma once

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <ranges>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "artshop/core/text.hpp"
#include "artshop/sql/unit_of_work.hpp"

namespace artshop::fakes {

// The whole database as plain containers. A UnitOfWork over it lets the work change a copy
// and keeps the copy only when the work succeeds, which is what a transaction looks like.
struct StoreState {
  std::vector<Account> accounts;
  std::map<std::string, RefreshTokenRecord> refresh_tokens;
  std::map<std::int64_t, ResetCodeRecord> reset_codes;
  std::vector<std::pair<std::string, std::chrono::sys_seconds>> rate_events;
  std::vector<Offer> offers;
  std::vector<Category> categories;
  std::map<std::string, std::string, std::less<>> settings;
  std::vector<Payment> payments;
  std::vector<Order> orders;  // each with its payment as it was stored; read with the current one
  std::map<std::int64_t, std::int64_t> reservations;        // offer id -> order id
  std::vector<std::pair<std::string, LedgerEntry>> ledger;  // posting reference, entry
  std::vector<GiftCard> gift_cards;
  std::vector<Artwork> artworks;
  // Where each (offer, long edge, format) render is kept.
  std::map<std::tuple<std::int64_t, int, ImageFormat>, std::string> rendered_artworks;
  std::vector<std::pair<PaymentEvent, std::chrono::sys_seconds>> payment_events;  // in order
  std::vector<std::pair<PaymentId, PaymentStatusChange>> payment_history;         // in order
  std::vector<IdempotencyRecord> idempotency;
  std::vector<GeneratedImage> generated_images;
  std::vector<SupportTicket> support_tickets;
  std::vector<std::pair<SupportTicketId, TicketMessage>> ticket_messages;  // in order
  struct Lease {
    std::string holder;
    std::chrono::sys_seconds expires_at;
  };
  std::map<std::string, Lease, std::less<>> leases;  // by chore
  struct QueuedMail {
    OutboxMail mail;
    OutboxMailState state = OutboxMailState::Queued;  // Failed: a dead letter
    std::chrono::sys_seconds next_attempt_at;
    std::string last_error;
    std::string about;
  };
  std::vector<QueuedMail> mail_outbox;  // sent mails leave it, but those about something
  std::int64_t last_mail_id = 0;
  std::vector<StaffMember> staff;  // e-mails read from the accounts
  std::vector<StaffSecondFactor> second_factors;
  std::set<std::pair<std::int64_t, std::string>> recovery_codes;  // member, digest
  std::vector<StaffSetupLink> setup_links;
  std::vector<StaffSession> staff_sessions;
  std::vector<AuditRecord> audit_log;
  std::map<std::string, std::chrono::sys_seconds> token_issued_at;  // by refresh token digest
  std::map<std::string, std::chrono::sys_seconds, std::less<>> posting_times;  // by reference
  std::vector<BalanceAdjustment> balance_adjustments;
  std::vector<Refund> refunds;
  // (order, "line"|"gift-card", item) -> the refund that gave it back
  std::map<std::tuple<std::int64_t, std::string, std::int64_t>, std::int64_t> refunded_items;
  std::set<std::int64_t> revoked_artworks;
  std::map<std::pair<std::int64_t, std::string>, GoodwillIssue> goodwill_issues;  // staff, key
};

// The mails queued in the outbox and not sent yet, in queueing order.
inline std::vector<EmailMessage> queued_mails(const StoreState& state) {
  std::vector<EmailMessage> mails;
  for (const auto& queued : state.mail_outbox) {
    if (queued.state == OutboxMailState::Queued) mails.push_back(queued.mail.message);
  }
  return mails;
}

// Sorts rows newest first by `time`, then by id, as the ports' lists promise.
template <class Row, class Time>
void newest_first(std::vector<Row>& rows, Time Row::*time) {
  std::ranges::sort(rows, [&](const Row& a, const Row& b) {
    return std::pair(a.*time, a.id) > std::pair(b.*time, b.id);
  });
}

// Appends `row` with the next id, as an autoincrement key would number it.
template <class Row>
auto store_with_next_id(std::vector<Row>& rows, Row row) {
  row.id = decltype(row.id){std::ssize(rows) + 1};
  rows.push_back(std::move(row));
  return rows.back().id;
}

template <class Row, class Id>
std::optional<Row> row_by_id(const std::vector<Row>& rows, Id id) {
  for (const auto& row : rows) {
    if (row.id == id) return row;
  }
  return std::nullopt;
}

class InMemoryAccounts final : public AccountRepository {
 public:
  explicit InMemoryAccounts(StoreState& state) : state_(state) {}
  std::optional<Account> find_by_email(std::string_view email) override {
    for (const auto& account : state_.accounts) {
      if (account.email == email) return account;
    }
    return std::nullopt;
  }
  std::optional<Account> find_by_id(UserId id) override { return row_by_id(state_.accounts, id); }
  std::optional<UserId> insert(std::string_view email, std::string_view hash,
                               std::chrono::sys_seconds created_at) override {
    if (find_by_email(email)) return std::nullopt;
    return store_with_next_id(state_.accounts, Account{.id = {},
                                                       .email = std::string(email),
                                                       .password_hash = std::string(hash),
                                                       .first_name = {},
                                                       .last_name = {},
                                                       .billing = {},
                                                       .created_at = created_at});
  }
  void update_password_hash(UserId id, std::string_view hash) override {
    if (auto* found = account(id)) found->password_hash = hash;
  }
  void update_names(UserId id, std::string_view first, std::string_view last) override {
    if (auto* found = account(id)) {
      found->first_name = first;
      found->last_name = last;
    }
  }
  void update_billing(UserId id, const BillingAddress& billing) override {
    if (auto* found = account(id)) found->billing = billing;
  }

 private:
  // Null for an unknown id: an update of no row changes nothing, as in SQL.
  Account* account(UserId id) {
    const auto found =
        std::ranges::find_if(state_.accounts, [id](const Account& a) { return a.id == id; });
    return found == state_.accounts.end() ? nullptr : &*found;
  }
  StoreState& state_;
};

class InMemoryRefreshTokens final : public RefreshTokenRepository {
 public:
  explicit InMemoryRefreshTokens(StoreState& state) : state_(state) {}
  void insert(const RefreshTokenRecord& record, std::chrono::sys_seconds issued_at) override {
    state_.refresh_tokens[record.token_digest] = record;
    state_.token_issued_at[record.token_digest] = issued_at;
  }
  std::optional<RefreshTokenRecord> find(std::string_view digest) override {
    const auto found = state_.refresh_tokens.find(std::string(digest));
    if (found == state_.refresh_tokens.end()) return std::nullopt;
    return found->second;
  }
  bool mark_rotated(std::string_view digest, const RefreshSuccessor& successor,
                    std::chrono::sys_seconds at) override {
    const auto found = state_.refresh_tokens.find(std::string(digest));
    if (found == state_.refresh_tokens.end()) return false;
    auto& record = found->second;
    if (record.rotated || record.revoked) return false;
    record.rotated = true;
    record.rotated_at = at;
    record.successor_digest = successor.digest;
    record.successor_sealed = successor.sealed;
    return true;
  }
  void revoke_family(std::string_view family, std::chrono::sys_seconds) override {
    revoke_where([family](const RefreshTokenRecord& record) { return record.family == family; });
  }
  void revoke_user_sessions(UserId user, std::string_view keep, std::chrono::sys_seconds) override {
    revoke_where([user, keep](const RefreshTokenRecord& record) {
      return record.user == user && record.family != keep;
    });
  }
  int forget_successors(std::chrono::sys_seconds rotated_before) override {
    int forgotten = 0;
    for (auto& [digest, record] : state_.refresh_tokens) {
      if (record.successor_sealed.empty() || record.rotated_at >= rotated_before) continue;
      record.successor_sealed.clear();
      ++forgotten;
    }
    return forgotten;
  }
  bool session_is_live(UserId user, std::string_view family) override {
    const auto account = row_by_id(state_.accounts, user);
    if (account && account->locked_at) return false;
    for (const auto& [digest, record] : state_.refresh_tokens) {
      if (record.user == user && record.family == family && !record.revoked) return true;
    }
    return false;
  }

 private:
  void revoke_where(const std::function<bool(const RefreshTokenRecord&)>& matches) {
    for (auto& [digest, record] : state_.refresh_tokens) {
      if (!matches(record)) continue;
      record.revoked = true;
      record.successor_sealed.clear();
    }
  }

  StoreState& state_;
};

class InMemoryResetCodes final : public ResetCodeRepository {
 public:
  explicit InMemoryResetCodes(StoreState& state) : state_(state) {}
  void replace(const ResetCodeRecord& record) override {
    state_.reset_codes[record.user.value] = record;
  }
  std::optional<ResetCodeRecord> find(UserId user) override {
    const auto found = state_.reset_codes.find(user.value);
    if (found == state_.reset_codes.end()) return std::nullopt;
    return found->second;
  }
  void record_failed_attempt(UserId user) override {
    const auto found = state_.reset_codes.find(user.value);
    if (found != state_.reset_codes.end()) ++found->second.failed_attempts;
  }
  void remove(UserId user) override { state_.reset_codes.erase(user.value); }

 private:
  StoreState& state_;
};

class InMemoryRateLimits final : public RateLimitRepository {
 public:
  explicit InMemoryRateLimits(StoreState& state) : state_(state) {}
  int count_since(std::string_view bucket, std::chrono::sys_seconds since) override {
    return static_cast<int>(std::ranges::count_if(state_.rate_events, [&](const auto& event) {
      return event.first == bucket && event.second > since;
    }));
  }
  std::optional<std::chrono::sys_seconds> oldest_since(std::string_view bucket,
                                                       std::chrono::sys_seconds since) override {
    std::optional<std::chrono::sys_seconds> oldest;
    for (const auto& [name, at] : state_.rate_events) {
      if (name == bucket && at > since && (!oldest || at < *oldest)) oldest = at;
    }
    return oldest;
  }
  void add(std::string_view bucket, std::chrono::sys_seconds at) override {
    state_.rate_events.emplace_back(std::string(bucket), at);
  }
  void prune(std::chrono::sys_seconds before) override {
    std::erase_if(state_.rate_events, [&](const auto& event) { return event.second <= before; });
  }

 private:
  StoreState& state_;
};

// The catalogue as the contract suites (tests/contract) pin it down: Active offers only,
// newest or by lowest price, text in the title or a tag ignoring case.
// Gives `attributes` the next free ids and keeps them cheapest first, as the database reads them.
inline void number_attributes(const StoreState& state, std::vector<OfferAttribute>& attributes) {
  std::int64_t last_attribute = 0;
  for (const auto& stored : state.offers) {
    for (const auto& attribute : stored.attributes) {
      last_attribute = std::max(last_attribute, attribute.id.value);
    }
  }
  for (auto& attribute : attributes) attribute.id = AttributeId{++last_attribute};
  std::ranges::stable_sort(attributes, {}, &OfferAttribute::price_eur_cents);
}

class InMemoryOffers final : public OfferRepository {
 public:
  explicit InMemoryOffers(StoreState& state) : state_(state) {}
  OfferPage search(const OfferSearch& search) override {
    std::vector<Offer> found;
    for (const auto& offer : state_.offers) {
      if (offer.status != OfferStatus::Active) continue;
      if (search.category && offer.category != *search.category) continue;
      if (search.style && offer.style != *search.style) continue;
      if (search.orientation && offer.orientation != *search.orientation) continue;
      if (search.min_price_eur_cents &&
          offer.lowest_price_eur_cents() < *search.min_price_eur_cents) {
        continue;
      }
      if (search.max_price_eur_cents &&
          offer.lowest_price_eur_cents() > *search.max_price_eur_cents) {
        continue;
      }
      if (search.search && !mentions(offer, *search.search)) continue;
      found.push_back(offer);
    }
    sort(found, search.sort);
    OfferPage page{.items = {}, .total = static_cast<int>(found.size())};
    for (int i = search.offset; i < search.offset + search.limit && i < page.total; ++i) {
      page.items.push_back(found[static_cast<std::size_t>(i)]);
    }
    return page;
  }
  std::vector<Offer> latest(int count) override {
    return search({.sort = OfferSort::NewToOld, .offset = 0, .limit = count}).items;
  }
  std::optional<Offer> find_by_url_name(std::string_view url_name) override {
    for (const auto& offer : state_.offers) {
      if (lowered(offer.url_name) == lowered(url_name)) return offer;
    }
    return std::nullopt;
  }
  std::optional<Offer> find_by_id(OfferId id) override { return row_by_id(state_.offers, id); }
  bool mark_sold_out(OfferId id) override {
    for (auto& offer : state_.offers) {
      if (offer.id == id && offer.status == OfferStatus::Active) {
        offer.status = OfferStatus::SoldOut;
        return true;
      }
    }
    return false;
  }
  bool has_categories() override { return !state_.categories.empty(); }
  // By title, each with its Active offers counted.
  std::vector<Category> categories() override {
    auto found = state_.categories;
    for (auto& category : found) {
      category.offer_count = static_cast<int>(std::ranges::count_if(state_.offers, [&](auto& o) {
        return o.category == category.url_name && o.status == OfferStatus::Active;
      }));
    }
    std::ranges::sort(found, {}, &Category::title);
    return found;
  }
  bool category_exists(std::string_view url_name) override {
    return std::ranges::any_of(state_.categories,
                               [&](const Category& c) { return c.url_name == url_name; });
  }
  void upsert_category(const Category& category) override {
    for (auto& stored : state_.categories) {
      if (stored.url_name == category.url_name) {
        stored.title = category.title;
        return;
      }
    }
    state_.categories.push_back(category);
  }
  // Assigns the offer's and its attributes' ids, and keeps the attributes cheapest first.
  std::optional<OfferId> insert(const Offer& offer) override {
    if (find_by_url_name(offer.url_name)) return std::nullopt;
    Offer stored = offer;
    number_attributes(state_, stored.attributes);
    std::vector<std::string> tags;
    for (auto& tag : stored.tags) {
      if (std::ranges::find(tags, tag) == tags.end()) tags.push_back(std::move(tag));
    }
    stored.tags = std::move(tags);
    return store_with_next_id(state_.offers, std::move(stored));
  }
  int count() override { return static_cast<int>(state_.offers.size()); }

 private:
  static std::string lowered(std::string_view text) {
    std::string lower(text);
    for (auto& c : lower) c = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    return lower;
  }
  static bool mentions(const Offer& offer, std::string_view text) {
    const auto wanted = lowered(text);
    if (lowered(offer.title).contains(wanted)) return true;
    return std::ranges::any_of(offer.tags,
                               [&](const auto& tag) { return lowered(tag).contains(wanted); });
  }
  static void sort(std::vector<Offer>& offers, OfferSort order) {
    const auto price = [](const Offer& o) { return o.lowest_price_eur_cents(); };
    std::ranges::sort(offers, [&](const Offer& a, const Offer& b) {
      switch (order) {
        case OfferSort::LowToHigh:
          return std::pair(price(a), a.id) < std::pair(price(b), b.id);
        case OfferSort::HighToLow:
          return std::pair(price(a), a.id) > std::pair(price(b), b.id);
        case OfferSort::NewToOld:
          break;
      }
      return std::pair(a.created_at, a.id) > std::pair(b.created_at, b.id);
    });
  }
  StoreState& state_;
};

class InMemorySettings final : public SettingRepository {
 public:
  explicit InMemorySettings(StoreState& state) : state_(state) {}
  std::optional<std::string> get(std::string_view key) override {
    const auto found = state_.settings.find(key);
    if (found == state_.settings.end()) return std::nullopt;
    return found->second;
  }
  void set(std::string_view key, std::string_view value) override {
    state_.settings[std::string(key)] = value;
  }

 private:
  StoreState& state_;
};

class InMemoryPayments final : public PaymentRepository {
 public:
  explicit InMemoryPayments(StoreState& state) : state_(state) {}
  PaymentId insert(const Payment& payment) override {
    const auto id = store_with_next_id(state_.payments, payment);
    state_.payment_history.emplace_back(id,
                                        PaymentStatusChange{.at = payment.created_at,
                                                            .from = std::nullopt,
                                                            .to = payment.status,
                                                            .source = PaymentChangeSource::Placed});
    return id;
  }
  std::optional<Payment> find(PaymentId id) override { return row_by_id(state_.payments, id); }
  std::optional<Payment> find_by_reference(std::string_view reference) override {
    for (const auto& payment : state_.payments) {
      if (payment.reference == reference) return payment;
    }
    return std::nullopt;
  }
  bool update_status(PaymentId id, PaymentStatus from, PaymentStatus to,
                     std::chrono::sys_seconds at, PaymentChangeSource source) override {
    for (auto& payment : state_.payments) {
      if (payment.id == id && payment.status == from) {
        payment.status = to;
        payment.settled_at = at;
        state_.payment_history.emplace_back(
            id, PaymentStatusChange{.at = at, .from = from, .to = to, .source = source});
        return true;
      }
    }
    return false;
  }
  void set_provider_payment(PaymentId id, std::string_view provider_payment) override {
    for (auto& payment : state_.payments) {
      if (payment.id == id && payment.provider_payment.empty()) {
        payment.provider_payment = provider_payment;
      }
    }
  }
  std::vector<Payment> pending_expired(std::chrono::sys_seconds now) override {
    std::vector<Payment> found;
    for (const auto& payment : state_.payments) {
      if (payment.status == PaymentStatus::Pending && payment.expires_at <= now) {
        found.push_back(payment);
      }
    }
    std::ranges::stable_sort(found, {}, &Payment::expires_at);
    return found;
  }
  std::size_t count_pending_for_user(UserId user, PaymentPurpose purpose,
                                     std::chrono::sys_seconds now) override {
    return static_cast<std::size_t>(std::ranges::count_if(state_.payments, [&](const auto& p) {
      return p.user == user && p.purpose == purpose && p.status == PaymentStatus::Pending &&
             p.expires_at > now;
    }));
  }

 private:
  StoreState& state_;
};

class InMemoryOrders final : public OrderRepository {
 public:
  explicit InMemoryOrders(StoreState& state) : state_(state) {}
  OrderId insert(const Order& order) override { return store_with_next_id(state_.orders, order); }
  std::optional<Order> find(OrderId id) override { return row_by_id(orders(), id); }
  std::optional<Order> find_by_payment(PaymentId payment) override {
    for (const auto& order : orders()) {
      if (order.payment.id == payment) return order;
    }
    return std::nullopt;
  }
  OrderPage list_for_user(UserId user, int offset, int limit) override {
    std::vector<Order> found;
    for (const auto& order : orders()) {
      if (order.payment.user == user) found.push_back(order);
    }
    std::ranges::sort(found, [](const Order& a, const Order& b) {
      return std::pair(a.payment.created_at, a.id) > std::pair(b.payment.created_at, b.id);
    });
    OrderPage page{.items = {}, .total = static_cast<int>(found.size())};
    for (int i = offset; i < offset + limit && i < page.total; ++i) {
      page.items.push_back(found[static_cast<std::size_t>(i)]);
    }
    return page;
  }
  std::vector<Order> pending_for_user(UserId user, std::chrono::sys_seconds now) override {
    std::vector<Order> found;
    for (const auto& order : orders()) {
      const auto& payment = order.payment;
      if (payment.user == user && payment.status == PaymentStatus::Pending &&
          payment.expires_at > now) {
        found.push_back(order);
      }
    }
    return found;
  }
  // Only an Active offer can be held.
  bool reserve_exclusive(OfferId offer, OrderId order) override {
    const bool active = std::ranges::any_of(state_.offers, [&](const Offer& o) {
      return o.id == offer && o.status == OfferStatus::Active;
    });
    return active && state_.reservations.emplace(offer.value, order.value).second;
  }
  void release_reservations(OrderId order) override {
    std::erase_if(state_.reservations,
                  [&](const auto& held) { return held.second == order.value; });
  }

  // The stored orders, each with its payment as it stands now, as a join would read them.
  std::vector<Order> orders() const {
    std::vector<Order> joined;
    for (auto order : state_.orders) {
      for (const auto& payment : state_.payments) {
        if (payment.id == order.payment.id) order.payment = payment;
      }
      joined.push_back(std::move(order));
    }
    return joined;
  }

 private:
  StoreState& state_;
};

class InMemoryLedger final : public Ledger {
 public:
  explicit InMemoryLedger(StoreState& state) : state_(state) {}
  void post(const Posting& posting) override {
    state_.posting_times.emplace(posting.reference(), posting.at());
    for (const auto& entry : posting.entries()) {
      state_.ledger.emplace_back(posting.reference(), entry);
    }
  }
  std::int64_t customer_balance(UserId user) override {
    std::int64_t balance = 0;
    for (const auto& [reference, entry] : state_.ledger) {
      if (entry.account != LedgerAccount::customer(user)) continue;
      balance += entry.side == Side::Credit ? entry.amount_micro_eur : -entry.amount_micro_eur;
    }
    return balance;
  }
  std::vector<LedgerEntry> entries(std::string_view reference) override {
    std::vector<LedgerEntry> found;
    for (const auto& [name, entry] : state_.ledger) {
      if (name == reference) found.push_back(entry);
    }
    return found;
  }

 private:
  StoreState& state_;
};

class InMemoryGiftCards final : public GiftCardRepository {
 public:
  explicit InMemoryGiftCards(StoreState& state) : state_(state) {}
  std::optional<GiftCardId> insert(const GiftCard& card) override {
    if (find_by_digest(card.number_digest)) return std::nullopt;
    return store_with_next_id(state_.gift_cards, card);
  }
  std::optional<GiftCard> find(GiftCardId id) override { return row_by_id(state_.gift_cards, id); }
  std::optional<GiftCard> find_by_digest(std::string_view digest) override {
    const auto found = std::ranges::find(state_.gift_cards, digest, &GiftCard::number_digest);
    if (found == state_.gift_cards.end()) return std::nullopt;
    return *found;
  }
  std::vector<GiftCard> list_for_order(OrderId order) override {
    std::vector<GiftCard> found;
    for (const auto& card : state_.gift_cards) {
      if (card.order == order) found.push_back(card);
    }
    std::ranges::stable_sort(found, {}, &GiftCard::issued_at);
    return found;
  }
  bool redeem(std::string_view digest, UserId by, std::chrono::sys_seconds at) override {
    const auto card = std::ranges::find(state_.gift_cards, digest, &GiftCard::number_digest);
    if (card == state_.gift_cards.end() || card->redeemed_by || card->voided_at) return false;
    card->redeemed_by = by;
    card->redeemed_at = at;
    return true;
  }
  bool void_card(GiftCardId id, std::chrono::sys_seconds at) override {
    const auto card = std::ranges::find(state_.gift_cards, id, &GiftCard::id);
    if (card == state_.gift_cards.end() || card->redeemed_by || card->voided_at) return false;
    card->voided_at = at;
    return true;
  }
  bool unvoid_card(GiftCardId id) override {
    const auto card = std::ranges::find(state_.gift_cards, id, &GiftCard::id);
    if (card == state_.gift_cards.end() || !card->voided_at) return false;
    card->voided_at.reset();
    return true;
  }
  GiftCardPage search(const GiftCardQuery& query) override {
    std::vector<GiftCard> matching;
    for (const auto& card : state_.gift_cards) {
      if (matches(query, card, email_of(card.buyer))) matching.push_back(card);
    }
    newest_first(matching, &GiftCard::issued_at);
    GiftCardPage page{.items = {}, .total = std::ssize(matching)};
    for (auto& card : matching | std::views::drop(query.offset) | std::views::take(query.limit)) {
      page.items.push_back({.card = card,
                            .buyer_email = email_of(card.buyer),
                            .issuer_email = email_of(card.issued_by)});
    }
    return page;
  }
  void record_goodwill_issue(UserId staff, std::string_view key,
                             const GoodwillIssue& issue) override {
    state_.goodwill_issues.try_emplace({staff.value, std::string(key)}, issue);
  }
  std::optional<GoodwillIssue> find_goodwill_issue(UserId staff, std::string_view key) override {
    const auto found = state_.goodwill_issues.find({staff.value, std::string(key)});
    if (found == state_.goodwill_issues.end()) return std::nullopt;
    return found->second;
  }

 private:
  std::optional<std::string> email_of(std::optional<UserId> user) const {
    if (!user) return std::nullopt;
    const auto account = row_by_id(state_.accounts, *user);
    if (!account) return std::nullopt;
    return account->email;
  }

  StoreState& state_;
};

class InMemoryArtworks final : public ArtworkRepository {
 public:
  explicit InMemoryArtworks(StoreState& state) : state_(state) {}
  ArtworkId add(const Artwork& artwork) override {
    return store_with_next_id(state_.artworks, artwork);
  }
  std::optional<Artwork> find(ArtworkId id) override {
    if (state_.revoked_artworks.contains(id.value)) return std::nullopt;
    return row_by_id(state_.artworks, id);
  }
  std::vector<Artwork> list_for_user(UserId owner) override {
    std::vector<Artwork> found;
    for (const auto& artwork : state_.artworks) {
      if (state_.revoked_artworks.contains(artwork.id.value)) continue;
      if (artwork.owner == owner) found.push_back(artwork);
    }
    newest_first(found, &Artwork::acquired_at);
    return found;
  }
  std::optional<std::string> rendered(OfferId offer, int long_edge, ImageFormat format) override {
    const auto found = state_.rendered_artworks.find({offer.value, long_edge, format});
    if (found == state_.rendered_artworks.end()) return std::nullopt;
    return found->second;
  }
  void remember_rendered(OfferId offer, int long_edge, ImageFormat format,
                         std::string_view key) override {
    state_.rendered_artworks.try_emplace({offer.value, long_edge, format}, key);
  }

 private:
  StoreState& state_;
};

class InMemoryPaymentEvents final : public PaymentEventRepository {
 public:
  explicit InMemoryPaymentEvents(StoreState& state) : state_(state) {}
  bool record(const PaymentEvent& event, std::chrono::sys_seconds at) override {
    if (std::ranges::any_of(state_.payment_events, [&](const auto& recorded) {
          return recorded.first.event_id == event.event_id;
        })) {
      return false;
    }
    state_.payment_events.emplace_back(event, at);
    return true;
  }

 private:
  StoreState& state_;
};

class InMemoryIdempotency final : public IdempotencyRepository {
 public:
  explicit InMemoryIdempotency(StoreState& state) : state_(state) {}
  std::optional<IdempotencyRecord> find(UserId user, std::string_view key,
                                        std::chrono::sys_seconds since) override {
    for (const auto& record : state_.idempotency) {
      if (record.user == user && record.key == key && record.created_at > since) return record;
    }
    return std::nullopt;
  }
  bool insert(const IdempotencyRecord& record) override {
    for (const auto& existing : state_.idempotency) {
      if (existing.user == record.user && existing.key == record.key) return false;
    }
    state_.idempotency.push_back(record);
    return true;
  }
  bool complete(const IdempotencyRecord& record) override {
    for (auto& existing : state_.idempotency) {
      // Whatever its state: the owner may store its outcome inside the effect's transaction
      // and overwrite it with the final one afterwards.
      if (existing.user == record.user && existing.key == record.key &&
          existing.created_at == record.created_at) {
        existing.state = record.state;
        existing.outcome = record.outcome;
        return true;
      }
    }
    return false;
  }
  void remove(UserId user, std::string_view key) override {
    std::erase_if(state_.idempotency,
                  [&](const auto& record) { return record.user == user && record.key == key; });
  }
  void prune(std::chrono::sys_seconds before) override {
    std::erase_if(state_.idempotency,
                  [&](const auto& record) { return record.created_at < before; });
  }

 private:
  StoreState& state_;
};

class InMemoryGeneratedImages final : public GeneratedImageRepository {
 public:
  explicit InMemoryGeneratedImages(StoreState& state) : state_(state) {}
  GeneratedImageId add(const GeneratedImage& image) override {
    return store_with_next_id(state_.generated_images, image);
  }
  std::optional<GeneratedImage> find(GeneratedImageId id) override {
    return row_by_id(state_.generated_images, id);
  }
  GeneratedImagePage list_for_user(UserId owner, int offset, int limit) override {
    std::vector<GeneratedImage> found;
    for (const auto& image : state_.generated_images) {
      if (image.owner == owner) found.push_back(image);
    }
    newest_first(found, &GeneratedImage::created_at);
    GeneratedImagePage page{.items = {}, .total = static_cast<int>(found.size())};
    for (int i = offset; i < offset + limit && i < page.total; ++i) {
      page.items.push_back(found[static_cast<std::size_t>(i)]);
    }
    return page;
  }
  int count_free_since(UserId owner, std::chrono::sys_seconds since) override {
    return static_cast<int>(std::ranges::count_if(state_.generated_images, [&](const auto& image) {
      return image.owner == owner && image.price_eur_cents == 0 && image.created_at >= since;
    }));
  }

 private:
  StoreState& state_;
};

class InMemorySupportTickets final : public SupportTicketRepository {
 public:
  explicit InMemorySupportTickets(StoreState& state) : state_(state) {}
  std::optional<SupportTicketId> insert(const SupportTicket& ticket) override {
    if (find_by_reference(ticket.reference)) return std::nullopt;
    const auto id = store_with_next_id(state_.support_tickets, ticket);
    add_message(
        id,
        {.at = ticket.created_at, .author = TicketAuthor::Customer, .body = ticket.description});
    return id;
  }
  std::optional<SupportTicket> find_by_reference(std::string_view reference) override {
    for (const auto& ticket : state_.support_tickets) {
      if (ticket.reference == reference) return ticket;
    }
    return std::nullopt;
  }
  std::vector<SupportTicket> take_unqueued(std::chrono::sys_seconds since,
                                           std::chrono::sys_seconds now) override {
    std::vector<SupportTicket> unqueued;
    for (auto& ticket : state_.support_tickets) {
      if (ticket.created_at < since || (ticket.confirmation_sent_at && ticket.notice_sent_at)) {
        continue;
      }
      unqueued.push_back(ticket);
      if (!ticket.confirmation_sent_at) ticket.confirmation_sent_at = now;
      if (!ticket.notice_sent_at) ticket.notice_sent_at = now;
    }
    std::ranges::stable_sort(unqueued, {}, &SupportTicket::created_at);
    return unqueued;
  }
  std::optional<DeskTicket> find(SupportTicketId id) override {
    const auto ticket = row_by_id(state_.support_tickets, id);
    if (!ticket) return std::nullopt;
    return desk_ticket(*ticket);
  }
  TicketPage search(const TicketQuery& query) override {
    std::vector<DeskTicket> matching;
    for (const auto& ticket : state_.support_tickets) {
      if (matches(query, ticket)) matching.push_back(desk_ticket(ticket));
    }
    const auto key = [&](const DeskTicket& row) {
      const auto time =
          query.sort == TicketSort::LastMessageFirst ? row.last_message_at : row.ticket.created_at;
      return std::pair(time, row.ticket.id);
    };
    std::ranges::sort(matching, [&](const DeskTicket& a, const DeskTicket& b) {
      return query.sort == TicketSort::OldestFirst ? key(a) < key(b) : key(a) > key(b);
    });
    TicketPage page{.items = {}, .total = std::ssize(matching)};
    for (auto i = std::size_t(query.offset);
         i < matching.size() && std::ssize(page.items) < query.limit; ++i) {
      page.items.push_back(matching[i]);
    }
    return page;
  }
  std::vector<TicketMessage> messages(SupportTicketId id) override {
    std::vector<TicketMessage> found;
    for (const auto& [ticket, message] : state_.ticket_messages) {
      if (ticket != id) continue;
      found.push_back(message);
      if (message.staff) found.back().staff_email = email_of(*message.staff);
    }
    std::ranges::stable_sort(found, {}, &TicketMessage::at);
    return found;
  }
  TicketMessageId add_message(SupportTicketId id, const TicketMessage& message) override {
    auto stored = message;
    stored.id = TicketMessageId{std::ssize(state_.ticket_messages) + 1};
    stored.staff_email.clear();
    state_.ticket_messages.emplace_back(id, stored);
    return stored.id;
  }
  void set_status(SupportTicketId id, TicketStatus status) override {
    if (auto* found = ticket(id)) found->status = status;
  }
  void set_assignee(SupportTicketId id, std::optional<UserId> assignee) override {
    if (auto* found = ticket(id)) found->assignee = assignee;
  }

 private:
  SupportTicket* ticket(SupportTicketId id) {
    const auto found = std::ranges::find(state_.support_tickets, id, &SupportTicket::id);
    return found == state_.support_tickets.end() ? nullptr : &*found;
  }
  std::string email_of(UserId user) const {
    const auto account = row_by_id(state_.accounts, user);
    return account ? account->email : std::string();
  }
  DeskTicket desk_ticket(const SupportTicket& ticket) const {
    DeskTicket row{.ticket = ticket,
                   .assignee_email = ticket.assignee ? email_of(*ticket.assignee) : "",
                   .last_message_at = ticket.created_at};
    for (const auto& [id, message] : state_.ticket_messages) {
      if (id == ticket.id) row.last_message_at = std::max(row.last_message_at, message.at);
    }
    return row;
  }
  static bool matches(const TicketQuery& query, const SupportTicket& ticket) {
    if (query.status && ticket.status != *query.status) return false;
    if (query.type && ticket.type != *query.type) return false;
    if (query.unassigned && ticket.assignee) return false;
    if (query.assignee && ticket.assignee != query.assignee) return false;
    if (query.account && ticket.account != query.account) return false;
    if (!query.text) return true;
    return ticket.reference == text::to_upper_ascii(*query.text) ||
           ticket.email.find(text::to_lower_ascii(*query.text)) != std::string::npos;
  }

  StoreState& state_;
};

class InMemoryMailOutbox final : public MailOutbox {
 public:
  explicit InMemoryMailOutbox(StoreState& state) : state_(state) {}
  void enqueue(const EmailMessage& message, std::chrono::sys_seconds now,
               std::string_view about) override {
    state_.mail_outbox.push_back({.mail = {.id = OutboxMailId{++state_.last_mail_id},
                                           .message = message,
                                           .attempts = 0,
                                           .created_at = now},
                                  .state = OutboxMailState::Queued,
                                  .next_attempt_at = now,
                                  .last_error = {},
                                  .about = std::string(about)});
  }
  std::vector<OutboxMail> claim_due(std::chrono::sys_seconds now,
                                    std::chrono::sys_seconds claimed_until, int limit) override {
    std::vector<StoreState::QueuedMail*> due;
    for (auto& queued : state_.mail_outbox) {
      if (queued.state == OutboxMailState::Queued && queued.next_attempt_at <= now) {
        due.push_back(&queued);
      }
    }
    std::ranges::stable_sort(due, {}, [](const auto* q) { return q->next_attempt_at; });
    std::vector<OutboxMail> claimed;
    for (auto* queued : due | std::views::take(limit)) {
      queued->next_attempt_at = claimed_until;
      claimed.push_back(queued->mail);
    }
    std::ranges::sort(claimed, {}, &OutboxMail::id);
    return claimed;
  }
  void mark_sent(OutboxMailId id) override {
    for (auto* queued : pending(id)) {
      queued->state = OutboxMailState::Sent;
      queued->mail.message.text_body.clear();
    }
    std::erase_if(state_.mail_outbox, [id](const auto& queued) {
      return queued.mail.id == id && queued.about.empty();
    });
  }
  void reschedule(OutboxMailId id, int attempts, std::chrono::sys_seconds next_attempt_at,
                  std::string_view error) override {
    for (auto* queued : pending(id)) {
      queued->mail.attempts = attempts;
      queued->next_attempt_at = next_attempt_at;
      queued->last_error = error;
    }
  }
  void mark_dead(OutboxMailId id, int attempts, std::string_view error) override {
    for (auto* queued : pending(id)) {
      queued->state = OutboxMailState::Failed;
      queued->mail.attempts = attempts;
      queued->mail.message.text_body.clear();
      queued->last_error = error;
    }
  }
  MailOutboxCounts counts() override {
    MailOutboxCounts counts;
    for (const auto& queued : state_.mail_outbox) {
      if (queued.state == OutboxMailState::Failed) ++counts.dead;
      if (queued.state == OutboxMailState::Queued) ++counts.pending;
    }
    return counts;
  }

 private:
  // The pending mail `id`, or nothing (it was sent or given up meanwhile).
  std::vector<StoreState::QueuedMail*> pending(OutboxMailId id) {
    std::vector<StoreState::QueuedMail*> found;
    for (auto& queued : state_.mail_outbox) {
      if (queued.state == OutboxMailState::Queued && queued.mail.id == id) {
        found.push_back(&queued);
      }
    }
    return found;
  }
  StoreState& state_;
};

class InMemoryLeases final : public LeaseRepository {
 public:
  explicit InMemoryLeases(StoreState& state) : state_(state) {}
  bool take(std::string_view chore, std::string_view holder, std::chrono::sys_seconds now,
            std::chrono::sys_seconds until) override {
    const auto held = state_.leases.find(chore);
    if (held != state_.leases.end() && held->second.expires_at > now &&
        held->second.holder != holder) {
      return false;
    }
    state_.leases.insert_or_assign(std::string(chore),
                                   StoreState::Lease{std::string(holder), until});
    return true;
  }
  void release(std::string_view chore, std::string_view holder) override {
    const auto held = state_.leases.find(chore);
    if (held != state_.leases.end() && held->second.holder == holder) state_.leases.erase(held);
  }

 private:
  StoreState& state_;
};

class InMemoryStaff final : public StaffRepository {
 public:
  explicit InMemoryStaff(StoreState& state) : state_(state) {}
  bool insert(UserId member, StaffRole role, StaffStatus status,
              std::chrono::sys_seconds created_at) override {
    if (find(member)) return false;
    state_.staff.push_back({.id = member,
                            .email = {},
                            .role = role,
                            .status = status,
                            .created_at = created_at,
                            .last_sign_in_at = std::nullopt});
    return true;
  }
  std::optional<StaffMember> find(UserId member) override {
    auto found = row_by_id(state_.staff, member);
    if (found) found->email = email_of(member);
    return found;
  }
  std::vector<StaffMember> list() override {
    std::vector<StaffMember> members;
    for (const auto& member : state_.staff) members.push_back(*find(member.id));
    std::ranges::sort(members, {}, &StaffMember::email);
    return members;
  }
  void update(UserId member, StaffRole role, StaffStatus status) override {
    for (auto& row : state_.staff) {
      if (row.id != member) continue;
      row.role = role;
      row.status = status;
    }
  }
  void record_sign_in(UserId member, std::chrono::sys_seconds at) override {
    for (auto& row : state_.staff) {
      if (row.id == member) row.last_sign_in_at = at;
    }
  }
  int count_active_owners() override {
    return static_cast<int>(std::ranges::count_if(state_.staff, [](const StaffMember& m) {
      return m.role == StaffRole::Owner && m.status == StaffStatus::Active;
    }));
  }
  std::optional<StaffSecondFactor> second_factor(UserId member) override {
    for (const auto& factor : state_.second_factors) {
      if (factor.member == member) return factor;
    }
    return std::nullopt;
  }
  void replace_second_factor(const StaffSecondFactor& factor,
                             const std::vector<std::string>& digests) override {
    remove_second_factor(factor.member);
    state_.second_factors.push_back(factor);
    for (const auto& digest : digests) state_.recovery_codes.emplace(factor.member.value, digest);
  }
  bool advance_step(UserId member, std::uint64_t step) override {
    for (auto& factor : state_.second_factors) {
      if (factor.member != member) continue;
      if (factor.last_used_step && *factor.last_used_step >= step) return false;
      factor.last_used_step = step;
      return true;
    }
    return false;
  }
  bool use_recovery_code(UserId member, std::string_view digest) override {
    return state_.recovery_codes.erase({member.value, std::string(digest)}) > 0;
  }
  void remove_second_factor(UserId member) override {
    std::erase_if(state_.second_factors, [&](const auto& f) { return f.member == member; });
    std::erase_if(state_.recovery_codes,
                  [&](const auto& code) { return code.first == member.value; });
  }
  void replace_setup_link(const StaffSetupLink& link) override {
    remove_setup_links(link.member);
    state_.setup_links.push_back(link);
  }
  std::optional<StaffSetupLink> find_setup_link(std::string_view digest) override {
    for (const auto& link : state_.setup_links) {
      if (link.token_digest == digest) return link;
    }
    return std::nullopt;
  }
  bool keep_setup_secret(std::string_view digest, std::string_view sealed) override {
    for (auto& link : state_.setup_links) {
      if (link.token_digest != digest || !link.sealed_secret.empty()) continue;
      link.sealed_secret = sealed;
      return true;
    }
    return false;
  }
  void remove_setup_links(UserId member) override {
    std::erase_if(state_.setup_links, [&](const auto& link) { return link.member == member; });
  }
  void insert_session(const StaffSession& session) override {
    state_.staff_sessions.push_back(session);
  }
  std::optional<StaffSession> find_session(std::string_view digest) override {
    for (const auto& session : state_.staff_sessions) {
      if (session.token_digest == digest) return session;
    }
    return std::nullopt;
  }
  void touch_session(std::string_view digest, std::chrono::sys_seconds at) override {
    for (auto& session : state_.staff_sessions) {
      if (session.token_digest == digest) session.last_seen_at = at;
    }
  }
  void end_session(std::string_view digest) override {
    std::erase_if(state_.staff_sessions, [&](const auto& s) { return s.token_digest == digest; });
  }
  void end_sessions(UserId member) override {
    std::erase_if(state_.staff_sessions, [&](const auto& s) { return s.member == member; });
  }

 private:
  std::string email_of(UserId member) const {
    const auto account = row_by_id(state_.accounts, member);
    return account ? account->email : std::string();
  }
  StoreState& state_;
};

// Newest first, each filter as the SQL applies it.
class InMemoryAuditLog final : public AuditLog {
 public:
  explicit InMemoryAuditLog(StoreState& state) : state_(state) {}
  std::int64_t append(const AuditRecord& record) override {
    return store_with_next_id(state_.audit_log, record);
  }
  AuditPage list(const AuditQuery& query) override {
    std::vector<AuditRecord> matching;
    for (const auto& record : state_.audit_log) {
      if (query.actor_email && record.actor_email != *query.actor_email) continue;
      if (query.action && record.action != *query.action) continue;
      if (query.from && record.at < *query.from) continue;
      if (query.until && record.at >= *query.until) continue;
      matching.push_back(record);
    }
    newest_first(matching, &AuditRecord::at);
    AuditPage page{.items = {}, .total = std::ssize(matching)};
    for (const auto& record :
         matching | std::views::drop(query.offset) | std::views::take(query.limit)) {
      page.items.push_back(record);
    }
    return page;
  }

 private:
  StoreState& state_;
};

class InMemoryRefunds final : public RefundRepository {
 public:
  explicit InMemoryRefunds(StoreState& state) : state_(state) {}
  std::optional<RefundId> insert(const Refund& refund) override {
    if (!refund.idempotency_key.empty() && find_by_key(refund.order, refund.idempotency_key)) {
      return std::nullopt;
    }
    return store_with_next_id(state_.refunds, refund);
  }
  bool claim_items(const Refund& refund) override {
    auto claimed = state_.refunded_items;
    const auto claim = [&](std::string kind, std::int64_t item) {
      return claimed.emplace(std::tuple(refund.order.value, std::move(kind), item), refund.id.value)
          .second;
    };
    for (const int line : refund.lines) {
      if (!claim("line", line)) return false;
    }
    for (const auto card : refund.gift_cards) {
      if (!claim("gift-card", card)) return false;
    }
    state_.refunded_items = std::move(claimed);
    return true;
  }
  void release_items(RefundId refund) override {
    std::erase_if(state_.refunded_items,
                  [&](const auto& item) { return item.second == refund.value; });
  }
  bool add_refunded(OrderId order, std::int64_t amount_minor) override {
    for (auto& stored : state_.orders) {
      if (stored.id != order) continue;
      const auto refunded = stored.refunded_minor + amount_minor;
      if (refunded > stored.payment.amount_minor || refunded < 0) return false;
      stored.refunded_minor = refunded;
      return true;
    }
    return false;
  }
  std::optional<Refund> find(RefundId id) override { return row_by_id(state_.refunds, id); }
  std::optional<Refund> find_by_key(OrderId order, std::string_view key) override {
    for (const auto& refund : state_.refunds) {
      if (refund.order == order && refund.idempotency_key == key) return refund;
    }
    return std::nullopt;
  }
  std::vector<Refund> list_for_order(OrderId order) override {
    std::vector<Refund> found;
    for (const auto& refund : state_.refunds) {
      if (refund.order == order) found.push_back(refund);
    }
    return found;
  }
  bool update_status(RefundId id, RefundStatus from, RefundStatus to) override {
    for (auto& refund : state_.refunds) {
      if (refund.id == id && refund.status == from) {
        refund.status = to;
        return true;
      }
    }
    return false;
  }
  void set_provider_reference(RefundId id, std::string_view provider_reference) override {
    for (auto& refund : state_.refunds) {
      if (refund.id == id) refund.provider_reference = provider_reference;
    }
  }
  std::vector<Refund> pending_before(std::chrono::sys_seconds before, int limit) override {
    std::vector<Refund> found;
    for (const auto& refund : state_.refunds) {
      if (std::ssize(found) < limit && refund.status == RefundStatus::Pending &&
          refund.source == RefundSource::Staff && refund.at <= before) {
        found.push_back(refund);
      }
    }
    return found;
  }
  void revoke_artworks(OrderId order, std::span<const AttributeId> attributes,
                       bool revoked) override {
    for (const auto& artwork : state_.artworks) {
      if (artwork.order != order ||
          std::ranges::find(attributes, artwork.attribute) == attributes.end()) {
        continue;
      }
      if (revoked) {
        state_.revoked_artworks.insert(artwork.id.value);
      } else {
        state_.revoked_artworks.erase(artwork.id.value);
      }
    }
  }
  bool return_to_sale(OfferId offer) override {
    for (auto& stored : state_.offers) {
      if (stored.id == offer && stored.status == OfferStatus::SoldOut) {
        stored.status = OfferStatus::Active;
        return true;
      }
    }
    return false;
  }

 private:
  StoreState& state_;
};

class InMemoryStaffOrderReads final : public StaffOrderReads {
 public:
  explicit InMemoryStaffOrderReads(StoreState& state) : state_(state) {}
  StaffOrderPage search(const OrderSearchQuery& query) override {
    std::vector<StaffOrderRow> found;
    InMemoryOrders orders(state_);
    for (const auto& stored : state_.orders) {
      auto order = *orders.find(stored.id);
      const auto& payment = order.payment;
      const auto buyer = row_by_id(state_.accounts, payment.user);
      const auto email = buyer ? buyer->email : std::string();
      if (query.id && order.id != *query.id) continue;
      if (query.reference && payment.reference != *query.reference) continue;
      if (query.email && email != *query.email) continue;
      if (query.status && payment.status != *query.status) continue;
      if (query.refund &&
          refund_standing(order.refunded_minor, payment.amount_minor) != *query.refund) {
        continue;
      }
      if (query.from && payment.created_at < *query.from) continue;
      if (query.until && payment.created_at >= *query.until) continue;
      if (query.currency && payment.currency != *query.currency) continue;
      if (query.min_minor && payment.amount_minor < *query.min_minor) continue;
      if (query.max_minor && payment.amount_minor > *query.max_minor) continue;
      found.push_back({.order = std::move(order), .email = email});
    }
    const auto key = [&](const StaffOrderRow& row) {
      const auto& payment = row.order.payment;
      const bool by_total =
          query.sort == OrderSort::Total || query.sort == OrderSort::TotalDescending;
      return std::tuple(
          by_total ? payment.amount_minor : payment.created_at.time_since_epoch().count(),
          row.order.id.value);
    };
    const bool descending =
        query.sort == OrderSort::CreatedAtDescending || query.sort == OrderSort::TotalDescending;
    std::ranges::sort(found, [&](const StaffOrderRow& a, const StaffOrderRow& b) {
      return descending ? key(a) > key(b) : key(a) < key(b);
    });
    StaffOrderPage page{.items = {}, .total = std::ssize(found)};
    for (auto i = static_cast<std::ptrdiff_t>(query.offset);
         i < query.offset + query.limit && i < page.total; ++i) {
      page.items.push_back(found[static_cast<std::size_t>(i)]);
    }
    return page;
  }
  std::vector<PostingRecord> postings(std::span<const std::string> references) override {
    std::vector<PostingRecord> found;
    for (const auto& reference : references) {
      const auto at = state_.posting_times.find(reference);
      if (at == state_.posting_times.end()) continue;
      PostingRecord record{.reference = reference, .at = at->second, .entries = {}};
      for (const auto& [name, entry] : state_.ledger) {
        if (name == reference) record.entries.push_back(entry);
      }
      found.push_back(std::move(record));
    }
    std::ranges::stable_sort(found, {}, &PostingRecord::at);
    return found;
  }
  std::vector<OrderArtwork> artworks_of(OrderId order) override {
    std::vector<OrderArtwork> found;
    for (const auto& artwork : state_.artworks) {
      if (artwork.order != order) continue;
      found.push_back({.artwork = artwork,
                       .downloadable = !state_.revoked_artworks.contains(artwork.id.value)});
    }
    return found;
  }
  std::vector<PaymentStatusChange> payment_history(PaymentId payment) override {
    std::vector<PaymentStatusChange> found;
    for (const auto& [id, change] : state_.payment_history) {
      if (id == payment) found.push_back(change);
    }
    return found;
  }
  std::vector<WebhookEventRecord> webhook_events(std::string_view payment_reference) override {
    std::vector<WebhookEventRecord> found;
    for (const auto& [event, at] : state_.payment_events) {
      if (!payment_reference.empty() && event.reference == payment_reference) {
        found.push_back({.event_id = event.event_id, .kind = event.kind, .received_at = at});
      }
    }
    std::ranges::stable_sort(found, {}, &WebhookEventRecord::received_at);
    return found;
  }
  std::vector<OutboxMailRecord> mails_about(std::string_view about) override {
    std::vector<OutboxMailRecord> found;
    for (const auto& queued : state_.mail_outbox) {
      if (about.empty() || queued.about != about) continue;
      found.push_back({.at = queued.mail.created_at,
                       .to = queued.mail.message.to,
                       .subject = queued.mail.message.subject,
                       .state = queued.state});
    }
    return found;
  }

 private:
  StoreState& state_;
};

// The back office's customers as the SQL reads them: the search's matches, live logins,
// tickets, and the balance entry by entry with the balance after each.
class InMemoryCustomerRecords final : public CustomerRecords {
 public:
  explicit InMemoryCustomerRecords(StoreState& state) : state_(state) {}
  CustomerPage search(const CustomerQuery& query) override {
    std::vector<CustomerRow> matching;
    for (const auto& account : state_.accounts) {
      if (query.text && !matches(account, *query.text)) continue;
      matching.push_back(row_of(account));
    }
    if (query.sort == CustomerSort::Email) {
      std::ranges::sort(matching, {}, &CustomerRow::email);
    } else {
      newest_first(matching, &CustomerRow::created_at);
    }
    CustomerPage page{.items = {}, .total = std::ssize(matching)};
    for (auto& row : matching | std::views::drop(query.offset) | std::views::take(query.limit)) {
      page.items.push_back(row);
    }
    return page;
  }
  std::optional<CustomerRow> find(UserId customer) override {
    const auto account = row_by_id(state_.accounts, customer);
    if (!account) return std::nullopt;
    return row_of(*account);
  }
  bool set_locked(UserId customer, std::optional<std::chrono::sys_seconds> at) override {
    for (auto& account : state_.accounts) {
      if (account.id != customer) continue;
      account.locked_at = at;
      return true;
    }
    return false;
  }
  std::vector<CustomerSession> live_sessions(UserId customer,
                                             std::chrono::sys_seconds now) override {
    std::map<std::string, CustomerSession> families;
    for (const auto& [digest, record] : state_.refresh_tokens) {
      if (record.user != customer || record.revoked) continue;
      const auto issued = state_.token_issued_at.at(digest);
      auto [found, added] =
          families.try_emplace(record.family, CustomerSession{.family = record.family,
                                                              .signed_in_at = issued,
                                                              .last_used_at = issued,
                                                              .expires_at = record.expires_at});
      auto& session = found->second;
      session.signed_in_at = std::min(session.signed_in_at, issued);
      session.last_used_at = std::max(session.last_used_at, issued);
      session.expires_at = std::max(session.expires_at, record.expires_at);
    }
    std::vector<CustomerSession> live;
    for (const auto& [family, session] : families) {
      if (session.expires_at > now) live.push_back(session);
    }
    std::ranges::sort(live, [](const CustomerSession& a, const CustomerSession& b) {
      return std::pair(b.last_used_at, a.family) < std::pair(a.last_used_at, b.family);
    });
    return live;
  }
  std::vector<CustomerTicket> tickets(UserId customer, std::string_view email) override {
    std::vector<CustomerTicket> found;
    for (const auto& ticket : state_.support_tickets) {
      if (ticket.account != customer && ticket.email != email) continue;
      found.push_back({.id = ticket.id.value,
                       .reference = ticket.reference,
                       .type = std::string(name(ticket.type)),
                       .description = ticket.description,
                       .created_at = ticket.created_at,
                       .status = std::string(name_of(ticket.status))});
    }
    newest_first(found, &CustomerTicket::created_at);
    return found;
  }
  CustomerLedgerPage ledger(UserId customer, int offset, int limit) override {
    std::vector<CustomerLedgerLine> lines;
    std::int64_t balance = 0;
    for (const auto& [reference, entry] : state_.ledger) {
      if (entry.account != LedgerAccount::customer(customer)) continue;
      const auto amount =
          entry.side == Side::Credit ? entry.amount_micro_eur : -entry.amount_micro_eur;
      balance += amount;
      lines.push_back({.reference = reference,
                       .at = state_.posting_times.at(reference),
                       .amount_micro_eur = amount,
                       .balance_after_micro_eur = balance});
    }
    std::ranges::reverse(lines);
    CustomerLedgerPage page{.items = {}, .total = std::ssize(lines)};
    for (auto& line : lines | std::views::drop(offset) | std::views::take(limit)) {
      page.items.push_back(line);
    }
    return page;
  }
  BalanceAdjustmentId insert_adjustment(const BalanceAdjustment& adjustment) override {
    return store_with_next_id(state_.balance_adjustments, adjustment);
  }
  std::optional<BalanceAdjustment> find_adjustment(BalanceAdjustmentId id) override {
    return row_by_id(state_.balance_adjustments, id);
  }
  std::optional<BalanceAdjustment> find_adjustment_by_key(UserId staff,
                                                          std::string_view key) override {
    for (const auto& adjustment : state_.balance_adjustments) {
      if (adjustment.staff == staff && adjustment.idempotency_key == key) return adjustment;
    }
    return std::nullopt;
  }

 private:
  static bool matches(const Account& account, std::string_view text) {
    const auto starts = [&](const std::string& name) {
      return text::to_lower_ascii(name).starts_with(text);
    };
    return account.email.find(text) != std::string::npos || starts(account.first_name) ||
           starts(account.last_name);
  }
  CustomerRow row_of(const Account& account) {
    return {.id = account.id,
            .email = account.email,
            .first_name = account.first_name,
            .last_name = account.last_name,
            .created_at = account.created_at,
            .locked_at = account.locked_at,
            .balance_micro_eur = InMemoryLedger(state_).customer_balance(account.id),
            .billing = account.billing};
  }
  StoreState& state_;
};

// The dashboard's sums and the exports' pages as the SQL makes them. An entry's id is its
// place in the ledger, counted from 1.
class InMemorySalesReports final : public SalesReports {
 public:
  explicit InMemorySalesReports(StoreState& state) : state_(state) {}
  std::vector<LedgerDaySum> ledger_by_day(std::chrono::sys_days first,
                                          std::chrono::sys_days end) override {
    std::map<std::tuple<std::chrono::sys_days, PostingKind, LedgerAccountKind, Side>, std::int64_t>
        sums;
    for (const auto& [reference, entry] : state_.ledger) {
      const auto day = std::chrono::floor<std::chrono::days>(state_.posting_times.at(reference));
      if (day < first || day >= end) continue;
      sums[{day, posting_kind_of(reference), entry.account.kind, entry.side}] +=
          entry.amount_micro_eur;
    }
    std::vector<LedgerDaySum> found;
    for (const auto& [key, amount] : sums) {
      const auto& [day, kind, account, side] = key;
      found.push_back({.day = day,
                       .posting = kind,
                       .account = account,
                       .side = side,
                       .amount_micro_eur = amount});
    }
    return found;
  }
  std::vector<StatusCount> orders_by_status() override {
    std::map<std::string_view, StatusCount> counts;
    for (const auto& order : InMemoryOrders(state_).orders()) {
      auto& count = counts[name(order.payment.status)];
      count.status = order.payment.status;
      ++count.count;
    }
    std::vector<StatusCount> found;
    for (const auto& [status, count] : counts) found.push_back(count);
    return found;
  }
  std::int64_t accounts_created_since(std::chrono::sys_seconds since) override {
    return std::ranges::count_if(
        state_.accounts, [&](const Account& account) { return account.created_at >= since; });
  }
  std::int64_t tickets_since(std::chrono::sys_seconds since) override {
    return std::ranges::count_if(state_.support_tickets, [&](const SupportTicket& ticket) {
      return ticket.created_at >= since;
    });
  }
  std::int64_t open_tickets() override {
    return std::ranges::count_if(state_.support_tickets, [](const SupportTicket& ticket) {
      return ticket.status != TicketStatus::Closed;
    });
  }
  std::optional<std::chrono::sys_seconds> oldest_open_ticket() override {
    std::optional<std::chrono::sys_seconds> oldest;
    for (const auto& ticket : state_.support_tickets) {
      if (ticket.status == TicketStatus::Closed) continue;
      if (!oldest || ticket.created_at < *oldest) oldest = ticket.created_at;
    }
    return oldest;
  }
  std::vector<OrderExportRow> orders_after(OrderId after, std::chrono::sys_seconds from,
                                           std::chrono::sys_seconds until, int limit) override {
    auto orders = InMemoryOrders(state_).orders();
    std::ranges::sort(orders, {}, [](const Order& order) { return order.id.value; });
    std::vector<OrderExportRow> found;
    for (const auto& order : orders) {
      const auto& payment = order.payment;
      if (order.id.value <= after.value || payment.created_at < from ||
          payment.created_at >= until) {
        continue;
      }
      if (std::cmp_greater_equal(found.size(), limit)) break;
      found.push_back({.id = order.id,
                       .reference = payment.reference,
                       .created_at = payment.created_at,
                       .email = email_of(payment.user),
                       .first_name = payment.first_name,
                       .last_name = payment.last_name,
                       .status = payment.status,
                       .total = payment.amount(),
                       .rate = payment.rate,
                       .refunded_minor = order.refunded_minor,
                       .pay_by_balance = order.pay_by_balance});
    }
    return found;
  }
  std::vector<LedgerExportRow> ledger_after(std::int64_t after, std::chrono::sys_seconds from,
                                            std::chrono::sys_seconds until, int limit) override {
    std::vector<LedgerExportRow> found;
    for (std::size_t i = 0; i < state_.ledger.size(); ++i) {
      const auto& [reference, entry] = state_.ledger[i];
      const auto id = static_cast<std::int64_t>(i) + 1;
      const auto at = state_.posting_times.at(reference);
      if (id <= after || at < from || at >= until) continue;
      if (std::cmp_greater_equal(found.size(), limit)) break;
      found.push_back({.id = id, .posting = reference, .at = at, .entry = entry});
    }
    return found;
  }
  std::vector<CustomerExportRow> customers_after(UserId after, int limit) override {
    auto accounts = state_.accounts;
    std::ranges::sort(accounts, {}, [](const Account& account) { return account.id.value; });
    std::vector<CustomerExportRow> found;
    for (const auto& account : accounts) {
      if (account.id.value <= after.value) continue;
      if (std::cmp_greater_equal(found.size(), limit)) break;
      found.push_back({.id = account.id,
                       .email = account.email,
                       .first_name = account.first_name,
                       .last_name = account.last_name,
                       .country = account.billing.country,
                       .created_at = account.created_at,
                       .locked_at = account.locked_at,
                       .balance_micro_eur = InMemoryLedger(state_).customer_balance(account.id)});
    }
    return found;
  }

 private:
  std::string email_of(UserId user) const {
    for (const auto& account : state_.accounts) {
      if (account.id == user) return account.email;
    }
    return {};
  }
  StoreState& state_;
};

class InMemoryCatalogueRecords final : public CatalogueRecords {
 public:
  explicit InMemoryCatalogueRecords(StoreState& state) : state_(state) {}
  StaffOfferPage search(const StaffOfferQuery& query) override {
    std::vector<Offer> matching;
    for (const auto& offer : state_.offers) {
      if (query.status && offer.status != *query.status) continue;
      if (query.category && offer.category != *query.category) continue;
      if (query.text && !matches(offer, *query.text)) continue;
      matching.push_back(offer);
    }
    std::ranges::sort(matching, [&](const Offer& a, const Offer& b) {
      switch (query.sort) {
        case StaffOfferSort::Title:
          return std::pair(lowered(a.title), a.id) < std::pair(lowered(b.title), b.id);
        case StaffOfferSort::DearestFirst:
          return std::pair(a.lowest_price_eur_cents(), a.id) >
                 std::pair(b.lowest_price_eur_cents(), b.id);
        case StaffOfferSort::NewestFirst:
          break;
      }
      return std::pair(a.created_at, a.id) > std::pair(b.created_at, b.id);
    });
    StaffOfferPage page{.items = {}, .total = std::ssize(matching)};
    for (const auto& offer :
         matching | std::views::drop(query.offset) | std::views::take(query.limit)) {
      page.items.push_back(staff_offer_row(offer));
    }
    return page;
  }
  void update(const Offer& changed) override {
    auto* offer = find(changed.id);
    if (offer == nullptr) return;
    offer->title = changed.title;
    offer->description = changed.description;
    offer->category = changed.category;
    offer->style = changed.style;
    offer->tags.clear();
    for (const auto& tag : changed.tags) {
      if (std::ranges::find(offer->tags, tag) == offer->tags.end()) offer->tags.push_back(tag);
    }
    for (auto& attribute : offer->attributes) {
      const auto sent = std::ranges::find(changed.attributes, attribute.id, &OfferAttribute::id);
      if (sent != changed.attributes.end()) attribute.price_eur_cents = sent->price_eur_cents;
    }
    std::ranges::stable_sort(offer->attributes, {}, &OfferAttribute::price_eur_cents);
  }
  void replace_attributes(OfferId id, const std::vector<OfferAttribute>& attributes) override {
    auto numbered = attributes;
    number_attributes(state_, numbered);
    if (auto* offer = find(id)) offer->attributes = std::move(numbered);
  }
  bool ordered(OfferId id) override {
    return std::ranges::any_of(state_.orders, [&](const Order& order) {
      return std::ranges::any_of(order.lines,
                                 [&](const OrderLine& line) { return line.offer == id; });
    });
  }
  bool set_status(OfferId id, OfferStatus from, OfferStatus to) override {
    auto* offer = find(id);
    if (offer == nullptr || offer->status != from) return false;
    offer->status = to;
    return true;
  }

 private:
  Offer* find(OfferId id) {
    const auto found = std::ranges::find(state_.offers, id, &Offer::id);
    return found == state_.offers.end() ? nullptr : &*found;
  }
  static std::string lowered(std::string_view text) {
    std::string lower(text);
    for (auto& c : lower) c = c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    return lower;
  }
  // The title or urlName holds the (lower-cased) text anywhere, or the text is the id.
  static bool matches(const Offer& offer, const std::string& text) {
    return lowered(offer.title).contains(text) || offer.url_name.contains(text) ||
           std::to_string(offer.id.value) == text;
  }
  StoreState& state_;
};

class InMemoryUnitOfWork final : public UnitOfWork {
 public:
  // A work that returns false or throws leaves `state` as it was, and a read nested in a
  // write sees only what was committed, as a database's transactions do. Every work runs
  // `attempts` times, every attempt but the last rolled back, as PostgreSQL runs again a
  // transaction that failed to serialize: so each use case tested over this store shows that
  // its work is a function of its attempt, and that what it answers is its last attempt's.
  void run(Mode, const std::function<bool(Repositories&)>& work) override {
    for (int attempt = 1; attempt < attempts; ++attempt) {
      (void)attempt_on_a_copy(work);
      // Once, and not for the transactions it runs itself.
      if (meanwhile) std::exchange(meanwhile, {})();
    }
    if (auto working = attempt_on_a_copy(work)) state = std::move(*working);
  }

  // Twice unless a test needs to count what one attempt does.
  int attempts = 2;
  // What another transaction commits between the first attempt and the next, such as the one
  // whose conflict failed it; run once, by the next transaction that runs again.
  std::function<void()> meanwhile;

  // The transactions of any use case, over the repositories it names, as the app builds them
  // with narrow().
  template <class... Ports>
  operator Transactions<Ports...>() {
    return narrow<Ports...>(*this);
  }

  // What is committed. Tests arrange and inspect it directly, outside any work.
  StoreState state;

 private:
  // Runs `work` on a copy of what is committed: the copy as the work left it when it asked
  // to commit, nothing when it asked to roll back.
  std::optional<StoreState> attempt_on_a_copy(const std::function<bool(Repositories&)>& work) {
    StoreState working = state;
    InMemoryAccounts accounts(working);
    InMemoryRefreshTokens refresh_tokens(working);
    InMemoryResetCodes reset_codes(working);
    InMemoryRateLimits rate_limits(working);
    InMemoryOffers offers(working);
    InMemorySettings settings(working);
    InMemoryPayments payments(working);
    InMemoryOrders orders(working);
    InMemoryLedger ledger(working);
    InMemoryGiftCards gift_cards(working);
    InMemoryArtworks artworks(working);
    InMemoryPaymentEvents payment_events(working);
    InMemoryIdempotency idempotency(working);
    InMemoryGeneratedImages generated_images(working);
    InMemorySupportTickets support_tickets(working);
    InMemoryLeases leases(working);
    InMemoryMailOutbox mail_outbox(working);
    InMemoryStaff staff(working);
    InMemoryAuditLog audit_log(working);
    InMemoryCustomerRecords customer_records(working);
    InMemoryRefunds refunds(working);
    InMemoryStaffOrderReads staff_orders(working);
    InMemorySalesReports sales_reports(working);
    InMemoryCatalogueRecords catalogue_records(working);
    Repositories repositories{.accounts = accounts,
                              .refresh_tokens = refresh_tokens,
                              .reset_codes = reset_codes,
                              .rate_limits = rate_limits,
                              .offers = offers,
                              .settings = settings,
                              .payments = payments,
                              .orders = orders,
                              .ledger = ledger,
                              .gift_cards = gift_cards,
                              .artworks = artworks,
                              .payment_events = payment_events,
                              .idempotency = idempotency,
                              .generated_images = generated_images,
                              .support_tickets = support_tickets,
                              .leases = leases,
                              .mail_outbox = mail_outbox,
                              .staff = staff,
                              .audit_log = audit_log,
                              .customer_records = customer_records,
                              .refunds = refunds,
                              .staff_orders = staff_orders,
                              .sales_reports = sales_reports,
                              .catalogue_records = catalogue_records};
    if (!work(repositories)) return std::nullopt;
    return working;
  }
};

}  // namespace artshop::fakes
