#include "blob_stores.hpp"

#include <chrono>

#include "artshop/media/filesystem_blob_store.hpp"
#include "artshop/s3/s3_blob_store.hpp"

namespace artshop::app {
namespace {

// The bucket's objects as the server streams them.
class BucketMedia final : public http::MediaStore {
 public:
  explicit BucketMedia(s3::S3BlobStore& bucket) : bucket_(bucket) {}

  std::optional<Object> find(std::string_view key) override {
    auto object = bucket_.describe(key);
    if (!object) return std::nullopt;
    return Object{.size = object->size, .etag = std::move(object->etag)};
  }

  void read(std::string_view key, std::uintmax_t first, std::uintmax_t last,
            const std::function<bool(std::string_view)>& sink) override {
    bucket_.read(key, first, last, sink);
  }

 private:
  s3::S3BlobStore& bucket_;
};

}  // namespace

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
                                    .secret_access_key = blobs.secret_access_key,
                                    .session_token = blobs.session_token},
                    .timeout = std::chrono::seconds(blobs.timeout_seconds),
                    .retry = {.max_attempts = blobs.max_attempts,
                              .retry_base = std::chrono::milliseconds(blobs.retry_base_ms),
                              .retry_cap = std::chrono::milliseconds(blobs.retry_cap_ms)},
                    .idle_connections = static_cast<std::size_t>(blobs.idle_connections)});
}

std::unique_ptr<http::MediaStore> make_media_store(BlobStore& public_store) {
  auto* bucket = dynamic_cast<s3::S3BlobStore*>(&public_store);
  if (bucket == nullptr) return nullptr;
  return std::make_unique<BucketMedia>(*bucket);
}

}  // namespace artshop::app
