#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "artshop/core/backoffice/adjust_balance.hpp"
#include "artshop/core/backoffice/customer_ledger.hpp"
#include "artshop/core/backoffice/get_customer_for_staff.hpp"
#include "artshop/core/backoffice/lock_customer.hpp"
#include "artshop/core/backoffice/search_customers.hpp"
#include "artshop/core/backoffice/sign_out_everywhere.hpp"
#include "artshop/core/backoffice/unlock_customer.hpp"
#include "fakes/account_fakes.hpp"

namespace artshop {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::SizeIs;

constexpr std::string_view kPassword = "correct horse battery";

std::vector<std::string> messages(const Error& error, std::string_view field) {
  return error.fields.messages(field);
}

class CustomerDesk : public ::testing::Test, protected fakes::AccountFakes {
 protected:
  CustomerDesk() { common = CommonPasswords::parse("password\n"); }

  UserId registered(std::string_view email) {
    RegisterCommand command;
    command.form.email = email;
    command.form.password = kPassword;
    command.form.repeated_password = kPassword;
    command.form.agreed_to_privacy_policy = true;
    command.client_address = "10.0.0.1";
    auto result = register_account(std::move(command));
    return result.value().user;
  }

  Result<SessionTokens> log_in_as(std::string_view email, std::string_view password = kPassword) {
    return log_in({.email = std::string(email),
                   .password = std::string(password),
                   .client_address = "10.0.0.1"});
  }

  static StaffActor member(StaffRole role, std::int64_t id = 900) {
    return {.id = UserId{id},
            .email = std::string(name_of(role)) + "@shop.test",
            .role = role,
            .session = "session",
            .expires_at = {}};
  }

  Result<AdjustedBalance> adjust(UserId customer, std::string direction, std::string amount,
                                 std::string key, StaffRole role = StaffRole::Support,
                                 std::string reason = "Goodwill") {
    return adjust_balance({.actor = member(role),
                           .customer = customer,
                           .idempotency_key = std::move(key),
                           .direction = std::move(direction),
                           .amount = std::move(amount),
                           .reason = std::move(reason),
                           .address = "203.0.113.9"});
  }

  std::int64_t balance_of(UserId customer) {
    return fakes::InMemoryLedger(store.state).customer_balance(customer);
  }

  SearchCustomers search{store};
  GetCustomerForStaff get{store, clock};
  CustomerLedger ledger{store};
  SignOutEverywhere sign_out_everywhere{store, clock};
  LockCustomer lock{store, clock};
  UnlockCustomer unlock{store, clock};
  AdjustBalance adjust_balance{store, clock, {.adjustment_limit_eur_cents = 5000}};
};

// --- Permissions ---------------------------------------------------------------------------

TEST_F(CustomerDesk, ARoleWithoutThePermission_IsRefusedByEveryUseCaseAndNothingIsWritten) {
  const auto ann = registered("ann@example.com");
  const auto catalogue = member(StaffRole::Catalogue);
  const auto before = store.state;
  const auto refused = [](const auto& result) {
    return !result && result.error().kind == ErrorKind::Forbidden &&
           result.error().fields.messages("") ==
               std::vector<std::string>{"Your role does not allow this."};
  };
  EXPECT_TRUE(refused(search(catalogue, {})));
  EXPECT_TRUE(refused(get(catalogue, ann)));
  EXPECT_TRUE(refused(ledger(catalogue, ann, {}, {})));
  EXPECT_TRUE(refused(sign_out_everywhere(catalogue, ann, "203.0.113.9")));
  EXPECT_TRUE(refused(lock({.actor = catalogue, .customer = ann, .reason = {}, .address = {}})));
  EXPECT_TRUE(refused(unlock(catalogue, ann, "203.0.113.9")));
  EXPECT_TRUE(refused(adjust(ann, "credit", "5.00", "key-00001", StaffRole::Catalogue)));
  EXPECT_THAT(store.state.audit_log, IsEmpty());
  EXPECT_THAT(store.state.balance_adjustments, IsEmpty());
  EXPECT_EQ(store.state.accounts[0].locked_at, before.accounts[0].locked_at);
}

// --- Search and the customer's file ----------------------------------------------------------

TEST_F(CustomerDesk, Search_MatchesTheEmailAnywhereAndNamesByTheirStart_InPages) {
  const auto ann = registered("ann@example.com");
  registered("bob@shop.test");
  const auto zoe = registered("zoe@other.test");
  store.state.accounts[2].first_name = "Annika";
  store.state.accounts[1].last_name = "Hannover";  // "ann" inside a name does not match
  const auto support = member(StaffRole::Support);

  const auto found = search(support, {.text = " ANN ", .sort = {}, .page = {}, .page_size = {}});
  ASSERT_TRUE(found);
  EXPECT_EQ(found->customers.total, 2);
  ASSERT_THAT(found->customers.items, SizeIs(2));
  EXPECT_EQ(found->customers.items[0].id, ann);  // by e-mail
  EXPECT_EQ(found->customers.items[1].id, zoe);

  const auto second =
      search(support, {.text = {}, .sort = "-createdAt", .page = "2", .page_size = "2"});
  ASSERT_TRUE(second);
  EXPECT_EQ(second->customers.total, 3);
  ASSERT_THAT(second->customers.items, SizeIs(1));
  EXPECT_EQ(second->customers.items[0].id, ann);  // the oldest, on the second page

  const auto bad = search(support, {.text = {}, .sort = "name", .page = "0", .page_size = "101"});
  ASSERT_FALSE(bad);
  EXPECT_THAT(messages(bad.error(), "Sort"), ElementsAre("Sort by email or -createdAt."));
  EXPECT_THAT(messages(bad.error(), "Page"), SizeIs(1));
  EXPECT_THAT(messages(bad.error(), "PageSize"), SizeIs(1));
}

TEST_F(CustomerDesk, TheFile_ShowsLiveSessionsOnly_AndAnUnknownIdIsNotFound) {
  const auto ann = registered("ann@example.com");
  ASSERT_TRUE(log_in_as("ann@example.com"));
  clock.advance(std::chrono::seconds(60));
  const auto second = log_in_as("ann@example.com").value();
  ASSERT_TRUE(refresh(second.refresh_token));

  const auto file = get(member(StaffRole::Support), ann);
  ASSERT_TRUE(file);
  EXPECT_EQ(file->customer.email, "ann@example.com");
  ASSERT_THAT(file->sessions, SizeIs(2));
  EXPECT_GT(file->sessions[0].signed_in_at, file->sessions[1].signed_in_at);  // newest first

  const auto missing = get(member(StaffRole::Support), UserId{404});
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().kind, ErrorKind::NotFound);
  EXPECT_THAT(messages(missing.error(), ""), ElementsAre("No such customer."));
}

// --- Sessions and the lock ---------------------------------------------------------------------

TEST_F(CustomerDesk, SignOutEverywhere_EndsEveryLoginAndItsAccessTokensAtOnce) {
  const auto ann = registered("ann@example.com");
  const auto phone = log_in_as("ann@example.com").value();
  const auto laptop = log_in_as("ann@example.com").value();
  ASSERT_TRUE(authenticate(phone.access_token));

  ASSERT_TRUE(sign_out_everywhere(member(StaffRole::Support), ann, "203.0.113.9"));

  EXPECT_EQ(authenticate(phone.access_token).error().kind, ErrorKind::Unauthenticated);
  EXPECT_EQ(authenticate(laptop.access_token).error().kind, ErrorKind::Unauthenticated);
  EXPECT_FALSE(refresh(laptop.refresh_token));
  ASSERT_THAT(store.state.audit_log, SizeIs(1));
  EXPECT_EQ(store.state.audit_log[0].action, "customer.sign_out_everywhere");
  EXPECT_EQ(store.state.audit_log[0].object, fmt::format("customer:{}", ann.value));
  EXPECT_EQ(store.state.audit_log[0].before, R"({"sessions":"2"})");
  // Signing in again still works: it ended sessions, it did not lock the account.
  EXPECT_TRUE(log_in_as("ann@example.com"));
}

TEST_F(CustomerDesk, ALock_EndsTheSessionsAndRefusesTheLoginOnlyAfterARightPassword) {
  const auto ann = registered("ann@example.com");
  const auto tokens_before = log_in_as("ann@example.com").value();

  const auto locked = lock({.actor = member(StaffRole::Support),
                            .customer = ann,
                            .reason = "Chargeback fraud",
                            .address = "203.0.113.9"});
  ASSERT_TRUE(locked);
  EXPECT_TRUE(locked->locked_at);

  EXPECT_EQ(authenticate(tokens_before.access_token).error().kind, ErrorKind::Unauthenticated);
  EXPECT_FALSE(refresh(tokens_before.refresh_token));
  const auto refused = log_in_as("ann@example.com");
  ASSERT_FALSE(refused);
  EXPECT_THAT(messages(refused.error(), ""),
              ElementsAre("This account is locked: write to support."));
  // A wrong password says nothing of the lock.
  EXPECT_THAT(messages(log_in_as("ann@example.com", "wrong password!").error(), ""),
              ElementsAre(std::string(LogIn::kWrongCredentials)));
  ASSERT_THAT(store.state.audit_log, SizeIs(1));
  EXPECT_EQ(store.state.audit_log[0].action, "customer.lock");
  EXPECT_EQ(store.state.audit_log[0].after, R"({"locked":"true","reason":"Chargeback fraud"})");

  ASSERT_TRUE(unlock(member(StaffRole::Support), ann, "203.0.113.9"));
  EXPECT_TRUE(log_in_as("ann@example.com"));
  EXPECT_EQ(store.state.audit_log.back().action, "customer.unlock");
}

TEST_F(CustomerDesk, ALockedAccountsAccessToken_IsRefusedEvenWithItsLoginUnrevoked) {
  const auto ann = registered("ann@example.com");
  const auto session = log_in_as("ann@example.com").value();
  // The lock as another server might see it half-way: the account locked, its tokens not yet
  // revoked. Authenticate reads the lock itself.
  store.state.accounts[0].locked_at = std::chrono::floor<std::chrono::seconds>(clock.now());
  EXPECT_EQ(authenticate(session.access_token).error().kind, ErrorKind::Unauthenticated);
  store.state.accounts[0].locked_at.reset();
  EXPECT_TRUE(authenticate(session.access_token));
  (void)ann;
}

// --- Adjustments ------------------------------------------------------------------------------

TEST_F(CustomerDesk, ACredit_PostsAgainstAdjustmentsAndIsAuditedWithBothBalances) {
  const auto ann = registered("ann@example.com");
  const auto credited = adjust(ann, "credit", "5.00", "key-00001");
  ASSERT_TRUE(credited);
  EXPECT_FALSE(credited->replayed);
  EXPECT_EQ(credited->adjustment.balance_after_micro_eur, 5'000'000);
  EXPECT_EQ(balance_of(ann), 5'000'000);
  const auto entries = fakes::InMemoryLedger(store.state)
                           .entries(fmt::format("adjustment:{}", credited->adjustment.id.value));
  ASSERT_THAT(entries, SizeIs(2));
  EXPECT_EQ(entries[0].account, LedgerAccount::adjustments());
  EXPECT_EQ(entries[0].side, Side::Debit);
  EXPECT_EQ(entries[1].account, LedgerAccount::customer(ann));
  EXPECT_EQ(entries[1].side, Side::Credit);

  const auto debited = adjust(ann, "debit", "1.80", "key-00002");
  ASSERT_TRUE(debited);
  EXPECT_EQ(balance_of(ann), 3'200'000);
  const auto& record = store.state.audit_log.back();
  EXPECT_EQ(record.action, "customer.adjustment");
  EXPECT_EQ(record.object, fmt::format("customer:{}", ann.value));
  EXPECT_EQ(record.before, R"({"balance":"5.00 EUR"})");
  EXPECT_EQ(record.after,
            R"({"balance":"3.20 EUR","direction":"debit","amount":"1.80 EUR","reason":"Goodwill",)"
            R"("adjustment":"2"})");
}

TEST_F(CustomerDesk, ADebitPastTheBalance_IsRefusedWithWhatItHoldsAndWritesNothing) {
  const auto ann = registered("ann@example.com");
  ASSERT_TRUE(adjust(ann, "credit", "3.20", "key-00001"));
  const auto before = store.state;

  const auto refused = adjust(ann, "debit", "3.21", "key-00002");
  ASSERT_FALSE(refused);
  EXPECT_THAT(messages(refused.error(), "amount"), ElementsAre("The balance holds only 3.20 EUR."));
  EXPECT_EQ(store.state.ledger, before.ledger);
  EXPECT_EQ(store.state.balance_adjustments, before.balance_adjustments);
  EXPECT_EQ(store.state.audit_log, before.audit_log);
  // The whole balance may go.
  EXPECT_TRUE(adjust(ann, "debit", "3.20", "key-00003"));
  EXPECT_EQ(balance_of(ann), 0);
}

TEST_F(CustomerDesk, AboveTheLimit_OnlyAnOwnerMayAdjust) {
  const auto ann = registered("ann@example.com");
  const auto refused = adjust(ann, "credit", "50.01", "key-00001", StaffRole::Support);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().kind, ErrorKind::Forbidden);
  EXPECT_THAT(messages(refused.error(), ""),
              ElementsAre("Only an owner may adjust a balance by more than 50.00 EUR."));
  EXPECT_THAT(store.state.balance_adjustments, IsEmpty());
  EXPECT_TRUE(adjust(ann, "credit", "50.00", "key-00002", StaffRole::Support));
  EXPECT_TRUE(adjust(ann, "credit", "50.01", "key-00003", StaffRole::Owner));
  EXPECT_EQ(balance_of(ann), 100'010'000);
}

TEST_F(CustomerDesk, BadAmountsDirectionsReasonsAndKeys_AreRefusedOnTheirFields) {
  const auto ann = registered("ann@example.com");
  const auto amount_message = [&](std::string amount) {
    return messages(adjust(ann, "credit", std::move(amount), "key-00001").error(), "amount");
  };
  EXPECT_THAT(amount_message("-1"), ElementsAre("Must be more than zero."));
  EXPECT_THAT(amount_message("0"), ElementsAre("Must be more than zero."));
  EXPECT_THAT(amount_message("1.005"), ElementsAre("Use at most 2 decimals for EUR."));
  EXPECT_THAT(amount_message("abc"), ElementsAre("Must be an amount such as 12.50."));
  EXPECT_THAT(amount_message(""), ElementsAre("Must be an amount such as 12.50."));
  EXPECT_THAT(amount_message("1000000.01"), ElementsAre("This amount is too large."));
  const auto everything = adjust(ann, "refund", "5.00", "short", StaffRole::Support, "  ");
  ASSERT_FALSE(everything);
  EXPECT_THAT(messages(everything.error(), "direction"), ElementsAre("Choose credit or debit."));
  EXPECT_THAT(messages(everything.error(), "reason"), ElementsAre("Say why."));
  EXPECT_THAT(messages(everything.error(), "Idempotency-Key"),
              ElementsAre("Send an Idempotency-Key of 8 to 64 characters."));
  EXPECT_THAT(
      messages(adjust(ann, "credit", "5.00", "key-00001", StaffRole::Support, std::string(501, 'x'))
                   .error(),
               "reason"),
      ElementsAre("Say why."));
  EXPECT_THAT(store.state.balance_adjustments, IsEmpty());
  EXPECT_THAT(store.state.ledger, IsEmpty());
}

TEST_F(CustomerDesk, TheSameKey_AnswersTheFirstAdjustment_AndWithAnotherRequestIsRefused) {
  const auto ann = registered("ann@example.com");
  const auto first = adjust(ann, "credit", "5.00", "key-00001");
  ASSERT_TRUE(first);
  const auto again = adjust(ann, "credit", "5.00", "key-00001");
  ASSERT_TRUE(again);
  EXPECT_TRUE(again->replayed);
  EXPECT_EQ(again->adjustment, first->adjustment);
  EXPECT_EQ(balance_of(ann), 5'000'000);

  const auto other = adjust(ann, "credit", "6.00", "key-00001");
  ASSERT_FALSE(other);
  EXPECT_THAT(messages(other.error(), "Idempotency-Key"),
              ElementsAre("This key was used for another adjustment."));
  EXPECT_THAT(store.state.balance_adjustments, SizeIs(1));
}

TEST_F(CustomerDesk, TheLedger_ShowsEachEntryWithTheBalanceAfterIt_AcrossPages) {
  const auto ann = registered("ann@example.com");
  for (int i = 1; i <= 5; ++i) {
    clock.advance(std::chrono::seconds(60));
    ASSERT_TRUE(adjust(ann, "credit", fmt::format("{}.00", i), fmt::format("credit-{:04}", i)));
  }
  ASSERT_TRUE(adjust(ann, "debit", "4.00", "debit-0001"));  // 15 - 4 = 11
  const auto support = member(StaffRole::Support);

  const auto first = ledger(support, ann, "1", "4");
  ASSERT_TRUE(first);
  EXPECT_EQ(first->total, 6);
  std::vector<std::pair<std::int64_t, std::int64_t>> seen;
  for (const auto& item : first->items) {
    seen.emplace_back(item.line.amount_micro_eur, item.line.balance_after_micro_eur);
  }
  const auto second = ledger(support, ann, "2", "4");
  ASSERT_TRUE(second);
  for (const auto& item : second->items) {
    seen.emplace_back(item.line.amount_micro_eur, item.line.balance_after_micro_eur);
  }
  EXPECT_THAT(seen, ElementsAre(std::pair(-4'000'000, 11'000'000), std::pair(5'000'000, 15'000'000),
                                std::pair(4'000'000, 10'000'000), std::pair(3'000'000, 6'000'000),
                                std::pair(2'000'000, 3'000'000), std::pair(1'000'000, 1'000'000)));
  EXPECT_EQ(first->items[0].description, "Adjustment: Goodwill");
}

}  // namespace
}  // namespace artshop
