// Two customers' orders paid from their balances, in two SERIALIZABLE transactions held open
// side by side, on the shop's schema with the real driver and no retry: different customers
// spend different money, so PostgreSQL must let both commit. Each transaction pauses after it
// read its balance until the other has read too, then writes while the other is still open:
// the interleaving in which a predicate lock shared by the two (an index page, a whole table)
// fails one of them with SQLSTATE 40001.
#include <gtest/gtest.h>

#include <atomic>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "artshop/core/orders/place_order.hpp"
#include "artshop/postgres/connection_pool.hpp"
#include "artshop/postgres/postgres_unit_of_work.hpp"
#include "artshop/postgres/transaction.hpp"
#include "artshop/sql/bound_repositories.hpp"
#include "contract/test_cipher.hpp"
#include "postgres/fixture.hpp"
#include "support/narrowing.hpp"
#include "support/order_commands.hpp"
#include "unit/fakes/fake_ports.hpp"
#include "unit/fakes/order_fakes.hpp"

namespace artshop::postgres {
namespace {

constexpr std::chrono::sys_seconds kNow{std::chrono::seconds(1'800'000'000)};
constexpr std::int64_t kPictureCents = 9'50;
constexpr std::int64_t kGiftCardCents = 25'00;

// Opened once and never closed again: what one transaction tells the other it has done.
class Gate {
 public:
  void open() {
    open_.store(true);
    open_.notify_all();
  }
  void wait() const { open_.wait(false); }

 private:
  std::atomic<bool> open_{false};
};

// The two transactions' turns: both read their balances, then the first writes, then the
// second, while the first waits to commit; the first commits, then the second.
struct Schedule {
  Gate read[2];
  Gate wrote[2];
  Gate committed[2];
};

// The shop's ledger, with a pause after a balance is read.
class PausingLedger final : public Ledger {
 public:
  PausingLedger(Ledger& ledger, std::function<void()> after_balance)
      : ledger_(ledger), after_balance_(std::move(after_balance)) {}
  void post(const Posting& posting) override { ledger_.post(posting); }
  std::int64_t customer_balance(UserId user) override {
    const auto balance = ledger_.customer_balance(user);
    after_balance_();
    return balance;
  }
  std::vector<LedgerEntry> entries(std::string_view reference) override {
    return ledger_.entries(reference);
  }

 private:
  Ledger& ledger_;
  std::function<void()> after_balance_;
};

// Runs one write, once, SERIALIZABLE on a connection of its own, taking turn `turn` (0 or 1)
// of `schedule`; keeps the SQLSTATE of the error that failed it, if one did.
class ScheduledUnitOfWork final : public UnitOfWork {
 public:
  ScheduledUnitOfWork(std::string url, const GiftCardNumberCipher& cipher, Schedule& schedule,
                      int turn)
      : url_(std::move(url)), cipher_(cipher), schedule_(schedule), turn_(turn) {}

  void run(Mode /*mode*/, const std::function<bool(Repositories&)>& work) override {
    const int other = 1 - turn_;
    try {
      Connection connection(url_);
      Transaction transaction(connection, "BEGIN ISOLATION LEVEL SERIALIZABLE");
      sql::BoundRepositories bound(connection, &cipher_);
      PausingLedger ledger(bound.ledger, [&] {
        schedule_.read[turn_].open();
        schedule_.read[other].wait();
        if (turn_ == 1) schedule_.wrote[0].wait();
      });
      auto repos = with_ledger(bound.view, ledger);
      const bool keep = work(repos);
      schedule_.wrote[turn_].open();
      (turn_ == 0 ? schedule_.wrote[1] : schedule_.committed[0]).wait();
      if (keep) transaction.commit();
      schedule_.committed[turn_].open();
    } catch (const DatabaseError& error) {
      failure = error.sqlstate() + " " + error.what();
      // The other transaction is not kept waiting for this one.
      schedule_.read[turn_].open();
      schedule_.wrote[turn_].open();
      schedule_.committed[turn_].open();
      throw;
    }
  }

  std::string failure;

 private:
  static Repositories with_ledger(const Repositories& all, Ledger& ledger) {
    return {.accounts = all.accounts,
            .refresh_tokens = all.refresh_tokens,
            .reset_codes = all.reset_codes,
            .rate_limits = all.rate_limits,
            .offers = all.offers,
            .settings = all.settings,
            .payments = all.payments,
            .orders = all.orders,
            .ledger = ledger,
            .gift_cards = all.gift_cards,
            .artworks = all.artworks,
            .payment_events = all.payment_events,
            .idempotency = all.idempotency,
            .generated_images = all.generated_images,
            .support_tickets = all.support_tickets,
            .leases = all.leases,
            .mail_outbox = all.mail_outbox,
            .staff = all.staff,
            .audit_log = all.audit_log,
            .customer_records = all.customer_records,
            .refunds = all.refunds,
            .staff_orders = all.staff_orders,
            .sales_reports = all.sales_reports,
            .catalogue_records = all.catalogue_records};
  }

  std::string url_;
  const GiftCardNumberCipher& cipher_;
  Schedule& schedule_;
  int turn_;
};

class OrderConflicts : public ShopPostgresTest {
 protected:
  // A customer with `cents` on their balance, as a paid deposit leaves it.
  UserId funded_customer(std::string_view email, std::int64_t cents) {
    return transactions
        .write([&](Repositories& repos) -> Result<UserId> {
          const auto user = *repos.accounts.insert(email, "hash", kNow);
          const Money paid(cents, Currency::EUR);
          const Rate euro{Rate::kScale};
          repos.ledger.post(
              Posting::Builder("deposit:" + std::string(email), kNow)
                  .debit(LedgerAccount::provider_cash(), cents * kMicroEurPerCent, paid, euro)
                  .credit(LedgerAccount::customer(user), cents * kMicroEurPerCent, paid, euro)
                  .build()
                  .value());
          return user;
        })
        .value();
  }

  // One picture on sale, at kPictureCents.
  CartLine picture() {
    Offer offer;
    offer.url_name = "harbour";
    offer.title = "Harbour";
    offer.category = "landscapes";
    offer.width = 3072;
    offer.height = 2048;
    offer.created_at = kNow;
    offer.attributes = {{.id = {},
                         .name = "HD",
                         .long_edge = 1920,
                         .licence = Licence::Personal,
                         .price_eur_cents = kPictureCents}};
    offer.images = {.thumbnail_webp = "t.webp",
                    .thumbnail_jpeg = "t.jpg",
                    .preview_webp = "p.webp",
                    .preview_jpeg = "p.jpg"};
    const auto stored =
        transactions
            .write([&](Repositories& repos) -> Result<Offer> {
              repos.offers.upsert_category({.url_name = "landscapes", .title = "Landscapes"});
              const auto id = repos.offers.insert(offer);
              return *repos.offers.find_by_id(*id);
            })
            .value();
    return {.offer_id = stored.id.value, .offer_attribute_id = stored.attributes.front().id.value};
  }

  std::int64_t balance_cents(UserId user) {
    return transactions
               .read([&](Repositories& repos) -> Result<std::int64_t> {
                 return repos.ledger.customer_balance(user);
               })
               .value() /
           kMicroEurPerCent;
  }

  contract::ReversingCipher cipher;
  ConnectionPool pool{shop_url, 2};
  PostgresUnitOfWork transactions{pool, &cipher};
  fakes::FixedClock clock;
  fakes::FixedRates rates;
  fakes::RecordingGateway gateway;
  fakes::PlainDigests digests;
};

TEST_F(OrderConflicts,
       TwoCustomersBalanceOrdersInterleaved_BothCommitWithoutASerializationFailure) {
  const auto item = picture();
  const UserId customers[2] = {funded_customer("ann@example.com", 100'00),
                               funded_customer("bob@example.com", 100'00)};
  Schedule schedule;
  ScheduledUnitOfWork units[2] = {{shop_url, cipher, schedule, 0}, {shop_url, cipher, schedule, 1}};
  std::optional<Result<PlacedOrder>> placed[2];
  {
    std::jthread orders[2];
    for (int turn = 0; turn < 2; ++turn) {
      orders[turn] = std::jthread([&, turn] {
        // Each customer's draws differ (payment reference, gift-card number).
        fakes::CountingRandom own_random;
        std::vector<std::byte> skipped(static_cast<std::size_t>(turn));
        own_random.fill(skipped);
        const FulfilPaidOrder fulfil{own_random, digests};
        PlaceOrder place{
            testing::Narrowing{units[turn]}, rates, &gateway, own_random, fulfil, clock};
        try {
          placed[turn] = place(testing::order_of(customers[turn], {item}, kGiftCardCents, true));
        } catch (const sql::DatabaseError&) {
          // kept in units[turn].failure
        }
      });
    }
  }

  for (int turn = 0; turn < 2; ++turn) {
    EXPECT_EQ(units[turn].failure, "") << "customer " << turn << "'s order failed to commit";
    ASSERT_TRUE(placed[turn] && *placed[turn]) << "customer " << turn;
    EXPECT_EQ((*placed[turn])->order.payment.status, PaymentStatus::Paid);
    EXPECT_EQ(balance_cents(customers[turn]), 100'00 - kPictureCents - kGiftCardCents);
  }
  EXPECT_EQ(integer("SELECT count(*) FROM orders JOIN payments ON payments.id = payment_id "
                    "WHERE status = 'Paid'"),
            2);
  EXPECT_EQ(integer("SELECT count(*) FROM artworks"), 2);
  EXPECT_EQ(integer("SELECT count(*) FROM gift_cards"), 2);
}

}  // namespace
}  // namespace artshop::postgres
