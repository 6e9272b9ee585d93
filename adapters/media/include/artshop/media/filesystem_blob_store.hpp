#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "artshop/core/ports/blob_store.hpp"

namespace artshop::media {

// Blobs as files under one folder, named by content: the key of some bytes is the first 128
// bits of their SHA-256 in hex, split after two characters into a subfolder (so no folder
// holds more than about 1/256 of the files), plus the extension: "3f/a9c2...e1.webp".
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

// Whether `key` is a plain relative name: non-empty, '/'-separated segments that are neither
// empty nor start with a dot (which excludes "." and ".." and hidden temporary files), and
// no backslash, NUL or leading '/'.
bool is_safe_key(std::string_view key) noexcept;

}  // namespace artshop::media
