#pragma once

#include "artshop/core/backoffice/catalogue_records.hpp"
#include "artshop/sql/connection.hpp"

namespace artshop::sql {

// The back office's reads and writes of the catalogue over one connection, inside the
// transaction a unit of work opened on it. Its writes fire the catalogue's triggers like any
// other, so every server's read model picks them up (docs/catalogue.md).
class SqlCatalogueRecords final : public CatalogueRecords {
 public:
  explicit SqlCatalogueRecords(Connection& connection) noexcept : db_(connection) {}

  StaffOfferPage search(const StaffOfferQuery& query) override;
  void update(const Offer& offer) override;
  void replace_attributes(OfferId offer, const std::vector<OfferAttribute>& attributes) override;
  bool ordered(OfferId offer) override;
  bool set_status(OfferId offer, OfferStatus from, OfferStatus to) override;

 private:
  Connection& db_;
};

}  // namespace artshop::sql
