#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <thread>

#include "artshop/core/orders/expire_unpaid_orders.hpp"
#include "artshop/core/orders/get_balance.hpp"
#include "artshop/core/orders/get_deposit.hpp"
#include "artshop/core/orders/get_order.hpp"
#include "artshop/core/orders/handle_payment_event.hpp"
#include "artshop/core/orders/list_orders.hpp"
#include "artshop/core/orders/place_order.hpp"
#include "artshop/core/orders/receive_payment_webhook.hpp"
#include "artshop/core/orders/redeem_gift_card.hpp"
#include "artshop/core/orders/start_deposit.hpp"
#include "artshop/crypto/aes_gcm_gift_card_cipher.hpp"
#include "artshop/crypto/digests.hpp"
#include "artshop/crypto/openssl_random_source.hpp"
#include "artshop/sqlite/connection_pool.hpp"
#include "artshop/sqlite/migrations.hpp"
#include "artshop/sqlite/sqlite_unit_of_work.hpp"
#include "support/narrowing.hpp"
#include "support/order_commands.hpp"
#include "support/temp_dir.hpp"

namespace artshop::sqlite {
namespace {

using std::chrono::sys_seconds;
using namespace std::chrono_literals;
using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::SizeIs;

const sys_seconds kNow{std::chrono::seconds(1'800'000'000)};

class StillClock final : public Clock {
 public:
  std::chrono::system_clock::time_point now() const override { return time.load(); }
  std::atomic<std::chrono::system_clock::time_point> time{kNow};
};

class DefaultRates final : public ExchangeRateSource {
 public:
  ExchangeRates current() const override { return ExchangeRates::defaults(); }
};

class LinkGateway final : public PaymentGateway {
 public:
  Checkout create_checkout(const CheckoutRequest& request) override {
    const std::scoped_lock lock(mutex_);
    ++checkouts;
    return {.payment_link = "https://pay.test/" + request.reference, .provider_session = {}};
  }
  std::string_view signature_header() const override { return "Stripe-Signature"; }
  std::expected<PaymentEvent, WebhookError> parse_webhook(
      std::string_view, std::string_view, std::chrono::system_clock::time_point) override {
    return std::unexpected(WebhookError::Ignored);
  }
  int checkouts = 0;

 private:
  std::mutex mutex_;
};

// Runs `work(i)` on `count` threads released together, and waits for all of them.
template <class Work>
void race(int count, Work work) {
  std::atomic<bool> go{false};
  std::vector<std::thread> threads;
  for (int i = 0; i < count; ++i) {
    threads.emplace_back([&, i] {
      while (!go.load()) std::this_thread::yield();
      work(i);
    });
  }
  go = true;
  for (auto& thread : threads) thread.join();
}

using testing::Narrowing;
using testing::order_of;

class SqliteOrders : public ::testing::Test {
 protected:
  SqliteOrders() : pool(dir.path() / "artshop.db", 8), transactions(pool, &cipher) {
    auto connection = pool.acquire();
    migrate(*connection, artshop_schema());
  }

  UserId add_account(std::string email) {
    return transactions
        .write([&](Repositories& repos) -> Result<UserId> {
          return *repos.accounts.insert(email, "hash", kNow);
        })
        .value();
  }

  // An offer with one attribute; answers (offer id, attribute id).
  std::pair<OfferId, AttributeId> add_offer(std::string url_name, Licence licence,
                                            std::int64_t price_eur_cents) {
    return transactions
        .write([&](Repositories& repos) -> Result<std::pair<OfferId, AttributeId>> {
          repos.offers.upsert_category({.url_name = "art", .title = "Art", .offer_count = 0});
          Offer offer;
          offer.url_name = url_name;
          offer.title = url_name;
          offer.category = "art";
          offer.width = 1920;
          offer.height = 1080;
          offer.created_at = kNow;
          offer.attributes.push_back({.id = {},
                                      .name = "HD",
                                      .long_edge = 1920,
                                      .licence = licence,
                                      .price_eur_cents = price_eur_cents});
          const auto id = *repos.offers.insert(offer);
          return std::pair{id, repos.offers.find_by_id(id)->attributes.at(0).id};
        })
        .value();
  }

  void fund(UserId user, std::int64_t eur_cents) {
    const auto base = order_of(user, {}, 0, false);
    const auto started = deposit({.user = user,
                                  .names = base.names,
                                  .billing = base.billing,
                                  .amount = Money(eur_cents, Currency::EUR).amount_text(),
                                  .currency = "EUR",
                                  .agreed_to_terms = true,
                                  .browser = {},
                                  .urls = {}});
    ASSERT_TRUE(started);
    ASSERT_TRUE(handle({.event_id = "evt_" + started->deposit.reference,
                        .reference = started->deposit.reference,
                        .outcome = PaymentOutcome::Paid,
                        .amount = std::nullopt}));
  }

  std::int64_t balance_micro(UserId user) {
    return transactions
        .read([&](Repositories& repos) -> Result<std::int64_t> {
          return repos.ledger.customer_balance(user);
        })
        .value();
  }

  std::int64_t query_int(const std::string& sql) {
    auto connection = pool.acquire();
    auto row = connection->prepare(sql);
    row.step();
    return row.column_int(0);
  }

  // Total debits minus total credits over the whole ledger.
  std::int64_t ledger_imbalance() {
    return query_int(
        "SELECT coalesce(sum(CASE side WHEN 'Debit' THEN amount_micro_eur ELSE -amount_micro_eur "
        "END), 0) FROM ledger_entries");
  }

  artshop::testing::TempDir dir;
  ConnectionPool pool;
  SqliteUnitOfWork transactions;
  StillClock clock;
  DefaultRates rates;
  LinkGateway gateway;
  crypto::OpenSslRandomSource random;
  // Gift-card numbers are stored only sealed.
  crypto::AesGcmGiftCardNumberCipher cipher{
      {.id = "test-key", .secret = std::vector<std::byte>(32, std::byte{7})}, {}, random};
  crypto::Sha256TokenHasher digests;
  Narrowing store{transactions};
  FulfilPaidOrder fulfil{random, digests};
  PlaceOrder place{store, rates, &gateway, random, fulfil, clock};
  StartDeposit deposit{store, rates, gateway, random, clock};
  HandlePaymentEvent handle{store, fulfil, clock};
  ExpireUnpaidOrders expire{store, clock};
  RedeemGiftCard redeem{store, digests, clock, kDefaultRateLimits};
  ListOrders list_orders{store};

  // The use cases of one more app server on the same database file. With a unit of work of its
  // own, nothing in the process orders its writes against the others': only SQLite's locking
  // and the guarded updates do, as between separate processes.
  struct AppServer {
    explicit AppServer(SqliteOrders& shop)
        : transactions(shop.pool, &shop.cipher),
          place{Narrowing{transactions},
                shop.rates,
                &shop.gateway,
                shop.random,
                shop.fulfil,
                shop.clock},
          handle{Narrowing{transactions}, shop.fulfil, shop.clock},
          redeem{Narrowing{transactions}, shop.digests, shop.clock, kDefaultRateLimits} {}
    SqliteUnitOfWork transactions;
    PlaceOrder place;
    HandlePaymentEvent handle;
    RedeemGiftCard redeem;
  };
};

// --- Repositories --------------------------------------------------------------------------

TEST_F(SqliteOrders, AnOrderRoundTripsWithItsLinesGiftCardsPayerAndBrowser) {
  const auto ann = add_account("ann@example.com");
  const auto [offer, attribute] = add_offer("harbour", Licence::Commercial, 49'00);
  auto command = order_of(ann, {{offer.value, attribute.value}}, 10'00, false);
  command.currency = "usd";
  command.browser = {.javascript_enabled = true,
                     .accept_language = "nb-NO",
                     .screen_width = 1280,
                     .screen_height = 720,
                     .time_zone_offset = -60,
                     .user_agent = "Firefox"};
  const auto placed = place(command);
  ASSERT_TRUE(placed);
  const auto stored = transactions.read([&](Repositories& repos) -> Result<std::optional<Order>> {
    const auto payment = repos.payments.find_by_reference(placed->order.payment.reference);
    return payment ? repos.orders.find_by_payment(payment->id) : std::nullopt;
  });
  ASSERT_TRUE(stored && *stored);
  const Order& order = **stored;
  EXPECT_EQ(order.id, placed->order.id);
  EXPECT_EQ(order.lines, placed->order.lines);
  EXPECT_THAT(order.gift_cards, ElementsAre(GiftCardLine{placed->order.gift_cards.at(0)}));
  const auto& payment = order.payment;
  EXPECT_EQ(payment.purpose, PaymentPurpose::Order);
  EXPECT_EQ(payment.user, ann);
  EXPECT_EQ(payment.currency, Currency::USD);
  EXPECT_EQ(payment.rate, placed->order.payment.rate);
  EXPECT_EQ(payment.amount_minor, placed->order.payment.amount_minor);
  EXPECT_EQ(payment.billing, placed->order.payment.billing);
  EXPECT_EQ(payment.browser, command.browser);
  EXPECT_EQ(payment.status, PaymentStatus::Pending);
  EXPECT_EQ(payment.expires_at, kNow + kPaymentWindow);
  EXPECT_FALSE(payment.settled_at);
}

TEST_F(SqliteOrders, StatusChangesAreGuardedByTheStatusTheyLeave) {
  const auto ann = add_account("ann@example.com");
  const auto [offer, attribute] = add_offer("harbour", Licence::Personal, 19'00);
  const auto placed = place(order_of(ann, {{offer.value, attribute.value}}, 0, false));
  const auto moves = transactions.write([&](Repositories& repos) -> Result<std::vector<bool>> {
    const auto id = placed->order.payment.id;
    return std::vector<bool>{
        repos.payments.update_status(id, PaymentStatus::Pending, PaymentStatus::Failed, kNow,
                                     PaymentChangeSource::Webhook),
        repos.payments.update_status(id, PaymentStatus::Pending, PaymentStatus::Paid, kNow,
                                     PaymentChangeSource::Webhook)};
  });
  EXPECT_THAT(moves.value(), ElementsAre(true, false));
}

TEST_F(SqliteOrders, AnExclusiveOfferCanBeHeldByOneOrderAndOnlyWhileActive) {
  const auto ann = add_account("ann@example.com");
  const auto [offer, attribute] = add_offer("tower", Licence::ExclusiveCommercial, 300'00);
  const auto placed = place(order_of(ann, {{offer.value, attribute.value}}, 0, false));
  ASSERT_TRUE(placed);
  const auto result = transactions.write([&](Repositories& repos) -> Result<std::vector<bool>> {
    std::vector<bool> answers;
    answers.push_back(repos.orders.reserve_exclusive(offer, OrderId{placed->order.id.value}));
    repos.orders.release_reservations(placed->order.id);
    answers.push_back(repos.orders.reserve_exclusive(offer, placed->order.id));
    repos.orders.release_reservations(placed->order.id);
    answers.push_back(repos.offers.mark_sold_out(offer));
    answers.push_back(repos.offers.mark_sold_out(offer));
    answers.push_back(repos.orders.reserve_exclusive(offer, placed->order.id));
    return answers;
  });
  EXPECT_THAT(result.value(), ElementsAre(false, true, true, false, false));
}

TEST_F(SqliteOrders, TheLedgerRefusesUpdatesDeletesAndMalformedEntries) {
  const auto ann = add_account("ann@example.com");
  fund(ann, 50'00);
  auto connection = pool.acquire();
  EXPECT_THROW(connection->execute("UPDATE ledger_entries SET amount_micro_eur = 1"),
               DatabaseError);
  EXPECT_THROW(connection->execute("DELETE FROM ledger_entries"), DatabaseError);
  // CHECK constraints: no zero amount, a customer entry names its customer.
  EXPECT_THROW(connection->execute(
                   "INSERT INTO ledger_entries (posting, account_kind, account_id, side, "
                   "amount_micro_eur, original_minor, original_currency, rate_scaled, created_at) "
                   "VALUES ('x', 'ProviderCash', NULL, 'Debit', 0, 0, 'EUR', 1000000, 0)"),
               DatabaseError);
  EXPECT_THROW(connection->execute(
                   "INSERT INTO ledger_entries (posting, account_kind, account_id, side, "
                   "amount_micro_eur, original_minor, original_currency, rate_scaled, created_at) "
                   "VALUES ('x', 'CustomerBalance', NULL, 'Credit', 5, 0, 'EUR', 1000000, 0)"),
               DatabaseError);
  EXPECT_EQ(balance_micro(ann), 50'000'000);
}

TEST_F(SqliteOrders, TheLedgerKeepsEachEntrysOriginalAmountCurrencyAndRate) {
  const auto ann = add_account("ann@example.com");
  const auto base = order_of(ann, {}, 0, false);
  const auto started = deposit({.user = ann,
                                .names = base.names,
                                .billing = base.billing,
                                .amount = "1000",
                                .currency = "JPY",
                                .agreed_to_terms = true,
                                .browser = {},
                                .urls = {}});
  ASSERT_TRUE(started);
  ASSERT_TRUE(handle({.event_id = "evt_jpy",
                      .reference = started->deposit.reference,
                      .outcome = PaymentOutcome::Paid,
                      .amount = std::nullopt}));
  const auto entries =
      transactions.read([&](Repositories& repos) -> Result<std::vector<LedgerEntry>> {
        return repos.ledger.entries("deposit:" + started->deposit.reference);
      });
  ASSERT_THAT(entries.value(), SizeIs(2));
  const auto& credit = entries->at(1);
  EXPECT_EQ(credit.side, Side::Credit);
  EXPECT_EQ(credit.account, LedgerAccount::customer(ann));
  EXPECT_EQ(credit.original, Money(1000, Currency::JPY));
  EXPECT_EQ(credit.rate, *ExchangeRates::defaults().rate(Currency::JPY));
  EXPECT_EQ(credit.amount_micro_eur, *to_micro_eur(Money(1000, Currency::JPY), credit.rate));
  EXPECT_EQ(entries->at(0).account, LedgerAccount::provider_cash());
}

TEST_F(SqliteOrders, AGiftCardIsStoredByDigestAndRedeemedOnce) {
  const auto ann = add_account("ann@example.com");
  const auto bob = add_account("bob@example.com");
  const auto placed = place(order_of(ann, {}, 40'00, false));
  const auto handled = handle({.event_id = "evt_gc",
                               .reference = placed->order.payment.reference,
                               .outcome = PaymentOutcome::Paid,
                               .amount = std::nullopt});
  ASSERT_THAT(handled.value().gift_card_numbers, SizeIs(1));
  const auto number = handled->gift_card_numbers[0];
  const auto normalized = *normalize_gift_card_number(number);
  EXPECT_EQ(query_int("SELECT count(*) FROM gift_cards WHERE number_digest = '" +
                      digests.digest(normalized) + "'"),
            1);
  EXPECT_THAT(list_orders({.user = ann}).value().items.at(0).gift_card_numbers,
              ElementsAre(number));

  EXPECT_TRUE(redeem({.user = bob, .gift_card_number = number}));
  EXPECT_FALSE(redeem({.user = bob, .gift_card_number = number}));
  EXPECT_EQ(balance_micro(bob), 40'000'000);
  EXPECT_EQ(ledger_imbalance(), 0);
}

TEST_F(SqliteOrders, APaymentEventIdIsRecordedOnce) {
  const auto answers = transactions.write([&](Repositories& repos) -> Result<std::vector<bool>> {
    return std::vector<bool>{repos.payment_events.record({.event_id = "evt_1"}, kNow),
                             repos.payment_events.record({.event_id = "evt_1"}, kNow),
                             repos.payment_events.record({.event_id = "evt_2"}, kNow)};
  });
  EXPECT_THAT(answers.value(), ElementsAre(true, false, true));
}

TEST_F(SqliteOrders, IdempotencyKeysKeepTheFirstOutcomePerUserForADay) {
  const auto ann = add_account("ann@example.com");
  const auto bob = add_account("bob@example.com");
  const IdempotencyRecord first{.user = ann,
                                .key = "k-1",
                                .request_hash = "h1",
                                .state = IdempotencyState::Answered,
                                .outcome = IdempotentOutcome::order(OrderId{1}, "x"),
                                .created_at = kNow};
  const auto result = transactions.write([&](Repositories& repos) -> Result<bool> {
    EXPECT_TRUE(repos.idempotency.insert(first));
    auto replay = first;
    replay.request_hash = "h2";
    EXPECT_FALSE(repos.idempotency.insert(replay));
    auto other_user = first;
    other_user.user = bob;
    EXPECT_TRUE(repos.idempotency.insert(other_user));
    EXPECT_EQ(repos.idempotency.find(ann, "k-1", kNow - kIdempotencyKeyLifetime), first);
    EXPECT_EQ(repos.idempotency.find(ann, "k-2", kNow - kIdempotencyKeyLifetime), std::nullopt);
    EXPECT_EQ(repos.idempotency.find(ann, "k-1", kNow), std::nullopt);  // older than `since`
    repos.idempotency.prune(kNow + std::chrono::seconds(1));
    EXPECT_EQ(repos.idempotency.find(ann, "k-1", kNow - kIdempotencyKeyLifetime), std::nullopt);
    return true;
  });
  EXPECT_TRUE(result);
}

TEST_F(SqliteOrders, ExpiringReleasesTheExclusiveForTheNextBuyer) {
  const auto ann = add_account("ann@example.com");
  const auto bob = add_account("bob@example.com");
  const auto [offer, attribute] = add_offer("tower", Licence::ExclusiveCommercial, 300'00);
  ASSERT_TRUE(place(order_of(ann, {{offer.value, attribute.value}}, 0, false)));
  EXPECT_FALSE(place(order_of(bob, {{offer.value, attribute.value}}, 0, false)));
  clock.time = clock.time.load() + std::chrono::minutes(30);
  EXPECT_EQ(expire().value().orders, 1);
  EXPECT_TRUE(place(order_of(bob, {{offer.value, attribute.value}}, 0, false)));
}

// --- Real concurrency ----------------------------------------------------------------------

TEST_F(SqliteOrders, FiftyBalancePaidOrdersAgainstFundsForTen_ExactlyTenSucceed) {
  const auto ann = add_account("ann@example.com");
  const auto [offer, attribute] = add_offer("harbour", Licence::Personal, 20'00);
  fund(ann, 200'00);
  std::atomic<int> succeeded{0};
  std::atomic<int> insufficient{0};
  std::atomic<int> other{0};
  race(50, [&](int) {
    AppServer server(*this);
    const auto placed = server.place(order_of(ann, {{offer.value, attribute.value}}, 0, true));
    if (placed) {
      ++succeeded;
    } else if (placed.error().fields.messages(ValidationErrors::kGeneral) ==
               std::vector<std::string>{"Insufficient balance."}) {
      ++insufficient;
    } else {
      ++other;
    }
  });
  EXPECT_EQ(succeeded.load(), 10);
  EXPECT_EQ(insufficient.load(), 40);
  EXPECT_EQ(other.load(), 0);
  EXPECT_EQ(balance_micro(ann), 0);
  EXPECT_EQ(query_int("SELECT count(*) FROM orders"), 10);
  EXPECT_EQ(query_int("SELECT count(*) FROM artworks"), 10);
  EXPECT_EQ(ledger_imbalance(), 0);
}

TEST_F(SqliteOrders, TwentyConcurrentRedemptionsOfOneGiftCard_ExactlyOneSucceeds) {
  const auto ann = add_account("ann@example.com");
  std::vector<UserId> redeemers;
  for (int i = 0; i < 20; ++i) redeemers.push_back(add_account(fmt::format("r{}@example.com", i)));
  const auto placed = place(order_of(ann, {}, 100'00, false));
  const auto number = handle({.event_id = "evt_gc",
                              .reference = placed.value().order.payment.reference,
                              .outcome = PaymentOutcome::Paid,
                              .amount = std::nullopt})
                          .value()
                          .gift_card_numbers.at(0);
  std::atomic<int> succeeded{0};
  std::atomic<int> already_used{0};
  race(20, [&](int i) {
    AppServer server(*this);
    const auto redeemed =
        server.redeem({.user = redeemers[static_cast<std::size_t>(i)], .gift_card_number = number});
    if (redeemed) {
      ++succeeded;
    } else if (redeemed.error().kind == ErrorKind::Validation &&
               redeemed.error().fields.messages("giftCardNumber") ==
                   std::vector<std::string>{std::string(RedeemGiftCard::kAlreadyUsed)}) {
      ++already_used;
    }
  });
  EXPECT_EQ(succeeded.load(), 1);
  EXPECT_EQ(already_used.load(), 19);
  std::int64_t total = 0;
  for (const auto user : redeemers) total += balance_micro(user);
  EXPECT_EQ(total, 100'000'000);
  EXPECT_EQ(ledger_imbalance(), 0);
}

TEST_F(SqliteOrders, BuyersRacingForOneExclusiveOffer_OnlyOneGetsIt) {
  const auto [offer, attribute] = add_offer("tower", Licence::ExclusiveCommercial, 300'00);
  std::vector<UserId> buyers;
  for (int i = 0; i < 8; ++i) buyers.push_back(add_account(fmt::format("b{}@example.com", i)));
  for (std::size_t i = 0; i < 4; ++i) fund(buyers[i], 300'00);  // half pay from the balance
  std::atomic<int> succeeded{0};
  std::atomic<int> refused{0};
  race(8, [&](int i) {
    AppServer server(*this);
    const auto placed = server.place(
        order_of(buyers[static_cast<std::size_t>(i)], {{offer.value, attribute.value}}, 0, i < 4));
    if (placed) {
      ++succeeded;
    } else if (placed.error().fields.has("cartItems")) {
      ++refused;
    }
  });
  EXPECT_EQ(succeeded.load(), 1);
  EXPECT_EQ(refused.load(), 7);
  EXPECT_EQ(query_int("SELECT count(*) FROM orders"), 1);
  EXPECT_EQ(ledger_imbalance(), 0);
}

TEST_F(SqliteOrders, TwoPaymentEventsDeliveredTenTimesEachAtOnce_AreEachActedOnOnce) {
  const auto ann = add_account("ann@example.com");
  const auto [offer, attribute] = add_offer("harbour", Licence::Personal, 20'00);
  const auto placed = place(order_of(ann, {{offer.value, attribute.value}}, 30'00, false));
  const auto base = order_of(ann, {}, 0, false);
  const auto started = deposit({.user = ann,
                                .names = base.names,
                                .billing = base.billing,
                                .amount = "70.00",
                                .currency = "EUR",
                                .agreed_to_terms = true,
                                .browser = {},
                                .urls = {}});
  ASSERT_TRUE(placed && started);
  std::atomic<int> fulfilled{0};
  std::atomic<int> credited{0};
  std::atomic<int> repeated{0};
  race(20, [&](int i) {
    AppServer server(*this);
    const bool order_event = i % 2 == 0;
    const auto handled = server.handle(
        {.event_id = order_event ? "evt_order" : "evt_deposit",
         .reference = order_event ? placed->order.payment.reference : started->deposit.reference,
         .outcome = PaymentOutcome::Paid,
         .amount = std::nullopt});
    if (!handled) return;
    if (handled->outcome == PaymentEventOutcome::OrderFulfilled) ++fulfilled;
    if (handled->outcome == PaymentEventOutcome::DepositCredited) ++credited;
    if (handled->outcome == PaymentEventOutcome::AlreadyProcessed) ++repeated;
  });
  EXPECT_EQ(fulfilled.load(), 1);
  EXPECT_EQ(credited.load(), 1);
  EXPECT_EQ(repeated.load(), 18);
  EXPECT_EQ(balance_micro(ann), 70'000'000);
  EXPECT_EQ(query_int("SELECT count(*) FROM artworks"), 1);
  EXPECT_EQ(query_int("SELECT count(*) FROM gift_cards"), 1);
  // The gift card's mail was queued once, by the delivery that acted.
  EXPECT_EQ(query_int("SELECT count(*) FROM mail_outbox"), 1);
  EXPECT_EQ(query_int("SELECT count(*) FROM ledger_entries"), 3 + 2);
  EXPECT_EQ(ledger_imbalance(), 0);
}

// --- Migration 10: orders and deposits become payments ------------------------------------

constexpr int kVersionBeforePayments = 9;

// A database as version 9 left it: orders and deposits in every status, whose ids are what
// customers were answered; the pending order holds an exclusive picture with a line for it,
// the paid one (from the balance) bought a gift card and an artwork.
class SqlitePaymentsMigration : public ::testing::Test {
 protected:
  struct Row {
    std::int64_t id;
    std::string reference;
    PaymentStatus status;
    std::int64_t amount_minor;
    sys_seconds created_at;
  };
  // Ids with gaps, the deposits' overlapping the orders', as a live database has them.
  const std::vector<Row> orders{{1, "ord_pending", PaymentStatus::Pending, 300'00, kNow - 10min},
                                {2, "ord_paid", PaymentStatus::Paid, 25'00, kNow - 2h},
                                {5, "ord_failed", PaymentStatus::Failed, 12'00, kNow - 3h},
                                {9, "ord_expired", PaymentStatus::Expired, 19'00, kNow - 4h}};
  const std::vector<Row> deposits{{3, "dep_pending", PaymentStatus::Pending, 50'00, kNow - 5min},
                                  {7, "dep_paid", PaymentStatus::Paid, 70'00, kNow - 2h},
                                  {8, "dep_failed", PaymentStatus::Failed, 80'00, kNow - 3h},
                                  {12, "dep_expired", PaymentStatus::Expired, 90'00, kNow - 4h}};
  static constexpr std::string_view kPayer =
      "'Ann', 'Lee', 'NO', '', 'Oslo', 'Karl Johans gate 1', '0154', 1, 'nb', 1920, 1080, -60, "
      "'Firefox'";

  static std::string settled_at(const Row& row) {
    return row.status == PaymentStatus::Pending ? "NULL" : std::to_string(epoch(row.created_at));
  }
  static std::int64_t epoch(sys_seconds time) { return time.time_since_epoch().count(); }

  // Builds the version 9 database, migrates it as a start of the app does and answers whether
  // the connection has its foreign keys on again.
  std::int64_t build_and_migrate() {
    Connection connection(file());
    migrate(connection, artshop_schema().first(kVersionBeforePayments));
    connection.execute(
        "INSERT INTO accounts (id, email, password_hash, created_at) "
        "VALUES (1, 'ann@example.com', 'hash', 0);"
        "INSERT INTO categories (url_name, title) VALUES ('art', 'Art');"
        "INSERT INTO offers (id, url_name, title, description, category, style, orientation, "
        "aspect_ratio, width, height, created_at, status, min_price_eur_cents, thumbnail_webp, "
        "thumbnail_jpeg, preview_webp, preview_jpeg) VALUES (1, 'tower', 'Tower', '', 'art', "
        "'None', 'Square', '1:1', 100, 100, 0, 'Active', 30000, 't.webp', 't.jpg', 'p.webp', "
        "'p.jpg');");
    for (const auto& row : orders) {
      connection.execute(fmt::format(
          "INSERT INTO orders (id, account_id, currency, rate_scaled, total_minor, "
          "pay_by_balance, first_name, last_name, billing_country, billing_state, billing_city, "
          "billing_address1, billing_zip_code, javascript_enabled, accept_language, "
          "screen_width, screen_height, time_zone_offset, user_agent, payment_reference, status, "
          "created_at, expires_at, settled_at) VALUES ({}, 1, 'EUR', 1000000, {}, {}, {}, '{}', "
          "'{}', {}, {}, {})",
          row.id, row.amount_minor, row.status == PaymentStatus::Paid ? 1 : 0, kPayer,
          row.reference, name(row.status), epoch(row.created_at),
          epoch(row.created_at + kPaymentWindow), settled_at(row)));
    }
    for (const auto& row : deposits) {
      connection.execute(fmt::format(
          "INSERT INTO deposits (id, account_id, currency, rate_scaled, amount_minor, "
          "first_name, last_name, billing_country, billing_state, billing_city, "
          "billing_address1, billing_zip_code, javascript_enabled, accept_language, "
          "screen_width, screen_height, time_zone_offset, user_agent, payment_reference, status, "
          "created_at, expires_at, settled_at) VALUES ({}, 1, 'EUR', 1000000, {}, {}, '{}', "
          "'{}', {}, {}, {})",
          row.id, row.amount_minor, kPayer, row.reference, name(row.status), epoch(row.created_at),
          epoch(row.created_at + kPaymentWindow), settled_at(row)));
    }
    connection.execute(
        "INSERT INTO order_lines (order_id, position, offer_id, attribute_id, title, size_name, "
        "long_edge, licence, price_minor, price_eur_cents) VALUES (1, 0, 1, 11, 'Tower', "
        "'Original', 8000, 'ExclusiveCommercial', 30000, 30000);"
        "INSERT INTO exclusive_reservations (offer_id, order_id) VALUES (1, 1);"
        "INSERT INTO order_gift_cards (order_id, position, amount_minor) VALUES (2, 0, 2500);"
        "INSERT INTO artworks (account_id, order_id, offer_id, attribute_id, title, size_name, "
        "long_edge, licence, acquired_at) VALUES (1, 2, 1, 12, 'Tower', 'HD', 1920, 'Personal', "
        "0);");
    migrate(connection, artshop_schema());
    auto enabled = connection.prepare("PRAGMA foreign_keys");
    enabled.step();
    return enabled.column_int(0);
  }

  std::filesystem::path file() const { return dir.path() / "artshop.db"; }

  std::int64_t query_int(const std::string& sql) {
    auto connection = pool.acquire();
    auto row = connection->prepare(sql);
    row.step();
    return row.column_int(0);
  }

  artshop::testing::TempDir dir;
  std::int64_t foreign_keys_after_migration = build_and_migrate();
  ConnectionPool pool{file(), 2};
  SqliteUnitOfWork transactions{pool, nullptr};
  StillClock clock;
  DefaultRates rates;
  LinkGateway gateway;
  crypto::OpenSslRandomSource random;
  crypto::Sha256TokenHasher digests;
  Narrowing store{transactions};
  FulfilPaidOrder fulfil{random, digests};
  HandlePaymentEvent handle{store, fulfil, clock};
  StartDeposit deposit{store, rates, gateway, random, clock};
  GetOrder get_order{store};
  GetDeposit get_deposit{store};
  GetBalance balance{store, rates};
};

TEST_F(SqlitePaymentsMigration, EveryOrderKeepsItsIdItsPaymentAndWhatItHolds) {
  for (const auto& row : orders) {
    SCOPED_TRACE(row.reference);
    const auto found = get_order(UserId{1}, OrderId{row.id});
    ASSERT_TRUE(found);
    const auto& payment = found->order.payment;
    EXPECT_EQ(payment.purpose, PaymentPurpose::Order);
    EXPECT_EQ(payment.reference, row.reference);
    EXPECT_EQ(payment.status, row.status);
    EXPECT_EQ(found->order.total(), Money(row.amount_minor, Currency::EUR));
    EXPECT_EQ(payment.created_at, row.created_at);
    EXPECT_EQ(payment.expires_at, row.created_at + kPaymentWindow);
    EXPECT_EQ(payment.settled_at.has_value(), row.status != PaymentStatus::Pending);
    EXPECT_EQ(payment.browser.user_agent, "Firefox");
    EXPECT_EQ(found->order.pay_by_balance, row.status == PaymentStatus::Paid);
  }
  const auto pending = get_order(UserId{1}, OrderId{1});
  EXPECT_THAT(pending->order.lines, SizeIs(1));
  EXPECT_THAT(get_order(UserId{1}, OrderId{2})->order.gift_cards, SizeIs(1));
  const auto held = transactions.write([](Repositories& repos) -> Result<bool> {
    return repos.orders.reserve_exclusive(OfferId{1}, OrderId{9});
  });
  EXPECT_FALSE(held.value());
  EXPECT_EQ(query_int("SELECT order_id FROM artworks"), 2);
}

TEST_F(SqlitePaymentsMigration, EveryDepositKeepsTheIdItsPayerWasAnswered) {
  for (const auto& row : deposits) {
    SCOPED_TRACE(row.reference);
    const auto found = get_deposit(UserId{1}, PaymentId{row.id});
    ASSERT_TRUE(found);
    EXPECT_EQ(found->purpose, PaymentPurpose::Deposit);
    EXPECT_EQ(found->reference, row.reference);
    EXPECT_EQ(found->status, row.status);
    EXPECT_EQ(found->amount(), Money(row.amount_minor, Currency::EUR));
    EXPECT_EQ(found->settled_at.has_value(), row.status != PaymentStatus::Pending);
  }
  const auto started = deposit({.user = UserId{1},
                                .names = {.first_name = "Ann", .last_name = "Lee"},
                                .billing = {.country = "NO",
                                            .state = "",
                                            .city = "Oslo",
                                            .address1 = "Karl Johans gate 1",
                                            .zip_code = "0154"},
                                .amount = "20.00",
                                .currency = "EUR",
                                .agreed_to_terms = true,
                                .browser = {},
                                .urls = {}});
  ASSERT_TRUE(started);
  EXPECT_GT(started->deposit.id.value, query_int("SELECT max(id) FROM payments WHERE id <> " +
                                                 std::to_string(started->deposit.id.value)));
}

TEST_F(SqlitePaymentsMigration, LeavesOneTableOfPaymentsAndOrdersWithTheirOwnColumnsOnly) {
  EXPECT_EQ(query_int("SELECT count(*) FROM sqlite_master WHERE name = 'deposits'"), 0);
  EXPECT_EQ(query_int("SELECT count(*) FROM payments"), 8);
  // Migration 19 adds what refunds gave back; the payment's columns are gone.
  EXPECT_EQ(query_int("SELECT count(*) FROM pragma_table_info('orders') "
                      "WHERE name <> 'refunded_minor'"),
            3)
      << "orders keep only id, payment_id and pay_by_balance";
  EXPECT_EQ(query_int("SELECT count(*) FROM pragma_foreign_key_check"), 0);
  EXPECT_EQ(foreign_keys_after_migration, 1);
}

TEST_F(SqlitePaymentsMigration, PaymentEventsForMigratedReferences_SettleWhatTheyPayFor) {
  const auto paid = [&](std::string reference, std::int64_t amount_minor) {
    return handle({.event_id = "evt_" + reference,
                   .reference = reference,
                   .outcome = PaymentOutcome::Paid,
                   .amount = Money(amount_minor, Currency::EUR)});
  };
  EXPECT_EQ(paid("ord_pending", 300'00).value().outcome, PaymentEventOutcome::OrderFulfilled);
  EXPECT_EQ(paid("dep_pending", 50'00).value().outcome, PaymentEventOutcome::DepositCredited);
  EXPECT_EQ(paid("ord_expired", 19'00).value().outcome, PaymentEventOutcome::CreditedToBalance);
  EXPECT_EQ(paid("dep_paid", 70'00).value().outcome, PaymentEventOutcome::NothingToDo);
  EXPECT_EQ(get_order(UserId{1}, OrderId{1})->order.payment.status, PaymentStatus::Paid);
  EXPECT_EQ(balance({.user = UserId{1}, .currency = "EUR"}), Money(50'00 + 19'00, Currency::EUR));
  EXPECT_EQ(query_int("SELECT count(*) FROM exclusive_reservations"), 0);
}

TEST_F(SqlitePaymentsMigration, AStoredEnumThisVersionDoesNotKnow_IsAnErrorNamingWhereItIs) {
  {
    auto connection = pool.acquire();
    connection->execute("UPDATE payments SET currency = 'XAU' WHERE reference = 'dep_paid'");
  }
  try {
    transactions.read([](Repositories& repos) -> Result<std::optional<Payment>> {
      return repos.payments.find_by_reference("dep_paid");
    });
    ADD_FAILURE() << "a payment in an unknown currency was read";
  } catch (const DatabaseError& error) {
    EXPECT_THAT(error.what(), HasSubstr("payments.currency holds 'XAU'"));
  }
}

}  // namespace
}  // namespace artshop::sqlite
