#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "artshop/core/error.hpp"
#include "artshop/core/generation/generated_image.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

// GET /api/generated-images?Page=&PageSize=: raw query values; absent or empty ones default.
struct ListGeneratedImagesQuery {
  UserId user;
  std::optional<std::string> page;
  std::optional<std::string> page_size;
};

struct GeneratedImageList {
  std::vector<GeneratedImage> items;
  int total = 0;
  int page = 1;
  int page_size = 12;
};

// The caller's images, newest first, a page at a time.
class ListGeneratedImages {
 public:
  static constexpr int kDefaultPageSize = 12;
  static constexpr int kMaxPageSize = 48;
  using Ports = Transactions<GeneratedImageRepository>;

  explicit ListGeneratedImages(Ports transactions) : transactions_(std::move(transactions)) {}
  Result<GeneratedImageList> operator()(const ListGeneratedImagesQuery& query);

 private:
  Ports transactions_;
};

}  // namespace artshop
