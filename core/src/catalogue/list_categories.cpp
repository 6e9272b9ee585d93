#include "artshop/core/catalogue/list_categories.hpp"

namespace artshop {

Result<std::vector<Category>> ListCategories::operator()() {
  return catalogue_.current()->categories();
}

}  // namespace artshop
