#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "artshop/http/message.hpp"

namespace artshop::http {

// Serves the regular files below one folder: Content-Type by extension, a strong ETag with
// If-None-Match (304), a precompressed "<file>.gz" sibling for clients that accept gzip, and a
// single byte range (206/416) on the uncompressed file.
class FileServer {
 public:
  // The Cache-Control value for a file, given its path relative to the root ("assets/app.js").
  using CachePolicy = std::function<std::string(std::string_view relative_path)>;

  // The root is resolved once, here: a folder created later is not picked up.
  FileServer(std::filesystem::path root, CachePolicy cache_policy);

  // Answers a GET or HEAD for `relative_path` (decoded, '/'-separated, below the root);
  // nullopt when no regular file is there, or the path would leave the root.
  std::optional<Response> serve(const Request& request, std::string_view relative_path) const;

 private:
  std::optional<std::filesystem::path> resolve(std::string_view relative_path) const;

  std::filesystem::path root_;  // canonical; empty when the folder does not exist
  CachePolicy cache_policy_;
};

}  // namespace artshop::http
