#pragma once

#include <vector>

#include "artshop/core/catalogue/offer.hpp"
#include "artshop/core/catalogue/ports.hpp"
#include "artshop/core/error.hpp"

namespace artshop {

// GET /api/categories: every category by title, each with its Active offers counted, read from
// the catalogue in memory (CatalogueSnapshot::categories), so that a catalogue of a million
// offers costs the database no count on every visit to the gallery.
class ListCategories {
 public:
  explicit ListCategories(CatalogueReadModel& catalogue) : catalogue_(catalogue) {}
  Result<std::vector<Category>> operator()();

 private:
  CatalogueReadModel& catalogue_;
};

}  // namespace artshop
