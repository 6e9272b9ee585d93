#pragma once

#include <chrono>
#include <memory>
#include <string>

#include "artshop/concurrency/bounded_thread_pool.hpp"
#include "artshop/concurrency/offloaded.hpp"
#include "artshop/core/chore_leases.hpp"
#include "artshop/core/mail/deliver_mail.hpp"
#include "artshop/crypto/digests.hpp"
#include "artshop/imagegen/procedural_image_generator.hpp"
#include "artshop/media/vips_image_processor.hpp"
#include "blob_stores.hpp"
#include "mail_delivery.hpp"
#include "shared_rates.hpp"
#include "storage.hpp"

namespace artshop::app {

class SystemClock final : public Clock {
 public:
  std::chrono::system_clock::time_point now() const override {
    return std::chrono::system_clock::now();
  }
};

// Where pure computation (Argon2, drawing pictures) runs: at the idle priority unless
// idle_priority = false.
concurrency::BoundedThreadPool::Priority computation_priority(const Config& config);
// The cores this process may use, at least one.
unsigned cores();

// What the features of the shop share, built once over the storage: the clock and randomness,
// the database's transactions and the catalogue read model, exchange rates, the picture
// machinery, the blob stores, the mail outbox's delivery, the leases of chores that run on one
// server at a time, and the shop's public address. Each feature (app/features/) builds its
// own use cases and routes over it.
struct Infrastructure {
  explicit Infrastructure(Storage& storage);
  // Stops the mail executor (a delivery under way finishes) before what its tasks call goes
  // away. Mails not sent yet wait in the outbox for the next start.
  ~Infrastructure();
  Infrastructure(const Infrastructure&) = delete;
  Infrastructure& operator=(const Infrastructure&) = delete;

  const Config& config;
  Storage& storage;
  RandomSource& random;
  // The mail outbox is sent here, never on an API worker or an I/O thread.
  concurrency::BoundedThreadPool mail_work;
  // Drawing pictures at the idle priority: it takes only CPU time nothing else wants, so it
  // never delays cheap reads. The pools that wait on it keep their database work, and its
  // locks, on their own threads.
  concurrency::BoundedThreadPool drawing_work;
  SystemClock clock;
  crypto::Sha256TokenHasher digests;
  // The database's transactions, nudging the mail chore after each commit that queued mail.
  MailNudgingUnitOfWork transactions;
  // The catalogue visitors browse, in memory, answered on the I/O threads: it never waits
  // for the database longer than a version lookup.
  sql::SqlCatalogueReadModel& catalogue;
  // Delivers at once and throws on failure: the outbox keeps a mail until it went out. Called
  // on mail_work only, by deliver_mail.
  std::unique_ptr<Mailer> mail_transport;
  // Chores that run on one server of the shop at a time (housekeeping, seeding, mail, rates).
  ChoreLeases chores;
  DeliverMail deliver_mail;
  MailMetrics mail_metrics;
  MailChore mail_chore;
  std::unique_ptr<ExchangeRateSource> rate_source;
  // The rate source when the rates are fetched and shared (rates_source = ecb), to be ticked.
  SharedRateSource* shared_rates;
  // Draws the catalogue and redraws bought pictures at their size: only the built-in generator
  // reproduces a picture from its recipe.
  imagegen::ProceduralImageGenerator procedural;
  concurrency::OffloadedImageGenerator generator;  // procedural on drawing_work
  media::VipsImageProcessor processor;
  // Folders of the data folder, or prefixes of a bucket several servers share (blob_stores.hpp).
  std::unique_ptr<BlobStore> public_media;
  std::unique_ptr<BlobStore> originals;
  std::string public_url;  // config.public_url until the server settles it (Shop::listening_on)
};

}  // namespace artshop::app
