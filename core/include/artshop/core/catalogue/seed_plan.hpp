#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <stop_token>
#include <string>
#include <utility>
#include <vector>

#include "artshop/core/catalogue/offer.hpp"
#include "artshop/core/catalogue/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/blob_store.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/executor.hpp"
#include "artshop/core/ports/image_generator.hpp"
#include "artshop/core/ports/image_processor.hpp"
#include "artshop/core/ports/settings.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

inline constexpr int kDefaultSeedOffers = 132;
// The most sample offers a shop may be seeded with: past kDefaultSeedOffers they share the
// pictures of the first ones, so a large catalogue costs its rows and memory, not drawing.
inline constexpr int kMaxSeedOffers = 1'000'000;
// The long edge every generated offer is sold up to, the largest the generator draws: its
// pictures are drawn anew from their recipe at the bought size, never upscaled.
inline constexpr int kGeneratedFullLongEdge = 4096;
// The size the derivatives (thumbnail, preview) are drawn at: the preview's.
inline constexpr int kGeneratedMasterLongEdge = 1600;

// The shop's categories (DESIGN.md section 4).
std::vector<Category> default_categories();

// One offer of the seed plan, before its pictures exist.
struct SeedOffer {
  std::string title;
  std::string description;
  std::string category;
  ArtStyle style = ArtStyle::None;
  AspectRatio aspect_ratio = AspectRatio::R1x1;
  std::vector<std::string> tags;
  std::string prompt;
  std::uint64_t seed = 0;
  std::int64_t base_price_eur_cents = 0;
  std::chrono::seconds age{0};  // how long before now it was published
};

// A deterministic plan of `count` offers that covers every category, style and aspect ratio
// (so every orientation), with believable titles, descriptions, tags and a spread of prices.
std::vector<SeedOffer> seed_plan(int count);

// The same plan an offer at a time, so that seeding a million offers holds one batch of them
// in memory rather than the whole plan: next() answers what seed_plan(count)[i] is on its
// i-th call. The titles drawn so far are kept (they must stay unique), a few dozen bytes each.
class SeedPlanner {
 public:
  explicit SeedPlanner(int count);
  SeedPlanner(const SeedPlanner&) = delete;
  SeedPlanner& operator=(const SeedPlanner&) = delete;
  SeedPlanner(SeedPlanner&&) noexcept;
  SeedPlanner& operator=(SeedPlanner&&) noexcept;
  ~SeedPlanner();

  // The plan's next offer; only while planned() < count.
  SeedOffer next();
  int planned() const noexcept { return index_; }

 private:
  struct Titles;
  std::uint64_t random_;
  int count_;
  int index_ = 0;
  std::chrono::seconds spacing_;
  std::unique_ptr<Titles> titles_;
};

// The public pictures of one picture: thumbnail and watermarked preview, WebP and JPEG,
// stored in the public blob store; from an encoded original, or from pixels in memory.
// make_derivatives makes them in memory only, so that a picture that fails to decode stores
// nothing; store_derivatives then puts them in the store.
Derivatives make_derivatives(ImageProcessor& processor, std::string_view master_encoded);
OfferImages store_derivatives(BlobStore& public_media, const Derivatives& made);
OfferImages publish_derivatives(ImageProcessor& processor, BlobStore& public_media,
                                std::string_view master_encoded);
OfferImages publish_derivatives(ImageProcessor& processor, BlobStore& public_media,
                                const Image& picture);

}  // namespace artshop
