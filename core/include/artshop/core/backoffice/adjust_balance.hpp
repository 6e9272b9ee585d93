#pragma once

#include <optional>
#include <string>

#include "artshop/core/backoffice/customer_desk.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

// The request as sent: the header's key and the body's fields, unread.
struct AdjustBalanceCommand {
  StaffActor actor;
  UserId customer;
  std::optional<std::string> idempotency_key;
  std::optional<std::string> direction;  // credit | debit
  std::optional<std::string> amount;     // EUR, "5.00"
  std::optional<std::string> reason;
  std::string address;
};

struct AdjustedBalance {
  BalanceAdjustment adjustment;  // its balance_after_micro_eur is the balance it left
  bool replayed = false;         // the key was seen with this very request: nothing done again
};

// POST /api/admin/customers/{id}/adjustments (adjust_within_limit; adjust_beyond_limit above
// adjustment_limit_eur_cents): credits or debits the balance in EUR for a reason. A debit never
// takes the balance below zero: the balance is read and the posting written in one write
// transaction (SQLite's BEGIN IMMEDIATE; on PostgreSQL the customer's balance row, which the
// posting moves, makes two racing debits conflict and the second runs again, reading the
// first's balance). The same key with the same request answers the first adjustment; with
// another, 400 on Idempotency-Key.
class AdjustBalance {
 public:
  using Ports = Transactions<CustomerRecords, Ledger, AuditLog>;

  AdjustBalance(Ports transactions, const Clock& clock, CustomerDeskPolicy policy)
      : transactions_(std::move(transactions)), clock_(clock), policy_(policy) {}
  Result<AdjustedBalance> operator()(const AdjustBalanceCommand& command);

 private:
  Ports transactions_;
  const Clock& clock_;
  CustomerDeskPolicy policy_;
};

}  // namespace artshop
