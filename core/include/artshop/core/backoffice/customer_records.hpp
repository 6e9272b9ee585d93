#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/core/accounts/account.hpp"
#include "artshop/core/ids.hpp"

// What the back office reads and writes of the shop's customers (docs/back-office.md,
// "Customers" and "Balance adjustments"): the search, one customer's sessions, tickets and
// balance history, the lock, and the adjustments staff make to balances. Runs inside the
// transaction that handed it out.
namespace artshop {

// A customer as the back office lists them, with their balance in micro-euros.
struct CustomerRow {
  UserId id;
  std::string email;
  std::string first_name;
  std::string last_name;
  std::chrono::sys_seconds created_at;
  std::optional<std::chrono::sys_seconds> locked_at;
  std::int64_t balance_micro_eur = 0;
  BillingAddress billing;
  friend bool operator==(const CustomerRow&, const CustomerRow&) = default;
};

enum class CustomerSort : std::uint8_t { Email, NewestFirst };

struct CustomerQuery {
  // Matches the e-mail anywhere, or the start of the first or last name; lower case, trimmed.
  std::optional<std::string> text;
  CustomerSort sort = CustomerSort::Email;
  int offset = 0;
  int limit = 50;
};

struct CustomerPage {
  std::vector<CustomerRow> items;
  std::int64_t total = 0;  // of every customer the query matches
};

// One login of a customer that can still refresh: its refresh-token family.
struct CustomerSession {
  std::string family;
  std::chrono::sys_seconds signed_in_at;  // its first token
  std::chrono::sys_seconds last_used_at;  // its newest token
  std::chrono::sys_seconds expires_at;    // when its newest token expires
  friend bool operator==(const CustomerSession&, const CustomerSession&) = default;
};

// A support ticket the customer wrote, signed in or with their address.
struct CustomerTicket {
  std::int64_t id = 0;
  std::string reference;
  std::string type;  // the ticket's type ("Order", "Payment", ...)
  std::string description;
  std::chrono::sys_seconds created_at;
  std::string status = "new";  // the conversation's: "new", "open", "waiting", "closed"
  friend bool operator==(const CustomerTicket&, const CustomerTicket&) = default;
};

// One entry of a customer's balance, signed (a debit of the balance is negative), with the
// balance right after it.
struct CustomerLedgerLine {
  std::string reference;  // the posting's: "order:...", "adjustment:3"
  std::chrono::sys_seconds at;
  std::int64_t amount_micro_eur = 0;
  std::int64_t balance_after_micro_eur = 0;
  friend bool operator==(const CustomerLedgerLine&, const CustomerLedgerLine&) = default;
};

struct CustomerLedgerPage {
  std::vector<CustomerLedgerLine> items;  // newest first
  std::int64_t total = 0;
};

using BalanceAdjustmentId = Id<struct BalanceAdjustmentTag>;

enum class AdjustmentDirection : std::uint8_t { Credit, Debit };
std::string_view name_of(AdjustmentDirection direction) noexcept;
std::optional<AdjustmentDirection> parse_adjustment_direction(std::string_view name) noexcept;

// A credit or debit of a customer's balance by a staff member, in euro cents, kept with the
// Idempotency-Key it was sent with and the balance it left.
struct BalanceAdjustment {
  BalanceAdjustmentId id;  // assigned when stored
  UserId customer;
  UserId staff;
  std::string staff_email;  // as it was then
  AdjustmentDirection direction = AdjustmentDirection::Credit;
  std::int64_t amount_eur_cents = 0;
  std::string reason;
  std::chrono::sys_seconds at;
  std::string idempotency_key;
  std::int64_t balance_after_micro_eur = 0;
  friend bool operator==(const BalanceAdjustment&, const BalanceAdjustment&) = default;
};

class CustomerRecords {
 public:
  virtual ~CustomerRecords() = default;

  virtual CustomerPage search(const CustomerQuery& query) = 0;
  virtual std::optional<CustomerRow> find(UserId customer) = 0;
  // Locks the account at `at`, or unlocks it (nullopt); false when there is no such account.
  virtual bool set_locked(UserId customer, std::optional<std::chrono::sys_seconds> at) = 0;
  // The logins with a token neither revoked nor expired at `now`, newest first.
  virtual std::vector<CustomerSession> live_sessions(UserId customer,
                                                     std::chrono::sys_seconds now) = 0;
  // The tickets written by the account or from `email`, newest first.
  virtual std::vector<CustomerTicket> tickets(UserId customer, std::string_view email) = 0;
  // The entries of the customer's balance account, newest first, `limit` after skipping
  // `offset`, each with the balance right after it: the present balance less what the newer
  // entries moved, so a page reads only the entries up to its own.
  virtual CustomerLedgerPage ledger(UserId customer, int offset, int limit) = 0;

  // Stores the adjustment and answers its id.
  virtual BalanceAdjustmentId insert_adjustment(const BalanceAdjustment& adjustment) = 0;
  virtual std::optional<BalanceAdjustment> find_adjustment(BalanceAdjustmentId id) = 0;
  // The adjustment `staff` sent with `key`.
  virtual std::optional<BalanceAdjustment> find_adjustment_by_key(UserId staff,
                                                                  std::string_view key) = 0;
};

}  // namespace artshop
