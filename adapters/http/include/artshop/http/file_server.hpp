#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <unordered_map>

#include "artshop/http/message.hpp"

namespace artshop::http {

// The Content-Type for a file name's extension ("a/b.webp": "image/webp"); text types carry
// charset=utf-8; application/octet-stream when the extension is unknown.
std::string_view content_type_of(std::string_view file_name);

// Whether an Accept-Encoding value admits gzip (RFC 9110): named with q > 0, or covered by "*"
// with q > 0 and not refused by name. "" (no header) does not: RFC 9110 would allow any coding
// then, but a client that names none may well decode none.
bool accepts_gzip(std::string_view accept_encoding);

// Serves the regular files below one folder: Content-Type by extension, a strong ETag with
// If-None-Match (304), a precompressed "<file>.gz" sibling for clients that accept gzip, and a
// single byte range (206/416) on the uncompressed file. Uncompressed files are kept in memory
// up to a budget, so a hot file costs no system call at all: whether it changed on disk is
// asked (one stat) at most once per `recheck_after` (as nginx's open_file_cache_valid does),
// so a changed or removed file is noticed within that time.
class FileServer {
 public:
  // The Cache-Control value for a file, given its path relative to the root ("assets/app.js").
  using CachePolicy = std::function<std::string(std::string_view relative_path)>;

  // The root is resolved once, here: a folder created later is not picked up.
  static constexpr std::size_t kDefaultCacheBytes = std::size_t{64} * 1024 * 1024;
  static constexpr std::size_t kLargestCachedFile = std::size_t{4} * 1024 * 1024;
  static constexpr std::chrono::milliseconds kDefaultRecheck{1000};
  FileServer(const std::filesystem::path& root, CachePolicy cache_policy,
             std::size_t cache_bytes = kDefaultCacheBytes,
             std::chrono::steady_clock::duration recheck_after = kDefaultRecheck);

  // Answers a GET or HEAD for `relative_path` (decoded, '/'-separated, below the root);
  // nullopt when no regular file is there, or the path would leave the root.
  std::optional<Response> serve(const Request& request, std::string_view relative_path) const;

 private:
  std::optional<std::filesystem::path> resolve(std::string_view relative_path) const;

  // One uncompressed file as read, with what tells whether it changed since.
  struct CachedFile {
    std::filesystem::path file;
    bool has_gzip = false;
    std::uintmax_t size = 0;
    std::uint64_t ticks = 0;  // the ETag's version bits
    std::int64_t stat_mtime_ns = 0;
    std::string bytes;
    std::string etag;
    std::string_view content_type;
    // When the disk was last asked whether the file changed.
    mutable std::atomic<std::chrono::steady_clock::time_point> checked_at{};
  };
  // Finds a cached file by a view of its path, without making a string of it.
  struct PathHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view path) const noexcept {
      return std::hash<std::string_view>{}(path);
    }
  };
  std::shared_ptr<const CachedFile> cached(std::string_view relative_path) const;
  void remember(std::string_view relative_path, std::shared_ptr<const CachedFile> file) const;

  std::filesystem::path root_;  // canonical; empty when the folder does not exist
  CachePolicy cache_policy_;
  std::size_t cache_budget_;
  mutable std::shared_mutex cache_mutex_;
  std::chrono::steady_clock::duration recheck_after_;
  mutable std::unordered_map<std::string, std::shared_ptr<const CachedFile>, PathHash,
                             std::equal_to<>>
      cache_;
  mutable std::deque<std::string> cache_order_;  // oldest first: the first to go
  mutable std::size_t cache_bytes_ = 0;
};

}  // namespace artshop::http
