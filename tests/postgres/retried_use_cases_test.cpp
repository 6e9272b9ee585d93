// The use cases whose work PostgreSQL runs again after a serialization failure: the shop's
// schema, the real driver and its retries, and a trigger that fails chosen commits with
// SQLSTATE 40001 as a conflicting transaction would. What each answers, stores and mails
// must be its last attempt's alone.
#include <fmt/format.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <thread>

#include "artshop/core/catalogue/seed_catalogue.hpp"
#include "artshop/core/generation/generate_images.hpp"
#include "artshop/core/orders/handle_payment_event.hpp"
#include "artshop/core/orders/place_order.hpp"
#include "artshop/core/ports/executor.hpp"
#include "artshop/postgres/connection_pool.hpp"
#include "artshop/postgres/postgres_unit_of_work.hpp"
#include "contract/test_cipher.hpp"
#include "postgres/fixture.hpp"
#include "support/narrowing.hpp"
#include "support/order_commands.hpp"
#include "unit/fakes/fake_ports.hpp"
#include "unit/fakes/generation_fakes.hpp"
#include "unit/fakes/order_fakes.hpp"

namespace artshop::postgres {
namespace {

using ::testing::HasSubstr;
using ::testing::SizeIs;

constexpr std::chrono::sys_seconds kNow{std::chrono::seconds(1'800'000'000)};

// Random bytes, as gift-card numbers need them to differ between deliveries; can run
// something on its first draw.
class DrawingRandom final : public RandomSource {
 public:
  void fill(std::span<std::byte> out) override {
    if (on_first_draw) std::exchange(on_first_draw, {})();
    for (auto& byte : out) byte = static_cast<std::byte>(engine_());
  }
  std::function<void()> on_first_draw;

 private:
  std::mt19937 engine_{std::random_device{}()};
};

class RetriedUseCases : public ShopPostgresTest {
 protected:
  // Fails the commit of a transaction that inserted into `table` while `condition` holds in
  // it, with the SQLSTATE of a serialization failure. Checked at the commit, so the work has
  // run to its end first. `attempts_seen` counts the commits checked, in every attempt.
  void fail_commits_when(std::string_view table, std::string_view condition) {
    db->execute(fmt::format(R"(
      CREATE SEQUENCE attempts_seen;
      CREATE FUNCTION fail_to_serialize() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF {} THEN
          RAISE EXCEPTION 'a conflicting transaction committed first'
            USING ERRCODE = 'serialization_failure';
        END IF;
        RETURN NULL;
      END $$;
      CREATE CONSTRAINT TRIGGER fail_to_serialize AFTER INSERT ON {}
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION fail_to_serialize();)",
                            condition, table));
  }
  // Only the first attempt's commit fails.
  void fail_the_first_commit_into(std::string_view table) {
    fail_commits_when(table, "nextval('attempts_seen') = 1");
  }

  UserId add_account(std::string_view email) {
    return transactions
        .write([&](Repositories& repos) -> Result<UserId> {
          return *repos.accounts.insert(email, "hash", kNow);
        })
        .value();
  }

  contract::ReversingCipher cipher;
  ConnectionPool pool{shop_url, 4};
  PostgresUnitOfWork transactions{pool, &cipher};
  testing::Narrowing store{transactions};
  fakes::FixedClock clock;
};

TEST_F(RetriedUseCases, GenerateImages_AnswersAndStoresTheGeneratorsBytesAfterARetry) {
  const auto ann = add_account("ann@example.com");
  fail_the_first_commit_into("generated_images");
  fakes::SeedDrawingGenerator generator;
  fakes::TextPngProcessor processor;
  fakes::MemoryBlobs originals;
  fakes::CountingRandom random;
  GenerateImages generate{store, generator, processor, originals, random, clock, {}};

  const auto generated = generate({.user = ann,
                                   .prompt = "A lighthouse at dusk",
                                   .style = "Watercolor",
                                   .aspect_ratio = "1x1",
                                   .count = 2,
                                   .seed = 100,
                                   .unreadable = {}});

  ASSERT_TRUE(generated) << generated.error().detail;
  EXPECT_GT(integer("SELECT last_value FROM attempts_seen"), 2) << "the first attempt failed";
  EXPECT_EQ(integer("SELECT count(*) FROM generated_images"), 2);
  ASSERT_THAT(generated->images, SizeIs(2));
  EXPECT_EQ(generated->images[0].png, "PNG 100");
  EXPECT_EQ(generated->images[1].png, "PNG 101");
  for (const auto& file : generated->images) {
    const auto stored =
        transactions.read([&](Repositories& repos) -> Result<std::optional<GeneratedImage>> {
          return repos.generated_images.find(file.image.id);
        });
    ASSERT_TRUE(stored && *stored);
    EXPECT_EQ(originals.get((*stored)->blob_key), file.png) << "the row names the answered bytes";
  }
}

TEST_F(RetriedUseCases, SeedCatalogue_CountsWhatItStoredAfterARetry) {
  fail_the_first_commit_into("offers");
  fakes::SeedDrawingGenerator generator;
  fakes::TextPngProcessor processor;
  fakes::MemoryBlobs media;
  InlineExecutor drawing;
  SeedCatalogue seed{store, generator, processor, media, clock, drawing};

  const auto report = seed(20);

  ASSERT_TRUE(report) << report.error().detail;
  EXPECT_GT(integer("SELECT last_value FROM attempts_seen"), 20) << "the first attempt failed";
  EXPECT_EQ(integer("SELECT count(*) FROM offers"), 20);
  EXPECT_EQ(report->offers, 20);
  const auto recorded = transactions.read([](Repositories& repos) -> Result<std::string> {
    return repos.settings.get(SeedCatalogue::kSeededSetting).value_or("");
  });
  ASSERT_TRUE(recorded);
  EXPECT_EQ(*recorded, "20");
}

TEST_F(RetriedUseCases, HandlePaymentEvent_ThatLostToAnotherEvent_MailsOnlyTheStoredNumber) {
  const auto ann = add_account("ann@example.com");
  fakes::FixedRates rates;
  fakes::RecordingGateway gateway;
  fakes::PlainDigests digests;
  DrawingRandom random;
  FulfilPaidOrder fulfil{random, digests};
  PlaceOrder place{store, rates, &gateway, random, fulfil, clock};
  const auto placed = place(testing::order_of(ann, {}, 25'00, false));
  ASSERT_TRUE(placed) << placed.error().detail;
  const auto paid = [&](std::string id) {
    return PaymentEvent{.event_id = std::move(id),
                        .reference = placed->order.payment.reference,
                        .outcome = PaymentOutcome::Paid,
                        .amount = placed->order.total()};
  };
  // The provider reports the payment twice, in two events at once. The first to draw a number
  // starts the other, which then waits for its row of the payment; it loses as a transaction
  // that ran beside the other's would: its commits fail until the other event's has happened.
  fail_commits_when("gift_cards",
                    "NOT EXISTS (SELECT 1 FROM payment_events WHERE event_id = 'evt_other')");
  DrawingRandom other_random;
  FulfilPaidOrder other_fulfil{other_random, digests};
  HandlePaymentEvent other{store, other_fulfil, clock};
  std::optional<Result<HandledPaymentEvent>> other_handled;
  std::jthread other_delivery;
  random.on_first_draw = [&] {
    other_delivery = std::jthread([&] {
      try {
        other_handled = other(paid("evt_other"));
      } catch (const std::exception& error) {
        other_handled = std::unexpected(Error::internal(error.what()));
      }
    });
  };
  HandlePaymentEvent handle{store, fulfil, clock};

  const auto handled = handle(paid("evt_first"));
  if (other_delivery.joinable()) other_delivery.join();

  ASSERT_TRUE(handled) << handled.error().detail;
  EXPECT_EQ(handled->outcome, PaymentEventOutcome::NothingToDo) << "its first attempt failed";
  ASSERT_TRUE(other_handled && *other_handled);
  EXPECT_EQ((*other_handled)->outcome, PaymentEventOutcome::OrderFulfilled);
  const auto cards = transactions.read([&](Repositories& repos) -> Result<std::vector<GiftCard>> {
    return repos.gift_cards.list_for_order(placed->order.id);
  });
  ASSERT_THAT(cards.value(), SizeIs(1));
  // What the outbox holds to send: every mail queued by an attempt that committed.
  const auto mails =
      transactions.write([&](Repositories& repos) -> Result<std::vector<OutboxMail>> {
        return repos.mail_outbox.claim_due(kNow + std::chrono::hours(24),
                                           kNow + std::chrono::hours(25), 100);
      });
  ASSERT_THAT(mails.value(), SizeIs(1)) << "one card, one mail";
  EXPECT_THAT(mails->at(0).message.text_body,
              HasSubstr(group_gift_card_number(cards->at(0).number)));
}

}  // namespace
}  // namespace artshop::postgres
