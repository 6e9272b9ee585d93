#include "artshop/core/catalogue/seed_catalogue.hpp"

#include <fmt/format.h>

#include <array>
#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <set>

namespace artshop {
namespace {

// Offers written per transaction when seeding: large enough that a million offers take a few
// hundred commits (each one a sync of the journal), small enough that the batch in memory and
// the transaction stay modest.
constexpr std::size_t kSeedBatch = 20'000;

// An offer of its own (title, words, category, price, date) on the pictures of `drawn`, whose
// aspect ratio, sizes and recipe it takes, so a bought copy is the picture shown.
Offer sharing_picture(const SeedOffer& item, std::chrono::sys_seconds now, const Offer& drawn) {
  Offer offer = drawn;
  offer.url_name = slugify(item.title);
  offer.title = item.title;
  offer.description = item.description;
  offer.category = item.category;
  offer.style = item.style;
  offer.tags = item.tags;
  offer.created_at = now - item.age;
  offer.attributes =
      standard_attributes(item.style, kGeneratedFullLongEdge, item.base_price_eur_cents);
  return offer;
}

// Counts tasks down to zero and lets one thread wait for that; each task holds a Ticket.
class Countdown {
 public:
  explicit Countdown(std::size_t count) : left_(count) {}

  class Ticket {
   public:
    explicit Ticket(Countdown& countdown) : countdown_(countdown) {}
    ~Ticket() { countdown_.count_down(); }
    Ticket(const Ticket&) = delete;
    Ticket& operator=(const Ticket&) = delete;

   private:
    Countdown& countdown_;
  };

  void wait() {
    std::unique_lock lock(mutex_);
    zero_.wait(lock, [this] { return left_ == 0; });
  }

 private:
  void count_down() {
    const std::lock_guard lock(mutex_);
    if (--left_ == 0) zero_.notify_all();
  }

  std::mutex mutex_;
  std::condition_variable zero_;
  std::size_t left_;
};

}  // namespace

Result<bool> SeedCatalogue::pending(int count) {
  // The categories exist in every shop, seeded with samples or not, so imports can use them.
  return transactions_.write([count](Ports::Scope& tx) -> Result<bool> {
    auto& offers = tx.get<OfferRepository>();
    if (!offers.has_categories()) {
      for (const auto& category : default_categories()) offers.upsert_category(category);
    }
    return count > 0 && !tx.get<SettingRepository>().get(kSeededSetting) && offers.count() == 0;
  });
}

Result<SeedReport> SeedCatalogue::operator()(int count,
                                             const std::function<void(int, int)>& progress,
                                             std::stop_token stop) {
  const auto needed = pending(count);
  if (!needed) return std::unexpected(needed.error());
  if (!*needed) return SeedReport{.seeded = false, .offers = 0};

  const auto total_offers = static_cast<std::size_t>(count);
  SeedPlanner planner(count);
  const auto now = std::chrono::floor<std::chrono::seconds>(clock_.now());
  // Drawing takes about half a second a picture: past the default sample size, offers share
  // the pictures of the first ones. Only those are planned ahead; the rest are planned a batch
  // at a time as they are written.
  const auto drawn = std::min(total_offers, static_cast<std::size_t>(kDefaultSeedOffers));
  std::vector<SeedOffer> plan;
  plan.reserve(drawn);
  for (std::size_t i = 0; i < drawn; ++i) plan.push_back(planner.next());
  std::vector<Offer> offers(drawn);
  std::atomic<int> done{0};
  std::atomic<bool> failed{false};
  std::mutex failure_mutex;
  std::string failure;
  const auto render = [&](std::size_t i) {
    if (failed || stop.stop_requested()) return;
    try {
      const auto& item = plan[i];
      const auto master = generator_.generate({.prompt = item.prompt,
                                               .style = item.style,
                                               .aspect_ratio = item.aspect_ratio,
                                               .seed = item.seed,
                                               .long_edge = kGeneratedMasterLongEdge});
      // The full size is what the generator draws at its largest size.
      const auto [full_w, full_h] = pixel_size(item.aspect_ratio, kGeneratedFullLongEdge);
      Offer offer;
      offer.url_name = slugify(item.title);
      offer.title = item.title;
      offer.description = item.description;
      offer.category = item.category;
      offer.style = item.style;
      offer.aspect_ratio = item.aspect_ratio;
      offer.orientation = orientation_of(full_w, full_h);
      offer.width = full_w;
      offer.height = full_h;
      offer.tags = item.tags;
      offer.created_at = now - item.age;
      offer.status = OfferStatus::Active;
      offer.attributes =
          standard_attributes(item.style, kGeneratedFullLongEdge, item.base_price_eur_cents);
      offer.images = publish_derivatives(processor_, public_media_, master);
      offer.source = {.prompt = item.prompt, .seed = item.seed, .original_key = {}};
      offers[i] = std::move(offer);
      const auto finished = ++done;
      if (progress) progress(finished, static_cast<int>(drawn));
    } catch (const std::exception& error) {
      const std::lock_guard lock(failure_mutex);
      if (failure.empty()) failure = error.what();
      failed = true;
    }
  };
  {
    Countdown pending(drawn);
    for (std::size_t i = 0; i < drawn; ++i) {
      // The ticket counts the task down when it is destroyed, run or not: an executor that is
      // shutting down drops what it queued, and the wait below must still end.
      auto ticket = std::make_shared<Countdown::Ticket>(pending);
      if (!drawing_.try_submit([&render, i, ticket] { render(i); })) render(i);
    }
    pending.wait();
  }
  if (!failure.empty()) return std::unexpected(Error::internal("seeding: " + failure));
  // An executor that shut down dropped some of the drawing: that is a stop too.
  if (stop.stop_requested() || done < static_cast<int>(drawn)) {
    return std::unexpected(Error::internal("seeding: stopped"));
  }

  // What the committed batches stored. A batch counts from it afresh on each attempt and
  // adds to it only once committed.
  int inserted = 0;
  std::vector<Offer> batch_offers;
  for (std::size_t first = 0; first < total_offers; first += kSeedBatch) {
    const auto last = std::min(total_offers, first + kSeedBatch);
    // Planned before the transaction, so that an attempt made again writes the same offers.
    batch_offers.clear();
    for (auto i = first; i < last; ++i) {
      batch_offers.push_back(i < drawn ? offers[i]
                                       : sharing_picture(planner.next(), now, offers[i % drawn]));
    }
    // The number of offers stored once the batch is in; nothing when another process seeded.
    auto batch = transactions_.write([&](Ports::Scope& tx) -> Result<std::optional<int>> {
      auto& stored = tx.get<OfferRepository>();
      auto& settings = tx.get<SettingRepository>();
      if (first == 0) {
        if (settings.get(kSeededSetting)) return std::nullopt;
        for (const auto& category : default_categories()) stored.upsert_category(category);
      }
      int total = inserted;
      for (const auto& offer : batch_offers) {
        // Titles are unique, so their slugs are too, but a suffix keeps that a non-issue.
        if (!stored.insert(offer)) {
          auto suffixed = offer;
          suffixed.url_name += fmt::format("-{}", total + 1);
          if (!stored.insert(suffixed)) continue;
        }
        ++total;
      }
      if (last == total_offers) settings.set(kSeededSetting, std::to_string(total));
      return total;
    });
    if (!batch) return std::unexpected(batch.error());
    if (!*batch) return SeedReport{.seeded = false, .offers = 0};
    inserted = **batch;
  }
  return SeedReport{.seeded = true, .offers = inserted};
}

}  // namespace artshop
