#pragma once

// The rows of an offer besides its own, written the same way by the catalogue's inserts and the
// back office's edits.
#include <string>
#include <vector>

#include "artshop/core/catalogue/offer.hpp"
#include "artshop/sql/connection.hpp"

namespace artshop::sql {

// Stores `attributes` for `offer` (ids are assigned).
void insert_attributes(Connection& db, OfferId offer,
                       const std::vector<OfferAttribute>& attributes);
// Stores `tags` for `offer` in their order; a tag given twice is stored once.
void insert_tags(Connection& db, OfferId offer, const std::vector<std::string>& tags);

}  // namespace artshop::sql
