#pragma once

#include <utility>
#include <vector>

#include "artshop/core/catalogue/offer.hpp"
#include "artshop/core/catalogue/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

// GET /api/categories.
class ListCategories {
 public:
  using Ports = Transactions<OfferRepository>;

  explicit ListCategories(Ports transactions) : transactions_(std::move(transactions)) {}
  Result<std::vector<Category>> operator()();

 private:
  Ports transactions_;
};

}  // namespace artshop
