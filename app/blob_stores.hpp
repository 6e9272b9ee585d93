#pragma once

#include <memory>

#include "artshop/core/ports/blob_store.hpp"
#include "artshop/http/media_store.hpp"
#include "config.hpp"

namespace artshop::app {

// The public store (thumbnails and previews, served under /media/) or the private one
// (originals and generated images, never served) that blob_store.kind names: a folder of the
// data folder, or a prefix of the shared S3 bucket.
enum class BlobVisibility { Public, Private };
std::unique_ptr<BlobStore> make_blob_store(const Config& config, BlobVisibility visibility);

// What /media/ streams from when the public store is a bucket (make_blob_store's, which must
// outlive it); nullptr for a folder, which the server reads from disk itself.
std::unique_ptr<http::MediaStore> make_media_store(BlobStore& public_store);

}  // namespace artshop::app
