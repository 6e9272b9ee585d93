#include "artshop/core/backoffice/refund_order.hpp"

#include <fmt/format.h>

#include <utility>

#include "artshop/core/staff/staff_services.hpp"
#include "refund_items.hpp"

namespace artshop {
namespace refunds_detail {

namespace {

// The reversal and its mirror: the same entries, the sides swapped.
Result<void> post_refund_entries(Ledger& ledger, const Order& order, const Refund& refund,
                                 std::string reference, bool mirror, std::chrono::sys_seconds now) {
  const auto& payment = order.payment;
  const auto currency = payment.currency;
  const Money cards(refund.gift_cards_minor, currency);
  const Money pictures(refund.amount.minor_units() - refund.gift_cards_minor, currency);
  const auto cards_micro = to_micro_eur(cards, payment.rate);
  const auto pictures_micro = to_micro_eur(pictures, payment.rate);
  if (!cards_micro || !pictures_micro) {
    return std::unexpected(Error::internal("refund amount overflows"));
  }
  Posting::Builder posting(std::move(reference), now);
  // The mirror swaps every side.
  const auto enter = [&](LedgerAccount account, Side side, std::int64_t micro, Money original) {
    if (micro <= 0) return;
    if ((side == Side::Debit) != mirror) {
      posting.debit(account, micro, original, payment.rate);
    } else {
      posting.credit(account, micro, original, payment.rate);
    }
  };
  enter(LedgerAccount::sales_revenue(), Side::Debit, *pictures_micro, pictures);
  enter(LedgerAccount::gift_cards_outstanding(), Side::Debit, *cards_micro, cards);
  const auto to =
      order.pay_by_balance ? LedgerAccount::customer(payment.user) : LedgerAccount::provider_cash();
  enter(to, Side::Credit, *cards_micro + *pictures_micro, refund.amount);
  auto built = posting.build();
  if (!built) {
    return std::unexpected(
        Error::internal(fmt::format("refund posting refused: {}", describe(built.error()))));
  }
  ledger.post(*built);
  return {};
}

}  // namespace

Result<void> post_reversal(Ledger& ledger, const Order& order, const Refund& refund,
                           std::chrono::sys_seconds now) {
  return post_refund_entries(ledger, order, refund, refund_posting_reference(refund.id), false,
                             now);
}

Result<void> post_failed_reversal(Ledger& ledger, const Order& order, const Refund& refund,
                                  std::chrono::sys_seconds now) {
  return post_refund_entries(ledger, order, refund, refund_failed_posting_reference(refund.id),
                             true, now);
}

std::vector<AttributeId> attributes_of(const Order& order, const std::vector<int>& lines) {
  std::vector<AttributeId> attributes;
  for (const int number : lines) {
    if (number >= 1 && std::cmp_less_equal(number, order.lines.size())) {
      attributes.push_back(order.lines[static_cast<std::size_t>(number - 1)].attribute);
    }
  }
  return attributes;
}

AuditRecord refund_audit(const std::optional<StaffActor>& actor, std::string_view address,
                         std::string_view action, const Refund& refund,
                         std::chrono::sys_seconds at) {
  AuditRecord record{.id = 0,
                     .at = at,
                     .actor = actor ? std::optional(actor->id) : std::nullopt,
                     .actor_email = actor ? actor->email : std::string(),
                     .address = std::string(address),
                     .action = std::string(action),
                     .object = order_object(refund.order),
                     .before = {},
                     .after = {}};
  // The item lists are numbers; the rest is text, escaped by audit_values.
  const auto text = audit_values({{"amount", refund.amount.to_string()},
                                  {"reason", refund.reason},
                                  {"returnToSale", refund.return_to_sale ? "true" : "false"},
                                  {"status", name_of(refund.status)},
                                  {"refund", std::to_string(refund.id.value)}});
  record.after = fmt::format(R"({{"lines":[{}],"giftCards":[{}],{})", fmt::join(refund.lines, ","),
                             fmt::join(refund.gift_cards, ","), text.substr(1));
  return record;
}

}  // namespace refunds_detail

namespace {

using namespace refunds_detail;

std::chrono::sys_seconds seconds(std::chrono::system_clock::time_point time) {
  return std::chrono::floor<std::chrono::seconds>(time);
}

EmailMessage refund_mail(std::string email, const Order& order, const Refund& refund) {
  std::string body = fmt::format("We have refunded {} of your Artshop order {}.\n\n",
                                 refund.amount.to_string(), order.id.value);
  body += order.pay_by_balance
              ? "The money is back in your Artshop balance now.\n"
              : "The money goes back to the card you paid with; your bank may take a few days "
                "to show it.\n";
  if (!refund.lines.empty()) {
    body += "\nThe refunded pictures no longer download from your artworks.\n";
  }
  if (!refund.gift_cards.empty()) body += "\nThe refunded gift cards can no longer be redeemed.\n";
  body += fmt::format("\nReason: {}\n", refund.reason);
  return {.to = std::move(email),
          .subject = fmt::format("Your refund for Artshop order {}", order.id.value),
          .text_body = std::move(body)};
}

// What a refund request asked, so that a repetition under its key is told from another refund.
std::string request_text(const RefundOrderCommand& command) {
  const auto& choice = command.choice;
  return fmt::format("lines={};giftCards={};amount={};returnToSale={};reason={}",
                     fmt::join(choice.lines, ","), fmt::join(choice.gift_cards, ","),
                     choice.amount.value_or("-"), command.return_to_sale, choice.reason);
}

}  // namespace

Result<RefundMade> RefundOrder::operator()(const RefundOrderCommand& command) {
  if (auto allowed = require_permission(command.actor, StaffPermission::RefundWithinLimit);
      !allowed) {
    return std::unexpected(allowed.error());
  }
  const auto now = seconds(clock_.now());
  auto made = transactions_.write([&](Ports::Scope& tx) -> Result<RefundMade> {
    auto& refunds = tx.get<RefundRepository>();
    const auto order = tx.get<OrderRepository>().find(command.order);
    if (!order) {
      return std::unexpected(Error::not_found(
          ValidationErrors(ValidationErrors::kGeneral, std::string(refund_messages::kNoSuchOrder)),
          "no such order"));
    }
    if (auto earlier = refunds.find_by_key(order->id, command.idempotency_key)) {
      if (earlier->request_hash != request_text(command)) {
        return std::unexpected(
            Error::validation("Idempotency-Key", std::string(refund_messages::kKeyReused)));
      }
      return RefundMade{.refund = std::move(*earlier), .repeated = true};
    }
    auto refundable = refundable_order(*order, tx.get<GiftCardRepository>(), refunds);
    auto plan = plan_refund(refundable, command.choice);
    if (!plan) return std::unexpected(Error::validation(std::move(plan.error())));
    if (beyond_refund_limit(plan->amount, order->payment.rate, settings_.limit_eur_cents)) {
      if (auto allowed = require_permission(command.actor, StaffPermission::RefundBeyondLimit);
          !allowed) {
        return std::unexpected(Error::forbidden(refund_limit_message(settings_.limit_eur_cents)));
      }
    }

    Refund refund{.id = {},
                  .order = order->id,
                  .at = now,
                  .staff = command.actor.id,
                  .staff_email = command.actor.email,
                  .amount = plan->amount,
                  .reason = plan->reason,
                  .lines = plan->lines,
                  .gift_cards = plan->gift_cards,
                  .return_to_sale = command.return_to_sale,
                  .status = order->pay_by_balance ? RefundStatus::Succeeded : RefundStatus::Pending,
                  .source = RefundSource::Staff,
                  .idempotency_key = command.idempotency_key,
                  .request_hash = request_text(command),
                  .provider_reference = {},
                  .gift_cards_minor = plan->gift_cards_minor};
    const auto id = refunds.insert(refund);
    if (!id) {
      // The same key, inserted by a repetition that committed first.
      return std::unexpected(Error::conflict("a refund under this key was made meanwhile"));
    }
    refund.id = *id;
    // The guards: a line or card already given back, or more than the order's total, means
    // another refund committed since the rules were read.
    if (!refunds.claim_items(refund)) {
      return std::unexpected(Error::validation(
          refund.lines.empty() ? "giftCards" : "lines",
          "This item was refunded meanwhile by another refund: reload the order."));
    }
    if (!refunds.add_refunded(order->id, refund.amount.minor_units())) {
      return std::unexpected(Error::validation(
          "amount",
          fmt::format("Only {} is left to refund.", left_to_refund(refundable).to_string())));
    }
    if (auto posted = post_reversal(tx.get<Ledger>(), *order, refund, now); !posted) {
      return std::unexpected(posted.error());
    }
    if (auto applied =
            apply_refund_effects(*order, refund, tx.get<GiftCardRepository>(), refunds, now);
        !applied) {
      return std::unexpected(applied.error());
    }
    if (const auto buyer = tx.get<AccountRepository>().find_by_id(order->payment.user)) {
      tx.get<MailOutbox>().enqueue(refund_mail(buyer->email, *order, refund), now,
                                   order_object(order->id));
    }
    tx.get<AuditLog>().append(
        refund_audit(command.actor, command.address, "order.refund", refund, now));
    return RefundMade{.refund = std::move(refund), .repeated = false};
  });
  if (!made || made->repeated || made->refund.status != RefundStatus::Pending) return made;
  auto asked = ask_provider(made->refund);
  if (!asked) return std::unexpected(asked.error());
  made->refund = std::move(*asked);
  return made;
}

Result<Refund> RefundOrder::ask_provider(const Refund& refund) {
  const auto order = transactions_.read([&](Ports::Scope& tx) -> Result<Order> {
    auto found = tx.get<OrderRepository>().find(refund.order);
    if (!found) return std::unexpected(Error::internal("a refund names no order"));
    return std::move(*found);
  });
  if (!order) return std::unexpected(order.error());
  ProviderRefundAnswer answer;
  for (int attempt = 0; attempt < std::max(settings_.provider_attempts, 1); ++attempt) {
    try {
      answer = gateway_.refund({.reference = refund_reference(refund.id),
                                .payment_reference = order->payment.reference,
                                .amount = refund.amount,
                                .provider_payment = order->payment.provider_payment});
    } catch (const std::exception& e) {
      answer = {.outcome = ProviderRefundAnswer::Outcome::Unavailable,
                .provider_refund = {},
                .detail = e.what()};
    }
    if (answer.outcome != ProviderRefundAnswer::Outcome::Unavailable) break;
  }
  switch (answer.outcome) {
    case ProviderRefundAnswer::Outcome::Refused:
      return fail(refund, answer.detail);
    case ProviderRefundAnswer::Outcome::Accepted:
      if (!answer.provider_refund.empty()) {
        auto kept = transactions_.write([&](Ports::Scope& tx) -> Result<void> {
          tx.get<RefundRepository>().set_provider_reference(refund.id, answer.provider_refund);
          return {};
        });
        if (!kept) return std::unexpected(kept.error());
      }
      break;
    case ProviderRefundAnswer::Outcome::Unavailable:
      // Left pending: RetryPendingRefunds asks again, under the same reference.
      break;
  }
  return transactions_.read([&](Ports::Scope& tx) -> Result<Refund> {
    auto found = tx.get<RefundRepository>().find(refund.id);
    if (!found) return std::unexpected(Error::internal("a refund vanished"));
    return std::move(*found);
  });
}

Result<Refund> RefundOrder::fail(const Refund& refund, std::string_view detail) {
  const auto now = seconds(clock_.now());
  return transactions_.write([&](Ports::Scope& tx) -> Result<Refund> {
    auto& refunds = tx.get<RefundRepository>();
    auto stored = refunds.find(refund.id);
    if (!stored) return std::unexpected(Error::internal("a refund vanished"));
    // Only a pending refund fails: one the webhook confirmed meanwhile stays as it is.
    if (!refunds.update_status(refund.id, RefundStatus::Pending, RefundStatus::Failed)) {
      return std::move(*stored);
    }
    const auto order = tx.get<OrderRepository>().find(refund.order);
    if (!order) return std::unexpected(Error::internal("a refund names no order"));
    if (auto posted = post_failed_reversal(tx.get<Ledger>(), *order, *stored, now); !posted) {
      return std::unexpected(posted.error());
    }
    // What the refund voided is the buyer's again: its cards were active when it was made.
    for (const auto card : stored->gift_cards) {
      tx.get<GiftCardRepository>().unvoid_card(GiftCardId{card});
    }
    refunds.release_items(refund.id);
    refunds.add_refunded(order->id, -stored->amount.minor_units());
    refunds.revoke_artworks(order->id, attributes_of(*order, stored->lines), false);
    stored->status = RefundStatus::Failed;
    auto record = refund_audit(std::nullopt, "provider", "order.refund_failed", *stored, now);
    record.before = audit_values({{"status", "pending"}, {"provider", detail}});
    tx.get<AuditLog>().append(record);
    return std::move(*stored);
  });
}

Result<int> RefundOrder::retry_pending(std::chrono::sys_seconds before) {
  constexpr int kBatch = 50;
  auto pending = transactions_.read([&](Ports::Scope& tx) -> Result<std::vector<Refund>> {
    return tx.get<RefundRepository>().pending_before(before, kBatch);
  });
  if (!pending) return std::unexpected(pending.error());
  int asked = 0;
  for (const auto& refund : *pending) {
    if (refund.source != RefundSource::Staff) continue;
    if (auto done = ask_provider(refund); !done) return std::unexpected(done.error());
    ++asked;
  }
  return asked;
}

}  // namespace artshop
