#include "artshop/core/orders/start_deposit.hpp"

#include <fmt/format.h>

#include "checkout_rules.hpp"
#include "settlement.hpp"

namespace artshop {

using orders_detail::seconds;
using namespace orders_detail::checkout;

Result<StartedDeposit> StartDeposit::operator()(DepositCommand command) {
  const auto deposit_minor = amount_of(command.amount, command.currency, "depositAmount");
  if (!deposit_minor) return std::unexpected(deposit_minor.error());
  ValidationErrors errors;
  check_payer(command.names, command.billing, command.browser, command.agreed_to_terms, errors);
  const auto rates = rates_.current();
  const auto currency = parse_currency(command.currency);
  const auto rate = currency ? rates.rate(*currency) : std::nullopt;
  if (!currency || !rate) {
    errors.add("currency", "This currency is not supported.");
  } else {
    const auto bounds = bounds_in(*currency, rates, kMinDepositEurCents, kMaxDepositEurCents);
    if (*deposit_minor < bounds.min.minor_units() || *deposit_minor > bounds.max.minor_units()) {
      errors.add("depositAmount", fmt::format("A deposit is {} to {}.", bounds.min.to_string(),
                                              bounds.max.to_string()));
    }
  }
  if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));

  const auto now = seconds(clock_.now());
  std::string email;
  auto stored = transactions_.write([&](Ports::Scope& tx) -> Result<StartedDeposit> {
    const auto account = tx.get<AccountRepository>().find_by_id(command.user);
    if (!account) return std::unexpected(Error::unauthenticated("account no longer exists"));
    email = account->email;
    const auto pending = tx.get<PaymentRepository>().count_pending_for_user(
        command.user, PaymentPurpose::Deposit, now);
    if (pending >= limits_.max_pending_deposits) {
      return std::unexpected(Error::general(fmt::format(
          "You have {} unpaid deposit{}. Complete one of them, or wait until it expires ({} "
          "minutes after it was started), before starting another.",
          pending, plural(pending), kPaymentWindow.count())));
    }
    const Amount amount{.purpose = PaymentPurpose::Deposit,
                        .currency = *currency,
                        .rate = *rate,
                        .minor = *deposit_minor};
    auto deposit = new_payment(amount, command.user, command.names, command.billing,
                               command.browser, random_, now);
    deposit.id = tx.get<PaymentRepository>().insert(deposit);
    if (auto kept = IdempotencyKeys::keep(tx.get<IdempotencyRepository>(), command.idempotency,
                                          IdempotentOutcome::deposit(deposit.id));
        !kept) {
      return std::unexpected(kept.error());
    }
    return StartedDeposit{std::move(deposit), {}};
  });
  if (!stored) return std::unexpected(stored.error());

  const auto& deposit = stored->deposit;
  const auto checkout = payments_.create_checkout(
      checkout_request(deposit, deposit.id.value, "Artshop balance deposit", email, command.urls));
  stored->payment_link = checkout.payment_link;
  return stored;
}

}  // namespace artshop
