#pragma once

#include <cstdint>
#include <string>

#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/backoffice/refund.hpp"
#include "artshop/core/backoffice/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/orders/payment_gateway.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/mail_outbox.hpp"
#include "artshop/core/ports/transactions.hpp"
#include "artshop/core/staff/audit.hpp"
#include "artshop/core/staff/staff_member.hpp"

namespace artshop {

// How refunds are made: the amount above which only an owner may refund
// (refund_limit_eur_cents), and how often the provider is asked before the refund is left to
// the retry chore.
struct RefundSettings {
  std::int64_t limit_eur_cents = 10'000;
  int provider_attempts = 3;
};

struct RefundOrderCommand {
  StaffActor actor;
  OrderId order;
  std::string idempotency_key;
  RefundChoice choice;
  bool return_to_sale = false;
  std::string address;
};

struct RefundMade {
  Refund refund;
  bool repeated = false;  // the same key again: the refund it made the first time
};

// The money moves of a refund, shared by the use cases that make, fail and learn of refunds.
// Each runs inside its caller's transaction.
namespace refunds_detail {
// The reversal posting `refund:<id>`: Debit SalesRevenue (pictures' part) and
// GiftCardsOutstanding (cards' part), Credit ProviderCash, or the buyer's balance when the order
// was paid from it.
Result<void> post_reversal(Ledger& ledger, const Order& order, const Refund& refund,
                           std::chrono::sys_seconds now);
// The reversal's mirror `refund-failed:<id>`, when the provider refused for good.
Result<void> post_failed_reversal(Ledger& ledger, const Order& order, const Refund& refund,
                                  std::chrono::sys_seconds now);
// The attributes of the order's lines a refund names.
std::vector<AttributeId> attributes_of(const Order& order, const std::vector<int>& lines);
// The audit record of a refund action on `order:<id>`.
AuditRecord refund_audit(const std::optional<StaffActor>& actor, std::string_view address,
                         std::string_view action, const Refund& refund,
                         std::chrono::sys_seconds at);
}  // namespace refunds_detail

// POST /api/admin/orders/{id}/refunds (refund_within_limit; refund_beyond_limit above the
// configured amount). In one transaction: the refund (pending for a card payment, succeeded
// for a balance one, whose money is back at once), its items claimed (a guarded write: of two
// refunds of one line one wins), the amount added to what was given back (guarded by the
// order's total), the ledger reversal, the artworks of its lines revoked, its gift cards voided,
// an exclusive picture back on sale when asked, the customer's mail and the audit record. The
// provider is asked after the commit (a card payment), naming the payment's id at the provider;
// a refusal for good fails the refund and undoes it (its gift cards active again), a provider that
// does not answer leaves it pending for RetryPendingRefunds.
class RefundOrder {
 public:
  using Ports = Transactions<OrderRepository, GiftCardRepository, RefundRepository, Ledger,
                             AccountRepository, MailOutbox, AuditLog>;

  RefundOrder(Ports transactions, PaymentGateway& gateway, const Clock& clock,
              RefundSettings settings)
      : transactions_(std::move(transactions)),
        gateway_(gateway),
        clock_(clock),
        settings_(settings) {}

  Result<RefundMade> operator()(const RefundOrderCommand& command);

  // Asks the provider for a pending refund (RetryPendingRefunds and the call above): accepted,
  // the provider's id is kept; refused for good, the refund fails and is undone. Answers the
  // refund as it stands.
  Result<Refund> ask_provider(const Refund& refund);

  // Pending refunds made at or before `before`, asked of the provider again; how many.
  Result<int> retry_pending(std::chrono::sys_seconds before);

 private:
  Result<Refund> fail(const Refund& refund, std::string_view detail);

  Ports transactions_;
  PaymentGateway& gateway_;
  const Clock& clock_;
  RefundSettings settings_;
};

}  // namespace artshop
