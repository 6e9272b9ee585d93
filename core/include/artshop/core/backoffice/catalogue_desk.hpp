#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "artshop/core/backoffice/catalogue_records.hpp"
#include "artshop/core/backoffice/customer_desk.hpp"
#include "artshop/core/catalogue/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/blob_store.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/image_processor.hpp"
#include "artshop/core/ports/transactions.hpp"
#include "artshop/core/staff/audit.hpp"
#include "artshop/core/staff/staff_member.hpp"

// The back office's catalogue (docs/back-office.md, "Catalogue"): the offers list, an offer's
// page, the upload of a new picture, its edits, and publishing or hiding it. Every use case
// checks edit_catalogue first and writes its audit record in the transaction of its effect.
namespace artshop {

namespace catalogue_messages {
inline constexpr std::string_view kNoSuchOffer = "No such offer.";
inline constexpr std::string_view kNotAPicture = "This file is not a JPEG, PNG or WebP picture.";
inline constexpr std::string_view kTooSmall =
    "The picture is too small: at least 512 pixels on each side.";
inline constexpr std::string_view kTooManyPixels =
    "The picture has more pixels than allowed (100 megapixels).";
inline constexpr std::string_view kFileTooLarge = "The file is larger than 25 MB.";
inline constexpr std::string_view kTitleTaken = "An offer with this title exists already.";
inline constexpr std::string_view kSoldStays =
    "This exclusive was sold: it stays with its buyer and is not offered again.";
inline constexpr std::string_view kOrderedKeepsItsSizes =
    "This picture was ordered already: whether it is exclusive cannot change.";
inline constexpr std::string_view kPricesAfterTheFlag =
    "Change the prices once the exclusive flag is saved: the sizes change with it.";
}  // namespace catalogue_messages

// What an upload may be (docs/limits.md, "Uploads"). The server's body limit on the upload's
// route is the byte limit, so a larger file is refused before it is read.
inline constexpr std::size_t kMaxUploadBytes = std::size_t{25} * 1024 * 1024;
inline constexpr int kMinUploadSide = 512;
inline constexpr std::int64_t kMaxUploadPixels = 100'000'000;
inline constexpr std::size_t kMaxOfferTitle = 120;
inline constexpr std::size_t kMaxOfferDescription = 2000;
inline constexpr std::size_t kMaxOfferTags = 20;
inline constexpr std::size_t kMaxOfferTag = 40;
// A price staff set: from 1.00 EUR.
inline constexpr std::int64_t kMinOfferPriceEurCents = 100;

// "published", "hidden" or "sold": an offer's state as the back office names it.
std::string_view state_name(OfferStatus status) noexcept;
std::optional<OfferStatus> parse_state_name(std::string_view name) noexcept;

// 404 "No such offer.".
Error no_such_offer();

// An audit record of `action` on the offer `object` ("offer:12") by `actor`.
AuditRecord offer_audit(const StaffActor& actor, std::string_view address, std::string_view action,
                        OfferId offer, std::chrono::sys_seconds at);

// A title staff typed, trimmed: 1 to 120 characters without control characters and with a
// letter or digit for its urlName; nullopt with the reason under "title" otherwise.
std::optional<std::string> read_offer_title(const std::optional<std::string>& text,
                                            ValidationErrors& errors);
// A style by its name ("PopArt"); nullopt with the reason under "style" otherwise.
std::optional<ArtStyle> read_offer_style(std::string_view text, ValidationErrors& errors);

// The query as sent: Query, State, Category, Sort (-createdAt, title, -price), Page, PageSize.
struct SearchOffersForStaffQuery {
  std::optional<std::string> text;
  std::optional<std::string> state;
  std::optional<std::string> category;
  std::optional<std::string> sort;
  std::optional<std::string> page;
  std::optional<std::string> page_size;
};

struct StaffOfferListing {
  StaffOfferPage offers;
  PageRequest page;
};

// GET /api/admin/offers: every offer, hidden and sold ones included, filtered and paged.
class SearchOffersForStaff {
 public:
  using Ports = Transactions<CatalogueRecords>;

  explicit SearchOffersForStaff(Ports transactions) : transactions_(std::move(transactions)) {}
  Result<StaffOfferListing> operator()(const StaffActor& actor,
                                       const SearchOffersForStaffQuery& query);

 private:
  Ports transactions_;
};

// An offer as staff edit it: every field, and whether an order holds it (then its sizes and
// licences, which lines and artworks name, stay).
struct StaffOfferFile {
  Offer offer;
  bool ordered = false;
};

// GET /api/admin/offers/{id}.
class GetOfferForStaff {
 public:
  using Ports = Transactions<OfferRepository, CatalogueRecords>;

  explicit GetOfferForStaff(Ports transactions) : transactions_(std::move(transactions)) {}
  Result<StaffOfferFile> operator()(const StaffActor& actor, OfferId offer);

 private:
  Ports transactions_;
};

}  // namespace artshop
