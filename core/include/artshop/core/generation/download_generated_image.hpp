#pragma once

#include <utility>

#include "artshop/core/error.hpp"
#include "artshop/core/generation/generated_image.hpp"
#include "artshop/core/ports/blob_store.hpp"
#include "artshop/core/ports/transactions.hpp"

namespace artshop {

// GET /api/generated-images/{id}/file: the stored PNG again. Another user's image is NotFound.
class DownloadGeneratedImage {
 public:
  using Ports = Transactions<GeneratedImageRepository>;

  DownloadGeneratedImage(Ports transactions, BlobStore& originals)
      : transactions_(std::move(transactions)), originals_(originals) {}
  Result<GeneratedImageFile> operator()(UserId caller, GeneratedImageId id);

 private:
  Ports transactions_;
  BlobStore& originals_;
};

}  // namespace artshop
