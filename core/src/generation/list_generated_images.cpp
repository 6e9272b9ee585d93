#include "artshop/core/generation/list_generated_images.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>

#include "artshop/core/text.hpp"

namespace artshop {

Result<GeneratedImageList> ListGeneratedImages::operator()(const ListGeneratedImagesQuery& query) {
  ValidationErrors errors;
  GeneratedImageList list;
  list.page = read_page_number(query.page, "Page", 1, std::numeric_limits<int>::max(), errors);
  list.page_size =
      read_page_number(query.page_size, "PageSize", kDefaultPageSize, kMaxPageSize, errors);
  if (!errors.empty()) return std::unexpected(Error::validation(std::move(errors)));

  const auto offset = std::min<std::int64_t>(std::int64_t{list.page - 1} * list.page_size,
                                             std::numeric_limits<int>::max());
  return transactions_.read([&](Ports::Scope& tx) -> Result<GeneratedImageList> {
    auto page = tx.get<GeneratedImageRepository>().list_for_user(
        query.user, static_cast<int>(offset), list.page_size);
    list.items = std::move(page.items);
    list.total = page.total;
    return list;
  });
}

}  // namespace artshop
