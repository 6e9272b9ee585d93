// Chore leases as two servers of one shop see them: each with a pool of its own on one
// PostgreSQL database, the shop's schema and the real driver, taking the same lease at the
// same moment. One holds it; the other takes it over only once its term ended, and the first,
// having lost it, can neither renew it nor give it away.
#include <gtest/gtest.h>

#include <latch>
#include <thread>

#include "artshop/core/chore_leases.hpp"
#include "artshop/postgres/connection_pool.hpp"
#include "artshop/postgres/postgres_unit_of_work.hpp"
#include "contract/test_cipher.hpp"
#include "postgres/fixture.hpp"
#include "support/narrowing.hpp"
#include "unit/fakes/fake_ports.hpp"

namespace artshop::postgres {
namespace {

using namespace std::chrono_literals;

constexpr auto kTerm = 60s;

// One server of the shop: its own connections, and its name among the holders.
struct Server {
  Server(const std::string& url, const Clock& clock, std::string name)
      : pool(url, 2),
        transactions(pool, &cipher),
        chores(testing::Narrowing{transactions}, clock, std::move(name)) {}

  contract::ReversingCipher cipher;
  ConnectionPool pool;
  PostgresUnitOfWork transactions;
  ChoreLeases chores;
};

class PostgresLeases : public PostgresTest {
 protected:
  // On a database migrated with the shop's schema, rather than PostgresTest's empty one.
  void SetUp() override {
    url = new_database(true);
    db = std::make_unique<Connection>(url);
    a = std::make_unique<Server>(url, clock, "a");
    b = std::make_unique<Server>(url, clock, "b");
  }

  fakes::FixedClock clock;
  std::unique_ptr<Server> a;
  std::unique_ptr<Server> b;
};

TEST_F(PostgresLeases, TwoServersTakingAFreeLeaseAtOnce_ExactlyOneHoldsIt) {
  constexpr int kRounds = 40;
  for (int round = 0; round < kRounds; ++round) {
    const auto chore = "chore-" + std::to_string(round);
    std::latch start(2);
    bool a_holds = false;
    bool b_holds = false;
    std::jthread a_takes([&] {
      start.arrive_and_wait();
      a_holds = a->chores.take(chore, kTerm);
    });
    std::jthread b_takes([&] {
      start.arrive_and_wait();
      b_holds = b->chores.take(chore, kTerm);
    });
    a_takes.join();
    b_takes.join();
    EXPECT_NE(a_holds, b_holds) << "round " << round << ": exactly one of them holds " << chore;
    EXPECT_EQ(integer("SELECT count(*) FROM leases WHERE chore = '" + chore + "'"), 1);
  }
}

TEST_F(PostgresLeases, TheOtherTakesItOverOnlyWhenTheTermEnded_AndTheLoserCannotRenewIt) {
  ASSERT_TRUE(a->chores.take("seeding", kTerm));
  clock.advance(kTerm - 1s);
  EXPECT_FALSE(b->chores.take("seeding", kTerm)) << "a's term runs for one more second";

  clock.advance(1s);
  EXPECT_TRUE(b->chores.take("seeding", kTerm)) << "a's term ended: b takes it over";
  EXPECT_FALSE(a->chores.take("seeding", kTerm)) << "a lost it: its renewal is refused";

  a->chores.release("seeding");
  clock.advance(kTerm - 1s);
  EXPECT_TRUE(b->chores.take("seeding", kTerm)) << "a's release left b's lease alone";
  EXPECT_FALSE(a->chores.take("seeding", kTerm)) << "and b's renewal runs from now";
}

}  // namespace
}  // namespace artshop::postgres
