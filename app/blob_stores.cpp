#include "blob_stores.hpp"

#include <chrono>

#include "artshop/media/filesystem_blob_store.hpp"
#include "artshop/s3/s3_blob_store.hpp"

namespace artshop::app {

std::unique_ptr<BlobStore> make_blob_store(const Config& config, BlobVisibility visibility) {
  const bool public_store = visibility == BlobVisibility::Public;
  const Config::Blobs& blobs = config.blobs;
  if (blobs.kind == Config::Blobs::Kind::Folder) {
    return std::make_unique<media::FilesystemBlobStore>(public_store ? config.media_dir()
                                                                     : config.originals_dir());
  }
  return std::make_unique<s3::S3BlobStore>(
      s3::S3Options{.endpoint = blobs.endpoint,
                    .region = blobs.region,
                    .bucket = blobs.bucket,
                    .prefix = public_store ? blobs.public_prefix : blobs.private_prefix,
                    .credentials = {.access_key_id = blobs.access_key_id,
                                    .secret_access_key = blobs.secret_access_key},
                    .timeout = std::chrono::seconds(blobs.timeout_seconds)});
}

}  // namespace artshop::app
