#include <gtest/gtest.h>

#include <map>
#include <set>

#include "artshop/core/catalogue/seed_catalogue.hpp"
#include "artshop/core/catalogue/seed_plan.hpp"
#include "fakes/fake_ports.hpp"
#include "fakes/in_memory_store.hpp"

namespace artshop {
namespace {

// Pictures of the requested size whose bytes name what was asked for.
class LabelGenerator final : public ImageGenerator {
 public:
  Image generate(const GenerationRequest& request) override {
    ++calls;
    const bool wide = width_part(request.aspect_ratio) >= height_part(request.aspect_ratio);
    return {.width = wide ? request.long_edge : request.long_edge / 2,
            .height = wide ? request.long_edge / 2 : request.long_edge,
            .rgb = {static_cast<std::uint8_t>(request.style)}};
  }
  std::atomic<int> calls{0};
};

class LabelProcessor final : public ImageProcessor {
 public:
  EncodedImage thumbnail(std::span<const std::uint8_t> original, ImageFormat format) override {
    return {format, "thumb:" + text(original), 480, 270};
  }
  EncodedImage watermarked_preview(std::span<const std::uint8_t> original,
                                   ImageFormat format) override {
    return {format, "preview:" + text(original), 1600, 900};
  }
  EncodedImage render_at(std::span<const std::uint8_t> original, int, ImageFormat format) override {
    return {format, text(original), 0, 0};
  }
  EncodedImage encode_at(const Image&, int, ImageFormat format) override {
    return {format, "", 0, 0};
  }
  EncodedImage encode_png(const Image& image) override {
    return {ImageFormat::Png,
            "png" + std::to_string(image.rgb.at(0)) + "x" + std::to_string(image.width),
            image.width, image.height};
  }
  ImageSize probe(std::span<const std::uint8_t>) override { return {1, 1}; }
  Derivatives derivatives(const Image& picture) override {
    const auto label = encode_png(picture).bytes;
    return {{ImageFormat::Webp, "thumb:" + label, 480, 270},
            {ImageFormat::Jpeg, "thumb:" + label, 480, 270},
            {ImageFormat::Webp, "preview:" + label, 1600, 900},
            {ImageFormat::Jpeg, "preview:" + label, 1600, 900}};
  }

 private:
  static std::string text(std::span<const std::uint8_t> bytes) {
    return {bytes.begin(), bytes.end()};
  }
};

class MemoryBlobs final : public BlobStore {
 public:
  std::string put(std::string_view bytes, std::string_view extension) override {
    const std::lock_guard lock(mutex);
    const auto key =
        std::to_string(std::hash<std::string_view>{}(bytes)) + "." + std::string(extension);
    blobs[key] = bytes;
    return key;
  }
  std::optional<std::string> get(std::string_view key) override {
    const std::lock_guard lock(mutex);
    const auto found = blobs.find(std::string(key));
    if (found == blobs.end()) return std::nullopt;
    return found->second;
  }
  bool exists(std::string_view key) override { return get(key).has_value(); }
  std::mutex mutex;
  std::map<std::string, std::string> blobs;
};

TEST(SeedPlan, CoversEveryCategoryStyleAndAspectRatioWithUniqueTitles) {
  const auto plan = seed_plan(kDefaultSeedOffers);
  ASSERT_GE(plan.size(), 120U);
  std::set<std::string> categories, titles, slugs;
  std::set<ArtStyle> styles;
  std::set<AspectRatio> ratios;
  std::int64_t cheapest = INT64_MAX, dearest = 0;
  for (const auto& offer : plan) {
    categories.insert(offer.category);
    styles.insert(offer.style);
    ratios.insert(offer.aspect_ratio);
    titles.insert(offer.title);
    slugs.insert(slugify(offer.title));
    cheapest = std::min(cheapest, offer.base_price_eur_cents);
    dearest = std::max(dearest, offer.base_price_eur_cents);
    EXPECT_FALSE(offer.description.empty());
    EXPECT_GE(offer.tags.size(), 3U);
  }
  EXPECT_EQ(categories.size(), default_categories().size());
  EXPECT_EQ(styles.size(), kAllArtStyles.size());
  EXPECT_EQ(ratios.size(), kAllAspectRatios.size());
  EXPECT_EQ(titles.size(), plan.size());
  EXPECT_EQ(slugs.size(), plan.size());
  EXPECT_LE(cheapest, 1500);
  EXPECT_GE(dearest, 4000) << "a realistic spread of prices";
}

TEST(SeedPlan, IsTheSameOnEveryInstallation) {
  EXPECT_EQ(seed_plan(20)[7].title, seed_plan(20)[7].title);
  EXPECT_EQ(seed_plan(20)[7].seed, seed_plan(20)[7].seed);
}

// Refuses every task, like a pool whose queue is full.
class RefusingExecutor final : public Executor {
 public:
  bool try_submit(std::function<void()>) override { return false; }
};

// Accepts every task and drops it unrun, like a pool shutting down.
class DroppingExecutor final : public Executor {
 public:
  bool try_submit(std::function<void()>) override { return true; }
};

class Seeding : public ::testing::Test {
 protected:
  fakes::InMemoryUnitOfWork store;
  fakes::FixedClock clock;
  LabelGenerator generator;
  LabelProcessor processor;
  MemoryBlobs blobs;
  InlineExecutor drawing;
  SeedCatalogue seed{store, generator, processor, blobs, clock, drawing};
};

TEST_F(Seeding, FillsAnEmptyShopWithEveryOrientationAndItsPictures) {
  const auto report = seed(40);
  ASSERT_TRUE(report);
  EXPECT_TRUE(report->seeded);
  EXPECT_EQ(report->offers, 40);
  std::set<Orientation> orientations;
  for (const auto& offer : store.state.offers) {
    orientations.insert(offer.orientation);
    EXPECT_TRUE(blobs.exists(offer.images.thumbnail_webp));
    EXPECT_TRUE(blobs.exists(offer.images.preview_jpeg));
    EXPECT_EQ(std::max(offer.width, offer.height), kGeneratedFullLongEdge);
    EXPECT_TRUE(offer.source.is_generated());
  }
  EXPECT_EQ(orientations.size(), 3U);
  EXPECT_EQ(store.state.categories.size(), default_categories().size());
  EXPECT_EQ(generator.calls, 40);
}

// Past the default sample size offers are planned a batch at a time while they are written:
// they are still the plan's offers, in its order, and share the pictures of the drawn ones.
TEST_F(Seeding, PastTheDrawnOffers_WritesThePlanInOrderOnSharedPictures) {
  constexpr int kCount = kDefaultSeedOffers * 2 + 7;
  const auto report = seed(kCount);
  ASSERT_TRUE(report);
  ASSERT_EQ(store.state.offers.size(), static_cast<std::size_t>(kCount));
  EXPECT_EQ(generator.calls, kDefaultSeedOffers) << "only the first ones are drawn";
  const auto plan = seed_plan(kCount);
  for (std::size_t i = 0; i < plan.size(); ++i) {
    const auto& offer = store.state.offers[i];
    EXPECT_EQ(offer.title, plan[i].title) << i;
    EXPECT_EQ(offer.description, plan[i].description) << i;
    const auto& drawn = store.state.offers[i % kDefaultSeedOffers];
    EXPECT_EQ(offer.images.preview_webp, drawn.images.preview_webp) << i;
    EXPECT_EQ(offer.aspect_ratio, drawn.aspect_ratio) << i;
  }
}

TEST_F(Seeding, RunAgainByItsStore_CountsEachOfferOnce) {
  // The first attempt of each batch is rolled back, as PostgreSQL does with one that failed
  // to serialize.
  store.attempts = 2;

  const auto report = seed(20);

  ASSERT_TRUE(report);
  EXPECT_EQ(store.state.offers.size(), 20U);
  EXPECT_EQ(report->offers, 20);
  EXPECT_EQ(store.state.settings.at(std::string(SeedCatalogue::kSeededSetting)), "20");
}

TEST_F(Seeding, NeverRunsTwiceEvenWhenTheOffersWereRemoved) {
  ASSERT_TRUE(seed(12));
  store.state.offers.clear();
  const auto second = seed(12);
  ASSERT_TRUE(second);
  EXPECT_FALSE(second->seeded);
  EXPECT_TRUE(store.state.offers.empty());
  EXPECT_EQ(generator.calls, 12);
}

TEST_F(Seeding, LeavesAShopThatAlreadyHasOffersAlone) {
  Offer imported;
  imported.url_name = "mine";
  store.state.offers.push_back(imported);
  EXPECT_FALSE(seed(12)->seeded);
  EXPECT_EQ(generator.calls, 0);
}

TEST_F(Seeding, DrawsOnTheCallersThreadWhatTheExecutorRefuses) {
  RefusingExecutor busy;
  SeedCatalogue seeding{store, generator, processor, blobs, clock, busy};
  const auto report = seeding(12);
  ASSERT_TRUE(report);
  EXPECT_EQ(report->offers, 12);
  EXPECT_EQ(generator.calls, 12);
}

TEST_F(Seeding, WritesNothingWhenTheExecutorDropsTheDrawing) {
  DroppingExecutor stopping;
  SeedCatalogue seeding{store, generator, processor, blobs, clock, stopping};
  EXPECT_FALSE(seeding(12));
  EXPECT_TRUE(store.state.offers.empty());
  EXPECT_TRUE(seed.pending(12).value()) << "the next start seeds again";
}

}  // namespace
}  // namespace artshop
