#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "artshop/core/error.hpp"
#include "artshop/core/generation/generated_image.hpp"
#include "artshop/core/generation/generation_rules.hpp"
#include "artshop/core/orders/repositories.hpp"
#include "artshop/core/ports/blob_store.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/image_generator.hpp"
#include "artshop/core/ports/image_processor.hpp"
#include "artshop/core/ports/random_source.hpp"
#include "artshop/core/ports/transactions.hpp"
#include "artshop/core/validation.hpp"

namespace artshop {

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

}  // namespace artshop
