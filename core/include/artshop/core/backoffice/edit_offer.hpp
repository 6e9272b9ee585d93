#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "artshop/core/backoffice/catalogue_desk.hpp"

namespace artshop {

// A new price for one attribute of the offer, typed in euros ("24.00").
struct OfferPriceChange {
  std::int64_t attribute = 0;
  std::optional<std::string> price;
};

// What a PATCH sent; an absent field stays as it is.
struct EditOfferCommand {
  StaffActor actor;
  OfferId offer;
  std::optional<std::string> title;
  std::optional<std::string> description;
  std::optional<std::string> category;
  std::optional<std::string> style;
  std::optional<std::vector<std::string>> tags;
  std::optional<bool> exclusive;
  std::vector<OfferPriceChange> prices;
  std::string address;
};

// PATCH /api/admin/offers/{id} (edit_catalogue): title, description, category, style, tags,
// the exclusive flag and the price of each size and licence. The urlName stays (links to the
// offer keep working). Turning an offer exclusive or back gives it the sizes of its kind at the
// same base price, and is refused once an order holds it. Audited offer.edit with the changed
// fields before and after; a PATCH that changes nothing writes nothing.
class EditOffer {
 public:
  using Ports = Transactions<OfferRepository, CatalogueRecords, AuditLog>;

  EditOffer(Ports transactions, const Clock& clock)
      : transactions_(std::move(transactions)), clock_(clock) {}
  Result<StaffOfferFile> operator()(const EditOfferCommand& command);

 private:
  Ports transactions_;
  const Clock& clock_;
};

// POST /api/admin/offers/{id}/publish and .../hide (edit_catalogue): a hidden offer goes on
// sale, an offer on sale leaves the gallery and search (its buyers keep their downloads). A sold
// exclusive is refused both ways; publishing a published offer, or hiding a hidden one, changes
// nothing. Audited offer.publish and offer.hide.
class SetOfferState {
 public:
  using Ports = Transactions<OfferRepository, CatalogueRecords, AuditLog>;

  SetOfferState(Ports transactions, const Clock& clock)
      : transactions_(std::move(transactions)), clock_(clock) {}
  Result<StaffOfferFile> publish(const StaffActor& actor, OfferId offer,
                                 const std::string& address);
  Result<StaffOfferFile> hide(const StaffActor& actor, OfferId offer, const std::string& address);

 private:
  Result<StaffOfferFile> move(const StaffActor& actor, OfferId offer, const std::string& address,
                              OfferStatus to);

  Ports transactions_;
  const Clock& clock_;
};

}  // namespace artshop
