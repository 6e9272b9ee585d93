#include <gmock/gmock.h>

#include <stdexcept>

#include "artshop/core/error.hpp"
#include "contract/store_contract.hpp"

namespace artshop::contract {
namespace {

using namespace std::chrono_literals;
using ::testing::IsEmpty;
using Mode = UnitOfWork::Mode;

// Writes through every kind of repository a money write touches, so that a rollback which
// forgets one of them shows.
void write_everywhere(Repositories& repos, const Order& order_to_place) {
  const auto ann = order_to_place.payment.user;
  const auto offer = order_to_place.lines.at(0).offer;
  repos.accounts.insert("bob@example.com", "hash", kNow);
  repos.accounts.update_names(ann, "Ann", "Changed");
  repos.settings.set("catalogue.seeded", "yes");
  const auto order = insert_order(repos, order_to_place);
  repos.orders.reserve_exclusive(offer, order);
  repos.offers.mark_sold_out(offer);
  repos.ledger.post(Posting::Builder("deposit:rolled-back", kNow)
                        .debit(LedgerAccount::provider_cash(), 1'000'000, Money(100, Currency::EUR),
                               Rate{Rate::kScale})
                        .credit(LedgerAccount::customer(ann), 1'000'000, Money(100, Currency::EUR),
                                Rate{Rate::kScale})
                        .build()
                        .value());
  repos.payment_events.record({.event_id = "evt_rolled_back"}, kNow);
  repos.idempotency.insert({.user = ann,
                            .key = "key-1",
                            .request_hash = "hash",
                            .state = IdempotencyState::Running,
                            .outcome = std::nullopt,
                            .created_at = kNow});
  repos.rate_limits.add("login:ip:1", kNow);
}

// Whether anything write_everywhere wrote can be seen, or still holds a unique value.
void expect_nothing_left_behind(UnitOfWork& transactions, const Order& order_not_placed) {
  const auto ann = order_not_placed.payment.user;
  const auto offer = order_not_placed.lines.at(0).offer;
  transactions.run(Mode::Read, [&](Repositories& repos) {
    EXPECT_FALSE(repos.accounts.find_by_email("bob@example.com"));
    EXPECT_EQ(repos.accounts.find_by_id(ann)->last_name, "");
    EXPECT_FALSE(repos.settings.get("catalogue.seeded"));
    EXPECT_FALSE(repos.payments.find_by_reference(order_not_placed.payment.reference));
    EXPECT_EQ(repos.offers.find_by_id(offer)->status, OfferStatus::Active);
    EXPECT_THAT(repos.ledger.entries("deposit:rolled-back"), IsEmpty());
    EXPECT_EQ(repos.ledger.customer_balance(ann), 0);
    EXPECT_FALSE(repos.idempotency.find(ann, "key-1", kNow - 1h));
    EXPECT_EQ(repos.rate_limits.count_since("login:ip:1", kNow - 1h), 0);
    return true;
  });
  transactions.run(Mode::Write, [&](Repositories& repos) {
    EXPECT_TRUE(repos.accounts.insert("bob@example.com", "hash", kNow));
    EXPECT_TRUE(repos.payment_events.record({.event_id = "evt_rolled_back"}, kNow));
    const auto order = insert_order(repos, order_not_placed);
    EXPECT_TRUE(repos.orders.reserve_exclusive(offer, order));
    return true;
  });
}

TEST_P(UnitOfWorkContract, AWriteThatReturnsAnError_LeavesNothingBehind) {
  const auto ann = add_account("ann@example.com");
  const auto offer = add_offer(an_offer("unique", kNow, 50'000, Licence::ExclusiveCommercial));
  const auto order = an_order(ann, offer, "rolled-back", kNow);
  const auto outcome = transactions().write([&](Repositories& repos) -> Result<int> {
    write_everywhere(repos, order);
    return std::unexpected(Error::conflict("sold out"));
  });
  EXPECT_FALSE(outcome);
  expect_nothing_left_behind(transactions(), order);
}

TEST_P(UnitOfWorkContract, AWriteThatThrows_LeavesNothingBehindAndTheExceptionGoesOn) {
  const auto ann = add_account("ann@example.com");
  const auto offer = add_offer(an_offer("unique", kNow, 50'000, Licence::ExclusiveCommercial));
  const auto order = an_order(ann, offer, "rolled-back", kNow);
  EXPECT_THROW(transactions().run(Mode::Write,
                                  [&](Repositories& repos) -> bool {
                                    write_everywhere(repos, order);
                                    throw std::runtime_error("disk full");
                                  }),
               std::runtime_error);
  expect_nothing_left_behind(transactions(), order);
}

TEST_P(UnitOfWorkContract, AWriteThatSucceeds_IsSeenByTheNextRead) {
  const auto ann = add_account("ann@example.com");
  const auto stored = transactions().write([&](Repositories& repos) -> Result<std::string> {
    repos.settings.set("catalogue.seeded", "yes");
    repos.accounts.update_names(ann, "Ann", "Example");
    return "stored";
  });
  EXPECT_EQ(stored, "stored");
  const auto seen = transactions().read([&](Repositories& repos) -> Result<std::string> {
    return repos.settings.get("catalogue.seeded").value_or("") + " " +
           repos.accounts.find_by_id(ann)->last_name;
  });
  EXPECT_EQ(seen, "yes Example");
}

TEST_P(UnitOfWorkContract, AReadNestedInAWrite_SeesWhatIsCommittedButNotTheWriteInProgress) {
  write([](Repositories& repos) { repos.settings.set("committed", "yes"); });
  std::optional<std::string> committed;
  std::optional<std::string> in_progress;
  write([&](Repositories& outer) {
    outer.settings.set("in-progress", "yes");
    read([&](Repositories& nested) {
      committed = nested.settings.get("committed");
      in_progress = nested.settings.get("in-progress");
    });
  });
  EXPECT_EQ(committed, "yes");
  EXPECT_EQ(in_progress, std::nullopt);
  EXPECT_EQ(read([](Repositories& repos) { return repos.settings.get("in-progress"); }), "yes");
}

TEST_P(UnitOfWorkContract, AReadNestedInARead_SeesCommittedData) {
  write([](Repositories& repos) { repos.settings.set("committed", "yes"); });
  const auto seen = read([&](Repositories&) {
    return read([](Repositories& nested) { return nested.settings.get("committed"); });
  });
  EXPECT_EQ(seen, "yes");
}

TEST_P(UnitOfWorkContract, AWriteOfAGuardedUpdateThatLost_CanRollBackTheRestOfItsWork) {
  const auto ann = add_account("ann@example.com");
  const auto offer = add_offer(an_offer("unique", kNow, 50'000, Licence::ExclusiveCommercial));
  const auto first = add_order(an_order(ann, offer, "first", kNow));
  write([&](Repositories& repos) { repos.orders.reserve_exclusive(offer, first); });
  const auto outcome = transactions().write([&](Repositories& repos) -> Result<OrderId> {
    const auto second = insert_order(repos, an_order(ann, offer, "second", kNow));
    if (!repos.orders.reserve_exclusive(offer, second)) {
      return std::unexpected(Error::conflict("held by another order"));
    }
    return second;
  });
  EXPECT_FALSE(outcome);
  EXPECT_FALSE(
      read([](Repositories& repos) { return repos.payments.find_by_reference("second"); }));
}

}  // namespace
}  // namespace artshop::contract
