#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/backoffice/catalogue_desk.hpp"
#include "artshop/core/catalogue/import_picture.hpp"

namespace artshop {

struct UploadOfferCommand {
  StaffActor actor;
  std::string_view picture;  // the file's bytes, as sent
  std::optional<std::string> title;
  std::optional<std::string> category;
  std::optional<std::string> style;  // None when absent
  std::string address;
};

// POST /api/admin/offers (edit_catalogue): a new offer from a picture, hidden until published.
// The bytes alone say what the file is (libvips reads its header, never its name or
// Content-Type): not a JPEG, PNG or WebP, smaller than 512 pixels on a side, or above 100
// megapixels by its header (so a small file claiming a huge picture is refused before a pixel
// is decoded), it is refused and nothing is stored. The derivatives and the original are stored
// as `artshop import` stores them (store_picture), with the standard sizes at 19.00 EUR.
// Audited offer.create.
class UploadOffer {
 public:
  using Ports = Transactions<OfferRepository, AuditLog>;

  UploadOffer(Ports transactions, PictureStores stores, const Clock& clock)
      : transactions_(std::move(transactions)), stores_(stores), clock_(clock) {}
  Result<StaffOfferFile> operator()(const UploadOfferCommand& command);

 private:
  Ports transactions_;
  PictureStores stores_;
  const Clock& clock_;
};

}  // namespace artshop
