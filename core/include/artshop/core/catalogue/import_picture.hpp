#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "artshop/core/catalogue/offer.hpp"
#include "artshop/core/catalogue/repositories.hpp"
#include "artshop/core/ports/blob_store.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/image_processor.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

// One picture of an import manifest, already read into its fields (the manifest's format is the
// reader's business): file, title, description, category, style, tags, and optionally the HD
// price in euros ("19.99").
struct ImportRow {
  int line = 0;  // where it stands in the manifest, for the report
  std::string file;
  std::string title;
  std::string description;
  std::string category;
  std::string style;
  std::vector<std::string> tags;
  std::optional<std::string> price;
};

struct ImportOutcome {
  enum class Status { Imported, AlreadyPresent, Rejected } status = Status::Rejected;
  std::string url_name;
  std::vector<std::string> problems;  // why a row was rejected
};

inline constexpr std::int64_t kDefaultImportPriceEurCents = 1900;

// A real picture stored for a new offer: its pixel size, its public derivatives and the key
// of its original in the private store.
struct StoredPicture {
  ImageSize size;
  OfferImages images;
  std::string original_key;
};

// Where a new offer's picture goes: made into derivatives by the processor, those stored in the
// public store and the original in the private one.
struct PictureStores {
  ImageProcessor& processor;
  BlobStore& public_media;
  BlobStore& originals;
};

// Stores a picture for a new offer, as `artshop import` and the back office's upload do. Every
// derivative is made in memory before anything is stored, so a picture that fails to decode
// stores nothing (the exception says why). `extension` names the original's format ("png").
StoredPicture store_picture(const PictureStores& stores, const std::string& original,
                            std::string_view extension);

// A new offer of a stored picture, `status` and created `at`, with the standard attributes of
// `style` at `base_price_eur_cents`; the caller names it.
Offer offer_of_picture(const StoredPicture& picture, ArtStyle style,
                       std::int64_t base_price_eur_cents, OfferStatus status,
                       std::chrono::sys_seconds at);

// `artshop import DIR`: adds one real picture. The original goes to the private store and is
// never served; the thumbnail and watermarked preview to the public one. A title whose
// urlName exists already is left alone, so running an import twice adds nothing.
class ImportPicture {
 public:
  using Ports = Transactions<OfferRepository>;

  ImportPicture(Ports transactions, PictureStores stores, const Clock& clock)
      : transactions_(std::move(transactions)), stores_(stores), clock_(clock) {}

  // `original` is the picture file's bytes; nullopt when the file could not be read.
  ImportOutcome operator()(const ImportRow& row, const std::optional<std::string>& original);

 private:
  Ports transactions_;
  PictureStores stores_;
  const Clock& clock_;
};

}  // namespace artshop
