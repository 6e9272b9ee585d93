#pragma once

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "artshop/core/ports/unit_of_work.hpp"

namespace artshop::fakes {

// The whole database as plain containers. A UnitOfWork over it copies the state before the
// work and restores the copy when the work fails, which is what a rollback looks like.
struct StoreState {
  std::vector<Account> accounts;
  std::map<std::string, RefreshTokenRecord> refresh_tokens;
  std::map<std::int64_t, ResetCodeRecord> reset_codes;
  std::vector<std::pair<std::string, std::chrono::sys_seconds>> rate_events;
  std::vector<Offer> offers;
  std::vector<Category> categories;
  std::map<std::string, std::string, std::less<>> settings;
};

class InMemoryAccounts final : public AccountRepository {
 public:
  explicit InMemoryAccounts(StoreState& state) : state_(state) {}
  std::optional<Account> find_by_email(std::string_view email) override {
    for (const auto& account : state_.accounts) {
      if (account.email == email) return account;
    }
    return std::nullopt;
  }
  std::optional<Account> find_by_id(UserId id) override {
    for (const auto& account : state_.accounts) {
      if (account.id == id) return account;
    }
    return std::nullopt;
  }
  std::optional<UserId> insert(std::string_view email, std::string_view hash,
                               std::chrono::sys_seconds created_at) override {
    if (find_by_email(email)) return std::nullopt;
    const UserId id{static_cast<std::int64_t>(state_.accounts.size()) + 1};
    state_.accounts.push_back({.id = id,
                               .email = std::string(email),
                               .password_hash = std::string(hash),
                               .first_name = {},
                               .last_name = {},
                               .billing = {},
                               .created_at = created_at});
    return id;
  }
  void update_password_hash(UserId id, std::string_view hash) override {
    account(id).password_hash = hash;
  }
  void update_names(UserId id, std::string_view first, std::string_view last) override {
    account(id).first_name = first;
    account(id).last_name = last;
  }
  void update_billing(UserId id, const BillingAddress& billing) override {
    account(id).billing = billing;
  }

 private:
  Account& account(UserId id) {
    return *std::ranges::find_if(state_.accounts, [id](const Account& a) { return a.id == id; });
  }
  StoreState& state_;
};

class InMemoryRefreshTokens final : public RefreshTokenRepository {
 public:
  explicit InMemoryRefreshTokens(StoreState& state) : state_(state) {}
  void insert(const RefreshTokenRecord& record, std::chrono::sys_seconds) override {
    state_.refresh_tokens[record.token_digest] = record;
  }
  std::optional<RefreshTokenRecord> find(std::string_view digest) override {
    const auto found = state_.refresh_tokens.find(std::string(digest));
    if (found == state_.refresh_tokens.end()) return std::nullopt;
    return found->second;
  }
  bool mark_rotated(std::string_view digest, std::chrono::sys_seconds) override {
    auto& record = state_.refresh_tokens.at(std::string(digest));
    if (record.rotated || record.revoked) return false;
    record.rotated = true;
    return true;
  }
  void revoke_family(std::string_view family, std::chrono::sys_seconds) override {
    for (auto& [digest, record] : state_.refresh_tokens) {
      if (record.family == family) record.revoked = true;
    }
  }
  void revoke_user_sessions(UserId user, std::string_view keep, std::chrono::sys_seconds) override {
    for (auto& [digest, record] : state_.refresh_tokens) {
      if (record.user == user && record.family != keep) record.revoked = true;
    }
  }

 private:
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
    ++state_.reset_codes.at(user.value).failed_attempts;
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

// Enough of the catalogue for use cases that read offers by name and list categories; the
// filtering and sorting of search() are SQL and are tested against real SQLite files.
class InMemoryOffers final : public OfferRepository {
 public:
  explicit InMemoryOffers(StoreState& state) : state_(state) {}
  OfferPage search(const OfferSearch& search) override {
    OfferPage page;
    for (const auto& offer : state_.offers) {
      if (offer.status != OfferStatus::Active) continue;
      if (search.category && offer.category != *search.category) continue;
      if (search.style && offer.style != *search.style) continue;
      if (search.orientation && offer.orientation != *search.orientation) continue;
      if (search.min_price_eur_cents && offer.lowest_price_eur_cents() < *search.min_price_eur_cents) continue;
      if (search.max_price_eur_cents && offer.lowest_price_eur_cents() > *search.max_price_eur_cents) continue;
      ++page.total;
      if (page.total > search.offset && std::ssize(page.items) < search.limit) page.items.push_back(offer);
    }
    return page;
  }
  std::vector<Offer> latest(int count) override {
    std::vector<Offer> newest(state_.offers.rbegin(), state_.offers.rend());
    if (std::ssize(newest) > count) newest.resize(static_cast<std::size_t>(count));
    return newest;
  }
  std::optional<Offer> find_by_url_name(std::string_view url_name) override {
    for (const auto& offer : state_.offers) {
      if (offer.url_name == url_name) return offer;
    }
    return std::nullopt;
  }
  std::vector<Category> categories() override { return state_.categories; }
  bool category_exists(std::string_view url_name) override {
    return std::ranges::any_of(state_.categories,
                               [&](const Category& c) { return c.url_name == url_name; });
  }
  void upsert_category(const Category& category) override {
    if (!category_exists(category.url_name)) state_.categories.push_back(category);
  }
  std::optional<OfferId> insert(const Offer& offer) override {
    if (find_by_url_name(offer.url_name)) return std::nullopt;
    state_.offers.push_back(offer);
    state_.offers.back().id = OfferId{std::ssize(state_.offers)};
    return state_.offers.back().id;
  }
  int count() override { return static_cast<int>(state_.offers.size()); }

 private:
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

class InMemoryUnitOfWork final : public UnitOfWork {
 public:
  void run(Mode, const std::function<bool(Repositories&)>& work) override {
    const StoreState before = state;
    InMemoryAccounts accounts(state);
    InMemoryRefreshTokens refresh_tokens(state);
    InMemoryResetCodes reset_codes(state);
    InMemoryRateLimits rate_limits(state);
    InMemoryOffers offers(state);
    InMemorySettings settings(state);
    Repositories repositories{.accounts = accounts,
                              .refresh_tokens = refresh_tokens,
                              .reset_codes = reset_codes,
                              .rate_limits = rate_limits,
                              .offers = offers,
                              .settings = settings};
    if (!work(repositories)) state = before;
  }

  StoreState state;
};

}  // namespace artshop::fakes
