#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "artshop/core/error.hpp"
#include "artshop/core/generation/generated_image.hpp"
#include "artshop/core/money.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/ports/blob_store.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/image_generator.hpp"
#include "artshop/core/ports/image_processor.hpp"
#include "artshop/core/ports/random_source.hpp"
#include "artshop/core/ports/transactions.hpp"

// The use cases of generated images (DESIGN.md section 7): drawing them for a price, listing
// them, the day's allowance, and downloading one again.
namespace artshop {

// What a customer gets: `free_per_day` images each UTC day, then `price_eur_cents` each from
// the balance.
struct GenerationRules {
  int free_per_day = 3;
  std::int64_t price_eur_cents = 20;
};

inline constexpr int kGeneratedLongEdge = 1024;
inline constexpr std::size_t kMaxPromptLength = 500;  // code points, after trimming
inline constexpr int kMaxImagesPerRequest = 4;

// POST /api/generated-images. Style and ratio are the names the API uses; count and seed are
// whatever whole numbers the payload held (absent: one image, a fresh random seed).
struct GenerateImagesCommand {
  UserId user;
  std::string prompt;
  std::string style;
  std::string aspect_ratio;
  std::optional<std::int64_t> count;
  std::optional<std::int64_t> seed;
  // Fields the adapter could not read at all (a string where a number belongs): answered in
  // the same error map as the rest.
  ValidationErrors unreadable;
};

// A stored picture with its PNG bytes.
struct GeneratedImageFile {
  GeneratedImage image;
  std::string png;
};

struct GeneratedImages {
  int requested = 0;
  std::uint32_t first_seed = 0;            // the seed of the first picture asked for
  std::vector<GeneratedImageFile> images;  // those made and paid for, in seed order
  bool complete() const noexcept { return std::ssize(images) == requested; }
};

// Works out how many images the caller can have now (free ones left today plus whole images
// the balance covers, at most the count asked for), draws that many outside any transaction
// and keeps their PNGs in the private store, then in one write transaction checks the quota
// and balance again (a parallel request may have used them), records the images it can still
// pay for (free ones first), and posts the paid ones to the ledger. Only recorded images are
// answered; nothing is charged for the others.
class GenerateImages {
 public:
  static constexpr std::string_view kInsufficientBalance = "Insufficient balance.";
  // Followed by the generator's own words for what went wrong.
  static constexpr std::string_view kGeneratorFailed = "The image generator failed: ";
  // Paid images are charged to the caller's balance on the ledger.
  using Ports = Transactions<GeneratedImageRepository, Ledger>;

  GenerateImages(Ports transactions, ImageGenerator& generator, ImageProcessor& processor,
                 BlobStore& originals, RandomSource& random, const Clock& clock,
                 GenerationRules rules)
      : transactions_(std::move(transactions)),
        generator_(generator),
        processor_(processor),
        originals_(originals),
        random_(random),
        clock_(clock),
        rules_(rules) {}
  Result<GeneratedImages> operator()(const GenerateImagesCommand& command);

 private:
  Ports transactions_;
  ImageGenerator& generator_;
  ImageProcessor& processor_;
  BlobStore& originals_;
  RandomSource& random_;
  const Clock& clock_;
  GenerationRules rules_;
};

// GET /api/generated-images?Page=&PageSize=: raw query values; absent or empty ones default.
struct ListGeneratedImagesQuery {
  UserId user;
  std::optional<std::string> page;
  std::optional<std::string> page_size;
};

struct GeneratedImageList {
  std::vector<GeneratedImage> items;
  int total = 0;
  int page = 1;
  int page_size = 12;
};

// The caller's images, newest first, a page at a time.
class ListGeneratedImages {
 public:
  static constexpr int kDefaultPageSize = 12;
  static constexpr int kMaxPageSize = 48;
  using Ports = Transactions<GeneratedImageRepository>;

  explicit ListGeneratedImages(Ports transactions) : transactions_(std::move(transactions)) {}
  Result<GeneratedImageList> operator()(const ListGeneratedImagesQuery& query);

 private:
  Ports transactions_;
};

struct GenerationAllowance {
  int free_per_day = 0;
  int free_remaining = 0;
  Money price_per_image{0, Currency::EUR};
  std::chrono::sys_seconds resets_at;  // the next UTC midnight
};

// GET /api/generated-images/allowance: what the caller may still have free today.
class GetGenerationAllowance {
 public:
  using Ports = Transactions<GeneratedImageRepository>;

  GetGenerationAllowance(Ports transactions, const Clock& clock, GenerationRules rules)
      : transactions_(std::move(transactions)), clock_(clock), rules_(rules) {}
  Result<GenerationAllowance> operator()(UserId caller);

 private:
  Ports transactions_;
  const Clock& clock_;
  GenerationRules rules_;
};

// GET /api/generated-images/{id}/file: the stored PNG again. Another user's image is NotFound.
class DownloadGeneratedImage {
 public:
  using Ports = Transactions<GeneratedImageRepository>;

  DownloadGeneratedImage(Ports transactions, BlobStore& originals)
      : transactions_(std::move(transactions)), originals_(originals) {}
  Result<GeneratedImageFile> operator()(UserId caller, GeneratedImageId id);

 private:
  Ports transactions_;
  BlobStore& originals_;
};

}  // namespace artshop
