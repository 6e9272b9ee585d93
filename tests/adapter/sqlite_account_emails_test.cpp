// Accounts stored when e-mails were folded for ASCII only, brought to today's normal form at
// start, in a real SQLite file with ICU's tables.
#include <gtest/gtest.h>

#include "artshop/core/error.hpp"
#include "artshop/sql/account_emails.hpp"
#include "artshop/sqlite/connection_pool.hpp"
#include "artshop/sqlite/migrations.hpp"
#include "artshop/sqlite/sqlite_unit_of_work.hpp"
#include "artshop/sqlite/transaction.hpp"
#include "artshop/unicode/icu_text_normaliser.hpp"
#include "support/temp_dir.hpp"

namespace artshop::sqlite {
namespace {

const std::chrono::sys_seconds kNow{std::chrono::seconds(1'800'000'000)};

class SqliteAccountEmails : public ::testing::Test {
 protected:
  SqliteAccountEmails() : pool(dir.path() / "artshop.db", 2), transactions(pool) {
    auto connection = pool.acquire();
    migrate(*connection, artshop_schema());
  }

  UserId add_account(std::string_view stored_email) {
    return transactions
        .write([&](Repositories& repos) -> Result<UserId> {
          return *repos.accounts.insert(stored_email, "hash", kNow);
        })
        .value();
  }

  sql::RenormalisedEmails renormalise() {
    auto connection = pool.acquire();
    Transaction transaction(*connection, Transaction::Kind::Immediate);
    auto report = sql::renormalise_account_emails(*connection, text);
    transaction.commit();
    return report;
  }

  std::optional<UserId> owner_of(std::string_view email) {
    return transactions
        .read([&](Repositories& repos) -> Result<std::optional<UserId>> {
          const auto account = repos.accounts.find_by_email(email);
          if (!account) return std::nullopt;
          return account->id;
        })
        .value();
  }

  testing::TempDir dir;
  ConnectionPool pool;
  SqliteUnitOfWork transactions;
  unicode::IcuTextNormaliser text;
};

TEST_F(SqliteAccountEmails, AnAddressStoredInAnOlderForm_IsFoundByItsNormalFormAfterwards) {
  const auto ann = add_account("\u00C4NN@example.com");  // as the ASCII-only folding left it
  const auto bob = add_account("bob@example.com");
  const auto report = renormalise();
  EXPECT_EQ(report.changed, 1);
  EXPECT_TRUE(report.collisions.empty());
  EXPECT_EQ(owner_of("\u00E4nn@example.com"), ann);
  EXPECT_EQ(owner_of("bob@example.com"), bob);
  EXPECT_EQ(renormalise().changed, 0) << "a second start finds nothing to do";
}

TEST_F(SqliteAccountEmails, TwoAccountsThatBecomeOneName_AreLeftAsTheyAreAndReported) {
  const auto upper = add_account("\u00C4NN@example.com");
  const auto lower = add_account("\u00E4nn@example.com");
  const auto report = renormalise();
  EXPECT_EQ(report.changed, 0);
  EXPECT_EQ(report.collisions, std::vector<std::int64_t>{upper.value});
  EXPECT_EQ(owner_of("\u00E4nn@example.com"), lower);
  EXPECT_EQ(owner_of("\u00C4NN@example.com"), upper) << "nothing is lost";
}

}  // namespace
}  // namespace artshop::sqlite
