#include "artshop/core/catalogue/list_categories.hpp"

namespace artshop {

Result<std::vector<Category>> ListCategories::operator()() {
  return transactions_.read([](Ports::Scope& tx) -> Result<std::vector<Category>> {
    return tx.get<OfferRepository>().categories();
  });
}

}  // namespace artshop
