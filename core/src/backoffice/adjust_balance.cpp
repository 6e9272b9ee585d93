#include "artshop/core/backoffice/adjust_balance.hpp"

#include <fmt/format.h>

#include "artshop/core/staff/staff_services.hpp"
#include "artshop/core/text.hpp"

namespace artshop {
namespace {

// The request a key was first sent with, so that the same key with another body is told apart.
bool same_request(const BalanceAdjustment& stored, UserId customer, AdjustmentDirection direction,
                  std::int64_t amount_eur_cents, std::string_view reason) {
  return stored.customer == customer && stored.direction == direction &&
         stored.amount_eur_cents == amount_eur_cents && stored.reason == reason;
}

Posting adjustment_posting(const BalanceAdjustment& adjustment) {
  const Money amount(adjustment.amount_eur_cents, Currency::EUR);
  const auto micro_eur = adjustment.amount_eur_cents * kMicroEurPerCent;
  const Rate euro{Rate::kScale};
  auto balance = LedgerAccount::customer(adjustment.customer);
  auto shop = LedgerAccount::adjustments();
  // A credit moves money from the shop's adjustments to the customer; a debit back.
  if (adjustment.direction == AdjustmentDirection::Debit) std::swap(balance, shop);
  auto posting = Posting::Builder(fmt::format("adjustment:{}", adjustment.id.value), adjustment.at)
                     .debit(shop, micro_eur, amount, euro)
                     .credit(balance, micro_eur, amount, euro)
                     .build();
  if (!posting) throw std::logic_error(std::string(describe(posting.error())));
  return std::move(*posting);
}

}  // namespace

Result<AdjustedBalance> AdjustBalance::operator()(const AdjustBalanceCommand& command) {
  if (auto allowed = require_permission(command.actor, StaffPermission::AdjustWithinLimit);
      !allowed) {
    return std::unexpected(allowed.error());
  }
  ValidationErrors errors;
  const auto key = read_idempotency_key(command.idempotency_key, errors);
  const auto direction = parse_adjustment_direction(text::trim(command.direction.value_or("")));
  if (!direction) errors.add("direction", std::string(customer_messages::kChooseDirection));
  const auto amount = read_staff_amount(command.amount, Currency::EUR, "amount", errors);
  const auto reason = read_reason(command.reason, "reason", errors);
  if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));
  if (*amount > policy_.adjustment_limit_eur_cents &&
      !role_permits(command.actor.role, StaffPermission::AdjustBeyondLimit)) {
    return std::unexpected(Error::forbidden(
        fmt::format("Only an owner may adjust a balance by more than {}.",
                    Money(policy_.adjustment_limit_eur_cents, Currency::EUR).to_string())));
  }
  const auto now = std::chrono::floor<std::chrono::seconds>(clock_.now());
  return transactions_.write([&](Ports::Scope& tx) -> Result<AdjustedBalance> {
    auto& records = tx.get<CustomerRecords>();
    if (auto earlier = records.find_adjustment_by_key(command.actor.id, *key)) {
      if (!same_request(*earlier, command.customer, *direction, *amount, *reason)) {
        return std::unexpected(
            Error::validation("Idempotency-Key", std::string(customer_messages::kKeyReused)));
      }
      return AdjustedBalance{.adjustment = std::move(*earlier), .replayed = true};
    }
    if (!records.find(command.customer)) return std::unexpected(no_such_customer());
    auto& ledger = tx.get<Ledger>();
    // Read in the transaction that writes the posting: no other adjustment, order or image
    // can spend the same money in between.
    const auto before = ledger.customer_balance(command.customer);
    const auto micro_eur = *amount * kMicroEurPerCent;
    const bool debit = *direction == AdjustmentDirection::Debit;
    if (debit && before < micro_eur) {
      return std::unexpected(Error::validation(
          "amount", fmt::format("The balance holds only {}.",
                                eur_of_micro(std::max<std::int64_t>(before, 0)).to_string())));
    }
    BalanceAdjustment adjustment{
        .id = {},
        .customer = command.customer,
        .staff = command.actor.id,
        .staff_email = command.actor.email,
        .direction = *direction,
        .amount_eur_cents = *amount,
        .reason = *reason,
        .at = now,
        .idempotency_key = *key,
        .balance_after_micro_eur = debit ? before - micro_eur : before + micro_eur};
    adjustment.id = records.insert_adjustment(adjustment);
    ledger.post(adjustment_posting(adjustment));
    auto record = customer_audit(command.actor, command.address, "customer.adjustment",
                                 command.customer, now);
    record.before = audit_values({{"balance", eur_of_micro(before).to_string()}});
    const auto amount_text = Money(*amount, Currency::EUR).to_string();
    record.after =
        audit_values({{"balance", eur_of_micro(adjustment.balance_after_micro_eur).to_string()},
                      {"direction", name_of(*direction)},
                      {"amount", amount_text},
                      {"reason", *reason},
                      {"adjustment", std::to_string(adjustment.id.value)}});
    tx.get<AuditLog>().append(record);
    return AdjustedBalance{.adjustment = std::move(adjustment), .replayed = false};
  });
}

}  // namespace artshop
