#include "artshop/core/ports/transactions.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "artshop/core/accounts/get_profile.hpp"
#include "fakes/in_memory_store.hpp"

namespace artshop {
namespace {

using std::chrono::sys_seconds;

constexpr sys_seconds kCreated{std::chrono::seconds(1'800'000'000)};

// What an embedder writes: a backend over only the ports it has (accounts and the ledger),
// each transaction working on a copy that is kept when the work answers true.
class TwoPortStore {
 public:
  using Ports = Transactions<AccountRepository, Ledger>;

  Ports transactions() {
    return Ports([this](TransactionMode mode, const Ports::Work& work) {
      modes.push_back(mode);
      fakes::StoreState working = committed;
      fakes::InMemoryAccounts accounts(working);
      fakes::InMemoryLedger ledger(working);
      if (work(accounts, ledger)) committed = std::move(working);
    });
  }

  fakes::StoreState committed;
  std::vector<TransactionMode> modes;
};

Result<UserId> insert_ann(AccountRepository& accounts) {
  const auto id = accounts.insert("ann@example.com", "hash", kCreated);
  if (!id) return std::unexpected(Error::conflict("taken"));
  return *id;
}

TEST(Transactions, Write_WhoseWorkAnswersAValue_CommitsAndAnswersIt) {
  TwoPortStore store;
  const auto ann = store.transactions().write(
      [](TwoPortStore::Ports::Scope& tx) { return insert_ann(tx.get<AccountRepository>()); });

  ASSERT_TRUE(ann.has_value());
  ASSERT_EQ(store.committed.accounts.size(), 1U);
  EXPECT_EQ(store.committed.accounts[0].id, *ann);
  EXPECT_EQ(store.modes, std::vector{TransactionMode::Write});
}

TEST(Transactions, Write_WhoseWorkAnswersAnError_LeavesNothingBehind) {
  TwoPortStore store;
  const auto refused =
      store.transactions().write([](TwoPortStore::Ports::Scope& tx) -> Result<UserId> {
        (void)insert_ann(tx.get<AccountRepository>());
        return std::unexpected(Error::validation("email", "changed my mind"));
      });

  ASSERT_FALSE(refused.has_value());
  EXPECT_EQ(refused.error().kind, ErrorKind::Validation);
  EXPECT_TRUE(store.committed.accounts.empty());
}

TEST(Transactions, Work_ThatThrows_LeavesNothingBehindAndPassesTheExceptionOn) {
  TwoPortStore store;
  const auto throwing = [](TwoPortStore::Ports::Scope& tx) -> Result<void> {
    (void)insert_ann(tx.get<AccountRepository>());
    throw std::runtime_error("the disk is full");
  };

  EXPECT_THROW(store.transactions().write(throwing), std::runtime_error);
  EXPECT_TRUE(store.committed.accounts.empty());
}

TEST(Transactions, Read_OpensAReadTransaction) {
  TwoPortStore store;
  const auto balance =
      store.transactions().read([](TwoPortStore::Ports::Scope& tx) -> Result<std::int64_t> {
        return tx.get<Ledger>().customer_balance(UserId{1});
      });

  EXPECT_EQ(balance, 0);
  EXPECT_EQ(store.modes, std::vector{TransactionMode::Read});
}

TEST(Transactions, OverMorePorts_ServeAUseCaseThatNamesFewer) {
  TwoPortStore store;
  const auto ann = store.transactions().write(
      [](TwoPortStore::Ports::Scope& tx) { return insert_ann(tx.get<AccountRepository>()); });

  // GetProfile takes Transactions<AccountRepository>: the ledger is no business of it.
  GetProfile get_profile(store.transactions());
  const auto profile = get_profile(*ann);

  ASSERT_TRUE(profile.has_value());
  EXPECT_EQ(profile->email, "ann@example.com");
}

TEST(Transactions, WhoseBackendNeverRunsTheWork_FailLoudlyRatherThanAnswerNothing) {
  const Transactions<AccountRepository> skipping([](TransactionMode, const auto&) {});

  EXPECT_THROW(
      skipping.read([](Transactions<AccountRepository>::Scope&) -> Result<void> { return {}; }),
      std::logic_error);
}

TEST(Transactions, WhoseLastAttemptGaveNoAnswer_DoNotAnswerWhatAnEarlierAttemptAnswered) {
  // A backend that ran the work again after a conflict and then gave up without a word: its
  // first attempt's answer was rolled back with it.
  const Transactions<AccountRepository> giving_up([](TransactionMode, const auto& work) {
    fakes::StoreState working;
    fakes::InMemoryAccounts accounts(working);
    (void)work(accounts);
    try {
      (void)work(accounts);
    } catch (const std::runtime_error&) {
      // the backend's own way of failing, which it keeps to itself
    }
  });
  int attempt = 0;
  const auto answer_then_fail = [&](Transactions<AccountRepository>::Scope&) -> Result<int> {
    if (++attempt == 2) throw std::runtime_error("could not serialize access");
    return attempt;
  };

  EXPECT_THROW((void)giving_up.write(answer_then_fail), std::logic_error);
  EXPECT_EQ(attempt, 2);
}

TEST(Transactions, RunAgainByTheirBackend_AnswerWhatTheLastAttemptAnsweredAndCommitted) {
  fakes::InMemoryUnitOfWork store;
  store.attempts = 3;
  using Ports = Transactions<AccountRepository>;
  const Ports transactions = narrow<AccountRepository>(store);
  int attempt = 0;

  const auto answered = transactions.write([&](Ports::Scope& tx) -> Result<int> {
    (void)insert_ann(tx.get<AccountRepository>());
    return ++attempt;
  });

  EXPECT_EQ(answered, 3);
  EXPECT_EQ(store.state.accounts.size(), 1U) << "the attempts before the last were rolled back";
}

TEST(Narrow, OverAWholeUnitOfWork_PicksEachRepositoryByTypeInOneTransaction) {
  fakes::InMemoryUnitOfWork store;
  using Ports = Transactions<RateLimitRepository, AccountRepository>;
  const Ports transactions = narrow<RateLimitRepository, AccountRepository>(store);

  const auto written = transactions.write([](Ports::Scope& tx) {
    tx.get<RateLimitRepository>().add("register:10.0.0.1", kCreated);
    return insert_ann(tx.get<AccountRepository>());
  });

  ASSERT_TRUE(written.has_value());
  EXPECT_EQ(store.state.accounts.size(), 1U);
  EXPECT_EQ(store.state.rate_events.size(), 1U);
}

TEST(Narrow, WhenTheWorkFails_RollsBackEveryRepositoryItWroteTo) {
  fakes::InMemoryUnitOfWork store;
  using Ports = Transactions<AccountRepository, RateLimitRepository>;
  const Ports transactions = narrow<AccountRepository, RateLimitRepository>(store);

  const auto refused = transactions.write([](Ports::Scope& tx) -> Result<void> {
    tx.get<RateLimitRepository>().add("register:10.0.0.1", kCreated);
    (void)insert_ann(tx.get<AccountRepository>());
    return std::unexpected(Error::too_many_requests(std::chrono::seconds{1}));
  });

  EXPECT_FALSE(refused.has_value());
  EXPECT_TRUE(store.state.accounts.empty());
  EXPECT_TRUE(store.state.rate_events.empty());
}

}  // namespace
}  // namespace artshop
