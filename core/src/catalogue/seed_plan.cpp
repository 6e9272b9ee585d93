#include "artshop/core/catalogue/seed_plan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <unordered_set>

namespace artshop {
namespace {

// SplitMix64: a fixed, portable generator, so every installation seeds the same shop.
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  std::uint64_t state() const noexcept { return state_; }
  template <class Container>
  const auto& pick(const Container& items) {
    return items[next() % items.size()];
  }

 private:
  std::uint64_t state_;
};

struct CategoryWords {
  std::string_view url_name;
  std::string_view title;
  std::array<std::string_view, 8> subjects;
  std::string_view scene;  // what the pictures of the category show
};

constexpr std::array<CategoryWords, 10> kCategories{{
    {"abstract",
     "Abstract",
     {"Rhythm", "Fracture", "Resonance", "Drift", "Composition", "Echoes", "Tension", "Currents"},
     "an abstract play of shape and colour"},
    {"animals",
     "Animals",
     {"Fox", "Heron", "Whale", "Owl", "Tiger", "Hare", "Wolf", "Hummingbird"},
     "an animal portrait full of character"},
    {"architecture",
     "Architecture",
     {"Cathedral", "Tower", "Arcade", "Bridge", "Lighthouse", "Courtyard", "Skyline", "Pavilion"},
     "architecture seen in light and line"},
    {"fantasy",
     "Fantasy",
     {"Citadel", "Dragon", "Enchanted Gate", "Sky Island", "Wizard's Tower", "Forest Spirit",
      "Crystal Cavern", "Phoenix"},
     "a scene from a world that never was"},
    {"landscapes",
     "Landscapes",
     {"Fjord", "Valley", "Dunes", "Highlands", "Coastline", "Canyon", "Meadow", "Glacier"},
     "a wide landscape to get lost in"},
    {"nature",
     "Nature",
     {"Fern", "Birch Grove", "Waterfall", "Lotus", "Moss Garden", "Wildflowers", "Oak",
      "Tide Pool"},
     "a close look at the living world"},
    {"people",
     "People",
     {"Dancer", "Wanderer", "Musician", "Dreamer", "Fisherman", "Painter", "Traveller", "Gardener"},
     "a figure caught in a quiet moment"},
    {"space",
     "Space",
     {"Nebula", "Orbit", "Eclipse", "Comet", "Red Planet", "Star Nursery", "Moonrise", "Galaxy"},
     "a view into deep space"},
    {"still-life",
     "Still Life",
     {"Pears", "Teapot", "Lemons", "Vase of Tulips", "Books", "Pomegranates", "Candle",
      "Seashells"},
     "a still life of simple things"},
    {"vehicles",
     "Vehicles",
     {"Steam Train", "Sailboat", "Vintage Racer", "Airship", "Motorbike", "Tram", "Hot Air Balloon",
      "Cargo Ship"},
     "a machine made for going places"},
}};

constexpr std::array<std::string_view, 20> kAdjectives{
    "Misty",  "Golden",   "Silent",   "Crimson",  "Midnight", "Amber",     "Distant",
    "Velvet", "Electric", "Hidden",   "Frozen",   "Radiant",  "Wandering", "Ancient",
    "Quiet",  "Burning",  "Luminous", "Restless", "Pale",     "Emerald"};

constexpr std::array<std::string_view, 8> kEndings{
    "", " at Dawn", " in Winter", " at Dusk", " After Rain", " by Night", " in Bloom", " in Blue"};

struct StyleWords {
  ArtStyle style;
  std::string_view phrase;  // how the picture is made
  std::string_view prompt;  // what the generator is asked for
};

constexpr std::array<StyleWords, 11> kStyleWords{{
    {ArtStyle::None, "A balanced, contemporary composition of", "clean contemporary digital art"},
    {ArtStyle::Exclusive, "A one-of-a-kind, richly ornamented piece showing",
     "ornate masterpiece, gold leaf accents"},
    {ArtStyle::Abstract, "Bold overlapping forms interpret", "abstract geometric shapes"},
    {ArtStyle::Anime, "Soft skies and clean cel shading bring to life",
     "anime style, cel shading, soft gradient sky"},
    {ArtStyle::Cyberpunk, "Neon light and rain-slick shadows frame",
     "cyberpunk, neon magenta and cyan, night city"},
    {ArtStyle::Fantasy, "Moonlight and mist wrap", "epic fantasy, glowing moon, mist"},
    {ArtStyle::Impressionism, "Short, lively brush strokes capture",
     "impressionist painting, visible brush strokes"},
    {ArtStyle::Minimalism, "A few calm shapes and a lot of space distil",
     "minimalist, flat colour fields"},
    {ArtStyle::Photorealism, "Lifelike light and fine detail render",
     "photorealistic, natural light, high detail"},
    {ArtStyle::PopArt, "Bold outlines, flat colour and halftone dots shout out",
     "pop art, halftone dots, bold outlines"},
    {ArtStyle::Watercolor, "Soft washes bleeding into textured paper show",
     "watercolor on paper, soft bleeding washes"},
}};

constexpr int kTitleDraws = 16;

const StyleWords& style_words(ArtStyle style) {
  return kStyleWords[static_cast<std::size_t>(style)];
}

std::string lower_words(std::string_view text) {
  std::string result(text);
  for (auto& c : result) c = c >= 'A' && c <= 'Z' ? char(c + 32) : c;
  return result;
}

}  // namespace

std::vector<Category> default_categories() {
  std::vector<Category> categories;
  categories.reserve(kCategories.size());
  for (const auto& category : kCategories) {
    categories.push_back({.url_name = std::string(category.url_name),
                          .title = std::string(category.title),
                          .offer_count = 0});
  }
  return categories;
}

struct SeedPlanner::Titles {
  std::unordered_set<std::string> taken;
};

SeedPlanner::SeedPlanner(int count)
    : random_(0x417254'53686f70ULL),  // "ArtShop"
      count_(std::max(count, 0)),
      // One offer every 20 hours, closer together when that would reach back more than five
      // years.
      spacing_(count > 0 ? std::min<std::chrono::seconds>(
                               std::chrono::hours(20),
                               std::chrono::seconds(std::chrono::years(5)) / count)
                         : std::chrono::hours(20)),
      titles_(std::make_unique<Titles>()) {
  titles_->taken.reserve(static_cast<std::size_t>(count_));
}

SeedPlanner::SeedPlanner(SeedPlanner&&) noexcept = default;
SeedPlanner& SeedPlanner::operator=(SeedPlanner&&) noexcept = default;
SeedPlanner::~SeedPlanner() = default;

SeedOffer SeedPlanner::next() {
  SplitMix64 random(random_);
  const int i = index_++;
  const auto index = static_cast<std::size_t>(i);
  // 10 categories, 11 styles and 7 aspect ratios cycle independently, so every pairing
  // turns up and the first 11 offers alone already cover every style.
  const auto& category = kCategories[index % kCategories.size()];
  const auto style = kAllArtStyles[index % kAllArtStyles.size()];
  const auto aspect = kAllAspectRatios[index % kAllAspectRatios.size()];
  // A category has 1,280 word pairings: a large catalogue numbers its titles once a few
  // draws in a row were taken.
  std::string title;
  int draws = 0;
  do {
    title = fmt::format("{} {}{}", random.pick(kAdjectives), random.pick(category.subjects),
                        random.pick(kEndings));
    if (++draws > kTitleDraws) title += fmt::format(" No. {}", i + 1);
  } while (!titles_->taken.insert(title).second);

  const auto& words = style_words(style);
  SeedOffer offer;
  offer.description = fmt::format(
      "{} {}: {}. {} Sold as a high-resolution download; larger sizes come with a "
      "commercial licence.",
      words.phrase, lower_words(title), category.scene,
      style == ArtStyle::Exclusive ? "Only one buyer will ever own it." : "");
  offer.category = std::string(category.url_name);
  offer.style = style;
  offer.aspect_ratio = aspect;
  offer.tags = {std::string(category.url_name), lower_words(name(style)),
                lower_words(category.subjects[random.next() % category.subjects.size()]),
                lower_words(random.pick(kAdjectives))};
  offer.prompt = fmt::format("{}, {}", title, words.prompt);
  offer.seed = random.next();
  // 9.00 to 59.00 EUR in half-euro steps, cheaper prices more common.
  const auto step = std::min(random.next() % 101, random.next() % 101);
  offer.base_price_eur_cents = 900 + static_cast<std::int64_t>(step) * 50;
  offer.age = spacing_ * i + std::chrono::minutes(random.next() % 600);
  offer.title = std::move(title);
  random_ = random.state();
  return offer;
}

std::vector<SeedOffer> seed_plan(int count) {
  SeedPlanner planner(count);
  std::vector<SeedOffer> plan;
  plan.reserve(static_cast<std::size_t>(std::max(count, 0)));
  for (int i = 0; i < count; ++i) plan.push_back(planner.next());
  return plan;
}

Derivatives make_derivatives(ImageProcessor& processor, std::string_view master_encoded) {
  const auto master = bytes_of(master_encoded);
  return {.thumbnail_webp = processor.thumbnail(master, ImageFormat::Webp),
          .thumbnail_jpeg = processor.thumbnail(master, ImageFormat::Jpeg),
          .preview_webp = processor.watermarked_preview(master, ImageFormat::Webp),
          .preview_jpeg = processor.watermarked_preview(master, ImageFormat::Jpeg)};
}

OfferImages store_derivatives(BlobStore& public_media, const Derivatives& made) {
  const auto store = [&](const EncodedImage& image) {
    return public_media.put(image.bytes, extension(image.format));
  };
  return {.thumbnail_webp = store(made.thumbnail_webp),
          .thumbnail_jpeg = store(made.thumbnail_jpeg),
          .preview_webp = store(made.preview_webp),
          .preview_jpeg = store(made.preview_jpeg)};
}

OfferImages publish_derivatives(ImageProcessor& processor, BlobStore& public_media,
                                std::string_view master_encoded) {
  return store_derivatives(public_media, make_derivatives(processor, master_encoded));
}

OfferImages publish_derivatives(ImageProcessor& processor, BlobStore& public_media,
                                const Image& picture) {
  return store_derivatives(public_media, processor.derivatives(picture));
}

}  // namespace artshop
