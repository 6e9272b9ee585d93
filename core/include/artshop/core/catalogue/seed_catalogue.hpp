#pragma once

#include <functional>
#include <stop_token>
#include <string>
#include <utility>
#include <vector>

#include "artshop/core/catalogue/offer.hpp"
#include "artshop/core/catalogue/repositories.hpp"
#include "artshop/core/catalogue/seed_plan.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/blob_store.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/executor.hpp"
#include "artshop/core/ports/image_generator.hpp"
#include "artshop/core/ports/image_processor.hpp"
#include "artshop/core/ports/settings.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

struct SeedReport {
  bool seeded = false;  // false: the catalogue had been seeded before
  int offers = 0;
};

// Fills an empty shop on its first start. Runs once per database: a setting records that it
// ran, so deleting every offer later does not bring the samples back.
class SeedCatalogue {
 public:
  static constexpr std::string_view kSeededSetting = "catalogue.seeded";
  using Ports = Transactions<OfferRepository, SettingRepository>;

  // Pictures are drawn on `drawing`, one task per offer; a task it refuses runs on the
  // caller's thread.
  SeedCatalogue(Ports transactions, ImageGenerator& generator, ImageProcessor& processor,
                BlobStore& public_media, const Clock& clock, Executor& drawing)
      : transactions_(std::move(transactions)),
        generator_(generator),
        processor_(processor),
        public_media_(public_media),
        clock_(clock),
        drawing_(drawing) {}

  // Makes sure the categories exist and answers whether `count` sample offers are still to be
  // drawn (false once seeded, when the shop has offers already, or for a count of 0). Quick.
  Result<bool> pending(int count);

  // Draws on the executor and waits for it; `progress` is told of each offer done, from the
  // executor's threads. A stop request abandons the work with nothing written, so the next
  // start seeds again.
  Result<SeedReport> operator()(int count,
                                const std::function<void(int done, int total)>& progress = {},
                                std::stop_token stop = {});

 private:
  Ports transactions_;
  ImageGenerator& generator_;
  ImageProcessor& processor_;
  BlobStore& public_media_;
  const Clock& clock_;
  Executor& drawing_;
};

}  // namespace artshop
