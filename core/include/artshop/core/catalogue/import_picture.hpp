#pragma once

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

// `artshop import DIR`: adds one real picture. The original goes to the private store and is
// never served; the thumbnail and watermarked preview to the public one. A title whose
// urlName exists already is left alone, so running an import twice adds nothing.
class ImportPicture {
 public:
  using Ports = Transactions<OfferRepository>;

  ImportPicture(Ports transactions, ImageProcessor& processor, BlobStore& public_media,
                BlobStore& originals, const Clock& clock)
      : transactions_(std::move(transactions)),
        processor_(processor),
        public_media_(public_media),
        originals_(originals),
        clock_(clock) {}

  // `original` is the picture file's bytes; nullopt when the file could not be read.
  ImportOutcome operator()(const ImportRow& row, const std::optional<std::string>& original);

 private:
  Ports transactions_;
  ImageProcessor& processor_;
  BlobStore& public_media_;
  BlobStore& originals_;
  const Clock& clock_;
};

}  // namespace artshop
