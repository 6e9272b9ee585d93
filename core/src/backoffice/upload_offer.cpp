#include "artshop/core/backoffice/upload_offer.hpp"

#include "artshop/core/catalogue/import_picture.hpp"
#include "artshop/core/staff/staff_services.hpp"
#include "artshop/core/text.hpp"

namespace artshop {
namespace {

// What the file is, by its header: a picture the shop takes within the limits, or the reason
// it is refused, under "file".
Result<PictureHeader> check_picture(ImageProcessor& processor, std::string_view bytes) {
  using namespace catalogue_messages;
  const auto refused = [](std::string_view message) {
    return std::unexpected(Error::validation(ValidationErrors("file", std::string(message))));
  };
  if (bytes.size() > kMaxUploadBytes) return refused(kFileTooLarge);
  const auto header = processor.inspect(bytes_of(bytes));
  if (!header) return refused(kNotAPicture);
  const auto& size = header->size;
  if (static_cast<std::int64_t>(size.width) * size.height > kMaxUploadPixels) {
    return refused(kTooManyPixels);
  }
  if (size.width < kMinUploadSide || size.height < kMinUploadSide) return refused(kTooSmall);
  return *header;
}

}  // namespace

Result<StaffOfferFile> UploadOffer::operator()(const UploadOfferCommand& command) {
  if (auto allowed = require_permission(command.actor, StaffPermission::EditCatalogue); !allowed) {
    return std::unexpected(allowed.error());
  }
  // The picture first: nothing else about the upload is worth reading if it is not one.
  const auto header = check_picture(stores_.processor, command.picture);
  if (!header) return std::unexpected(header.error());
  ValidationErrors errors;
  const auto title = read_offer_title(command.title, errors);
  const auto style = read_offer_style(command.style.value_or("None"), errors);
  const auto category = query_text(command.category);
  if (!category) errors.add("category", "Choose a category.");
  if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));
  const auto url_name = slugify(*title);

  const auto known = transactions_.read([&](Ports::Scope& tx) -> Result<void> {
    auto& offers = tx.get<OfferRepository>();
    ValidationErrors found;
    if (!offers.category_exists(*category)) found.add("category", "No such category.");
    if (offers.find_by_url_name(url_name)) {
      found.add("title", std::string(catalogue_messages::kTitleTaken));
    }
    if (!found.empty()) return std::unexpected(Error::validation(std::move(found)));
    return {};
  });
  if (!known) return std::unexpected(known.error());

  const auto now = std::chrono::floor<std::chrono::seconds>(clock_.now());
  Offer offer;
  try {
    const auto picture =
        store_picture(stores_, std::string(command.picture), extension(header->format));
    offer =
        offer_of_picture(picture, *style, kDefaultImportPriceEurCents, OfferStatus::Hidden, now);
  } catch (const std::exception&) {
    // A header that read well over pixels that do not decode: still not a picture.
    return std::unexpected(
        Error::validation(ValidationErrors("file", std::string(catalogue_messages::kNotAPicture))));
  }
  offer.url_name = url_name;
  offer.title = *title;
  offer.category = *category;

  return transactions_.write([&](Ports::Scope& tx) -> Result<StaffOfferFile> {
    auto& offers = tx.get<OfferRepository>();
    const auto id = offers.insert(offer);
    if (!id) {
      return std::unexpected(Error::validation(
          ValidationErrors("title", std::string(catalogue_messages::kTitleTaken))));
    }
    auto record = offer_audit(command.actor, command.address, "offer.create", *id, now);
    record.after = audit_values({{"title", offer.title},
                                 {"urlName", offer.url_name},
                                 {"category", offer.category},
                                 {"style", name(offer.style)},
                                 {"state", state_name(offer.status)}});
    tx.get<AuditLog>().append(record);
    auto stored = offers.find_by_id(*id);
    if (!stored) return std::unexpected(Error::internal("the new offer could not be read"));
    return StaffOfferFile{.offer = std::move(*stored), .ordered = false};
  });
}

}  // namespace artshop
