// Generated images: the free quota and the price, what is answered when the balance or the
// generator falls short, and the list, allowance and downloads (DESIGN.md section 7).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "artshop/core/generation/download_generated_image.hpp"
#include "artshop/core/generation/generate_images.hpp"
#include "artshop/core/generation/generation_rules.hpp"
#include "artshop/core/generation/get_generation_allowance.hpp"
#include "artshop/core/generation/list_generated_images.hpp"
#include "fakes/fake_ports.hpp"
#include "fakes/generation_fakes.hpp"
#include "fakes/order_fakes.hpp"

namespace artshop {
namespace {

using std::chrono::sys_seconds;
using ::testing::ElementsAre;
using ::testing::Field;
using ::testing::IsEmpty;
using ::testing::SizeIs;

constexpr GenerationRules kRules{.free_per_day = 3, .price_eur_cents = 20};

class Generation : public ::testing::Test {
 protected:
  Generation() {
    ann = fakes::add_account(store.state, "ann@example.com");
    bob = fakes::add_account(store.state, "bob@example.com");
  }

  sys_seconds now() const { return std::chrono::floor<std::chrono::seconds>(clock.now()); }

  // A deposit of `eur_cents` paid into the user's balance.
  void fund(UserId user, std::int64_t eur_cents) {
    const Money amount(eur_cents, Currency::EUR);
    const Rate euro{Rate::kScale};
    fakes::InMemoryLedger(store.state)
        .post(Posting::Builder("deposit:" + std::to_string(user.value), now())
                  .debit(LedgerAccount::provider_cash(), eur_cents * kMicroEurPerCent, amount, euro)
                  .credit(LedgerAccount::customer(user), eur_cents * kMicroEurPerCent, amount, euro)
                  .build()
                  .value());
  }

  std::int64_t balance_cents(UserId user) {
    return fakes::InMemoryLedger(store.state).customer_balance(user) / kMicroEurPerCent;
  }

  // Images the user already had today, free ones unless a price is given.
  void already_generated(UserId user, int count, std::int64_t price_eur_cents = 0) {
    fakes::InMemoryGeneratedImages images(store.state);
    for (int i = 0; i < count; ++i) {
      images.add({.id = {},
                  .owner = user,
                  .prompt = "earlier",
                  .style = ArtStyle::None,
                  .aspect_ratio = AspectRatio::R1x1,
                  .seed = 1,
                  .width = 1024,
                  .height = 1024,
                  .blob_key = "k.png",
                  .file_name = "earlier-none-1.png",
                  .price_eur_cents = price_eur_cents,
                  .created_at = now()});
    }
  }

  GenerateImagesCommand asking(UserId user, int count, std::uint32_t seed = 100) {
    return {.user = user,
            .prompt = "  A lighthouse at dusk  ",
            .style = "Watercolor",
            .aspect_ratio = "16x9",
            .count = count,
            .seed = seed,
            .unreadable = {}};
  }

  static std::vector<std::int64_t> prices(const GeneratedImages& generated) {
    std::vector<std::int64_t> found;
    for (const auto& file : generated.images) found.push_back(file.image.price_eur_cents);
    return found;
  }

  fakes::InMemoryUnitOfWork store;
  fakes::FixedClock clock;
  fakes::CountingRandom random;
  fakes::SeedDrawingGenerator generator;
  fakes::TextPngProcessor processor;
  fakes::MemoryBlobs originals;
  GenerateImages generate{store, generator, processor, originals, random, clock, kRules};
  UserId ann;
  UserId bob;
};

TEST_F(Generation, GenerateImages_WithTheFreeQuotaLeft_AnswersEveryImageAndChargesNothing) {
  const auto generated = generate(asking(ann, 2));

  ASSERT_TRUE(generated) << generated.error().detail;
  EXPECT_TRUE(generated->complete());
  EXPECT_EQ(generated->requested, 2);
  EXPECT_EQ(generated->first_seed, 100U);
  ASSERT_THAT(generated->images, SizeIs(2));
  const auto& first = generated->images[0];
  EXPECT_EQ(first.png, "PNG 100");
  EXPECT_EQ(first.image.prompt, "A lighthouse at dusk");
  EXPECT_EQ(first.image.style, ArtStyle::Watercolor);
  EXPECT_EQ(first.image.aspect_ratio, AspectRatio::R16x9);
  EXPECT_EQ(first.image.width, 1024);
  EXPECT_EQ(first.image.height, 576);
  EXPECT_EQ(first.image.file_name, "a-lighthouse-at-dusk-watercolor-100.png");
  EXPECT_EQ(generated->images[1].png, "PNG 101");
  EXPECT_EQ(generated->images[1].image.seed, 101U);
  EXPECT_EQ(prices(*generated), (std::vector<std::int64_t>{0, 0}));
  EXPECT_THAT(store.state.ledger, IsEmpty());
  EXPECT_THAT(store.state.generated_images, SizeIs(2));
  EXPECT_EQ(originals.get(first.image.blob_key), "PNG 100");
}

TEST_F(Generation, GenerateImages_RunAgainByItsStore_AnswersTheBytesTheGeneratorDrew) {
  // The first attempt is rolled back, as PostgreSQL does with one that failed to serialize.
  store.attempts = 2;
  already_generated(ann, 3);
  fund(ann, 1'00);

  const auto generated = generate(asking(ann, 2));

  ASSERT_TRUE(generated) << generated.error().detail;
  ASSERT_THAT(generated->images, SizeIs(2));
  EXPECT_EQ(generated->images[0].png, "PNG 100");
  EXPECT_EQ(generated->images[1].png, "PNG 101");
  for (const auto& file : generated->images) {
    EXPECT_EQ(originals.get(file.image.blob_key), file.png) << "answered as stored";
  }
  EXPECT_THAT(store.state.generated_images, SizeIs(3 + 2));
  EXPECT_EQ(balance_cents(ann), 60) << "charged once";
}

TEST_F(Generation, GenerateImages_PastTheFreeQuota_ChargesTheBalanceForEachImage) {
  already_generated(ann, 3);
  fund(ann, 1'00);

  const auto generated = generate(asking(ann, 2));

  ASSERT_TRUE(generated);
  EXPECT_TRUE(generated->complete());
  EXPECT_EQ(prices(*generated), (std::vector<std::int64_t>{20, 20}));
  EXPECT_EQ(balance_cents(ann), 60);
  const auto id = generated->images[0].image.id.value;
  EXPECT_THAT(fakes::InMemoryLedger(store.state).entries("generated-image:" + std::to_string(id)),
              ElementsAre(Field(&LedgerEntry::account, LedgerAccount::customer(ann)),
                          Field(&LedgerEntry::account, LedgerAccount::generation_revenue())));
  EXPECT_EQ(fakes::ledger_imbalance(store.state), 0);
}

TEST_F(Generation, GenerateImages_UsesTheFreeImagesFirstThenTheBalance) {
  already_generated(ann, 2);
  fund(ann, 40);

  const auto generated = generate(asking(ann, 3));

  ASSERT_TRUE(generated);
  EXPECT_EQ(prices(*generated), (std::vector<std::int64_t>{0, 20, 20}));
  EXPECT_EQ(balance_cents(ann), 0);
}

TEST_F(Generation, GenerateImages_WhenTheBalanceCoversFewer_DrawsAndAnswersOnlyThose) {
  already_generated(ann, 3);
  fund(ann, 50);

  const auto generated = generate(asking(ann, 4));

  ASSERT_TRUE(generated);
  EXPECT_FALSE(generated->complete());
  EXPECT_EQ(generated->requested, 4);
  EXPECT_THAT(generated->images, SizeIs(2));
  EXPECT_THAT(generator.asked, ElementsAre(2));
  EXPECT_EQ(balance_cents(ann), 10);
}

TEST_F(Generation, GenerateImages_WithNothingAffordable_AnswersInsufficientBalanceAndDrawsNothing) {
  already_generated(ann, 3);
  fund(ann, 19);

  const auto generated = generate(asking(ann, 1));

  ASSERT_FALSE(generated);
  EXPECT_EQ(generated.error().kind, ErrorKind::Validation);
  EXPECT_THAT(generated.error().fields.messages(""), ElementsAre("Insufficient balance."));
  EXPECT_THAT(generator.asked, IsEmpty());
  EXPECT_THAT(originals.blobs, IsEmpty());
  EXPECT_EQ(balance_cents(ann), 19);
}

TEST_F(Generation, GenerateImages_PaidImagesOfOtherDaysDoNotUseUpTheFreeQuota) {
  already_generated(ann, 5, 20);  // paid ones: the quota counts free images only
  const auto generated = generate(asking(ann, 3));
  ASSERT_TRUE(generated);
  EXPECT_EQ(prices(*generated), (std::vector<std::int64_t>{0, 0, 0}));
}

TEST_F(Generation, GenerateImages_ANewUtcDayBringsNewFreeImages) {
  already_generated(ann, 3);
  clock.time = std::chrono::ceil<std::chrono::days>(clock.time);  // the next midnight

  const auto generated = generate(asking(ann, 3));

  ASSERT_TRUE(generated);
  EXPECT_EQ(prices(*generated), (std::vector<std::int64_t>{0, 0, 0}));
}

TEST_F(Generation, GenerateImages_WhenTheGeneratorMakesFewer_AnswersThoseAndChargesOnlyThem) {
  already_generated(ann, 3);
  fund(ann, 1'00);
  generator.makes_at_most = 1;

  const auto generated = generate(asking(ann, 3));

  ASSERT_TRUE(generated);
  EXPECT_FALSE(generated->complete());
  EXPECT_THAT(generated->images, SizeIs(1));
  EXPECT_EQ(prices(*generated), (std::vector<std::int64_t>{20}));
  EXPECT_EQ(balance_cents(ann), 80);
  EXPECT_THAT(store.state.generated_images, SizeIs(4));
}

TEST_F(Generation, GenerateImages_WhenTheGeneratorMakesNone_AnswersItsCauseAndChargesNothing) {
  fund(ann, 1'00);
  generator.makes_at_most = 0;
  generator.shortfall = "the service did not answer in 60 s";

  const auto generated = generate(asking(ann, 2));

  ASSERT_FALSE(generated);
  EXPECT_EQ(generated.error().kind, ErrorKind::Validation);
  EXPECT_THAT(generated.error().fields.messages(""),
              ElementsAre("The image generator failed: the service did not answer in 60 s"));
  EXPECT_THAT(store.state.generated_images, IsEmpty());
  EXPECT_EQ(balance_cents(ann), 1'00);
}

TEST_F(Generation, GenerateImages_WhenAParallelRequestTookTheQuotaMeanwhile_AnswersOnlyWhatIsLeft) {
  fund(ann, 20);
  // Another request of Ann's records two free images and spends her balance while this one
  // draws three.
  generator.while_drawing = [&] {
    already_generated(ann, 2);
    already_generated(ann, 1, 20);
    fakes::InMemoryLedger(store.state)
        .post(Posting::Builder("generated-image:parallel", now())
                  .debit(LedgerAccount::customer(ann), 20 * kMicroEurPerCent,
                         Money(20, Currency::EUR), Rate{Rate::kScale})
                  .credit(LedgerAccount::generation_revenue(), 20 * kMicroEurPerCent,
                          Money(20, Currency::EUR), Rate{Rate::kScale})
                  .build()
                  .value());
  };

  const auto generated = generate(asking(ann, 3));

  ASSERT_TRUE(generated);
  EXPECT_THAT(generator.asked, ElementsAre(3));
  EXPECT_EQ(prices(*generated), (std::vector<std::int64_t>{0}));
  EXPECT_EQ(balance_cents(ann), 0);
}

TEST_F(Generation, GenerateImages_WithEveryFieldWrong_ListsThemAllInOneMap) {
  const auto generated = generate({.user = ann,
                                   .prompt = "   ",
                                   .style = "Cubism",
                                   .aspect_ratio = "5x4",
                                   .count = 5,
                                   .seed = -1,
                                   .unreadable = {}});

  ASSERT_FALSE(generated);
  const auto& fields = generated.error().fields;
  EXPECT_THAT(fields.messages("prompt"), ElementsAre("prompt must be 1 to 500 characters."));
  EXPECT_THAT(fields.messages("style"),
              ElementsAre("style must be one of None, Exclusive, Abstract, Anime, Cyberpunk, "
                          "Fantasy, Impressionism, Minimalism, Photorealism, PopArt, "
                          "Watercolor."));
  EXPECT_THAT(fields.messages("aspectRatio"),
              ElementsAre("aspectRatio must be one of 16x9, 3x2, 4x3, 1x1, 2x3, 3x4, 9x16."));
  EXPECT_THAT(fields.messages("count"), ElementsAre("count must be a whole number from 1 to 4."));
  EXPECT_THAT(fields.messages("seed"),
              ElementsAre("seed must be a whole number from 0 to 4294967295."));
  EXPECT_THAT(generator.asked, IsEmpty());
}

// The prompt is stored with the images and shown in the customer's gallery.
TEST_F(Generation, GenerateImages_WithAControlOrBidiCharacterInThePrompt_RefusesIt) {
  for (const auto* prompt :
       {"a lighthouse\u202E at dusk", "a lighthouse\u2028at dusk", "a lighthouse\x1B[2Jat dusk"}) {
    auto command = asking(ann, 1);
    command.prompt = prompt;
    const auto generated = generate(command);
    ASSERT_FALSE(generated) << prompt;
    EXPECT_THAT(generated.error().fields.messages("prompt"),
                ElementsAre("prompt contains characters that are not allowed."));
  }
  EXPECT_THAT(generator.asked, IsEmpty());
  auto lines = asking(ann, 1);
  lines.prompt = "a lighthouse\nat dusk";
  EXPECT_TRUE(generate(lines)) << "the prompt box has several lines";
}

TEST_F(Generation, GenerateImages_FieldsTheAdapterCouldNotReadJoinTheMapOnce) {
  auto command = asking(ann, 1);
  command.prompt = "";
  command.count = std::nullopt;
  command.unreadable.add("count", "Must be a whole number.");

  const auto generated = generate(command);

  ASSERT_FALSE(generated);
  EXPECT_THAT(generated.error().fields.messages("count"), ElementsAre("Must be a whole number."));
  EXPECT_TRUE(generated.error().fields.has("prompt"));
}

TEST_F(Generation, GenerateImages_CountsThePromptInCharactersAfterTrimming) {
  std::string longest;
  for (int i = 0; i < 500; ++i) longest += "\xC3\xA9";  // é, two bytes each

  auto command = asking(ann, 1);
  command.prompt = " " + longest + " ";
  EXPECT_TRUE(generate(command));
  command.prompt = longest + "e";
  EXPECT_TRUE(generate(command).error().fields.has("prompt"));
}

TEST_F(Generation, GenerateImages_WithoutACountOrSeed_DrawsOneFromAFreshRandomSeed) {
  auto command = asking(ann, 1);
  command.count = std::nullopt;
  command.seed = std::nullopt;

  const auto generated = generate(command);

  ASSERT_TRUE(generated);
  EXPECT_EQ(generated->requested, 1);
  EXPECT_EQ(generated->first_seed, 0x01020304U);  // the counting source's first four bytes
  EXPECT_EQ(generated->images.at(0).image.seed, 0x01020304U);
}

TEST_F(Generation, GenerateImages_AcceptsNamesInAnyCase) {
  auto command = asking(ann, 1);
  command.style = "popart";
  command.aspect_ratio = "9X16";
  const auto generated = generate(command);
  ASSERT_TRUE(generated);
  EXPECT_EQ(generated->images.at(0).image.style, ArtStyle::PopArt);
  EXPECT_EQ(generated->images.at(0).image.width, 576);
  EXPECT_EQ(generated->images.at(0).image.height, 1024);
}

TEST(GeneratedFileName, IsTheSlugTheLowerCaseStyleAndTheSeed) {
  EXPECT_EQ(generated_file_name("A Lighthouse, at Dusk!", ArtStyle::PopArt, 7, "png"),
            "a-lighthouse-at-dusk-popart-7.png");
  EXPECT_EQ(generated_file_name("\xC3\xA9\xC3\xA9 !!", ArtStyle::None, 0, "zip"),
            "image-none-0.zip");
  EXPECT_EQ(
      generated_file_name("abcdefghij abcdefghij abcdefghij abcdefghij", ArtStyle::Anime, 1, "png"),
      "abcdefghij-abcdefghij-abcdefghij-abcdefg-anime-1.png");
  // Cut at 40 characters, the hyphen the cut leaves at the end goes too.
  EXPECT_EQ(generated_file_name("abcdefghij abcdefghij abcdefghij abcdef ghij", ArtStyle::Anime, 1,
                                "png"),
            "abcdefghij-abcdefghij-abcdefghij-abcdef-anime-1.png");
}

TEST_F(Generation, ListGeneratedImages_AnswersTheCallersNewestFirstAPageAtATime) {
  fund(ann, 20);
  ASSERT_TRUE(generate(asking(ann, 3, 1)));
  clock.advance(std::chrono::seconds{60});
  ASSERT_TRUE(generate(asking(ann, 1, 7)));
  ASSERT_TRUE(generate(asking(bob, 1, 9)));
  ListGeneratedImages list(store);

  const auto first = list({.user = ann, .page = "1", .page_size = "3"});
  const auto second = list({.user = ann, .page = "2", .page_size = "3"});

  ASSERT_TRUE(first);
  EXPECT_EQ(first->total, 4);
  EXPECT_EQ(first->page, 1);
  EXPECT_EQ(first->page_size, 3);
  EXPECT_THAT(first->items,
              ElementsAre(Field(&GeneratedImage::seed, 7U), Field(&GeneratedImage::seed, 3U),
                          Field(&GeneratedImage::seed, 2U)));
  ASSERT_TRUE(second);
  EXPECT_THAT(second->items, ElementsAre(Field(&GeneratedImage::seed, 1U)));
  const auto defaults = list({.user = ann, .page = std::nullopt, .page_size = std::nullopt});
  EXPECT_EQ(defaults->page_size, 12);
  EXPECT_THAT(defaults->items, SizeIs(4));
}

TEST_F(Generation, ListGeneratedImages_WithBadPagingAnswersBothFields) {
  ListGeneratedImages list(store);
  const auto listed = list({.user = ann, .page = "0", .page_size = "49"});
  ASSERT_FALSE(listed);
  EXPECT_THAT(listed.error().fields.messages("Page"),
              ElementsAre("Page must be a whole number from 1."));
  EXPECT_THAT(listed.error().fields.messages("PageSize"),
              ElementsAre("PageSize must be a whole number from 1 to 48."));
  EXPECT_TRUE(list({.user = ann, .page = "x", .page_size = "48"}).error().fields.has("Page"));
}

TEST_F(Generation, GetGenerationAllowance_SaysWhatIsLeftTodayTheyPriceAndTheNextMidnight) {
  already_generated(ann, 1);
  already_generated(ann, 4, 20);
  GetGenerationAllowance allowance(store, clock, kRules);

  const auto today = allowance(ann);

  ASSERT_TRUE(today);
  EXPECT_EQ(today->free_per_day, 3);
  EXPECT_EQ(today->free_remaining, 2);
  EXPECT_EQ(today->price_per_image, Money(20, Currency::EUR));
  EXPECT_EQ(today->resets_at, std::chrono::ceil<std::chrono::days>(clock.now()));
  EXPECT_EQ(allowance(bob)->free_remaining, 3);
}

TEST_F(Generation, DownloadGeneratedImage_AnswersTheStoredPngToItsOwnerOnly) {
  const auto generated = generate(asking(ann, 1));
  ASSERT_TRUE(generated);
  const auto id = generated->images.at(0).image.id;
  DownloadGeneratedImage download(store, originals);

  const auto file = download(ann, id);

  ASSERT_TRUE(file);
  EXPECT_EQ(file->png, "PNG 100");
  EXPECT_EQ(file->image.file_name, "a-lighthouse-at-dusk-watercolor-100.png");
  EXPECT_EQ(download(bob, id).error().kind, ErrorKind::NotFound);
  EXPECT_EQ(download(ann, GeneratedImageId{99}).error().kind, ErrorKind::NotFound);
}

}  // namespace
}  // namespace artshop
