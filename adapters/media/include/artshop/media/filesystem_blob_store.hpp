#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/ports/blob_store.hpp"
#include "artshop/media/blob_key.hpp"

namespace artshop::media {

// Blobs as files under one folder, named by content_key: "3f/a9c2...e1.webp" is the file
// "3f/a9c2...e1.webp" below the folder.
//
// A file is written under a hidden temporary name, flushed to disk and renamed into place,
// so a reader (this process, another one, or a web server serving the folder) never sees a
// partial file, and a crash leaves at worst a stray temporary file. Files are 0644.
// Thread-safe; several processes may share the folder.
class FilesystemBlobStore final : public BlobStore {
 public:
  // Creates `root` when missing. Throws std::filesystem::filesystem_error when it cannot.
  explicit FilesystemBlobStore(std::filesystem::path root);

  std::string put(std::string_view bytes, std::string_view extension) override;
  std::optional<std::string> get(std::string_view key) override;
  bool exists(std::string_view key) override;

  // Not in the port: the file a key names, for serving it straight from disk; nullopt for a
  // key that is not safe. The file need not exist.
  std::optional<std::filesystem::path> path_of(std::string_view key) const;

  const std::filesystem::path& root() const noexcept { return root_; }

 private:
  std::filesystem::path root_;
};

}  // namespace artshop::media
