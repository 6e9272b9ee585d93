#include "artshop/http/file_server.hpp"

#include <fmt/format.h>
#include <sys/stat.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdint>
#include <fstream>
#include <mutex>
#include <stdexcept>
#include <utility>

#include "byte_ranges.hpp"
#include "text.hpp"

namespace artshop::http {
namespace fs = std::filesystem;
namespace {

std::string_view content_type(const fs::path& file) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 24> kTypes{{
      {".html", "text/html; charset=utf-8"},
      {".htm", "text/html; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".mjs", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".json", "application/json; charset=utf-8"},
      {".map", "application/json; charset=utf-8"},
      {".webmanifest", "application/manifest+json; charset=utf-8"},
      {".txt", "text/plain; charset=utf-8"},
      {".xml", "application/xml; charset=utf-8"},
      {".svg", "image/svg+xml"},
      {".png", "image/png"},
      {".jpg", "image/jpeg"},
      {".jpeg", "image/jpeg"},
      {".gif", "image/gif"},
      {".webp", "image/webp"},
      {".avif", "image/avif"},
      {".ico", "image/x-icon"},
      {".woff", "font/woff"},
      {".woff2", "font/woff2"},
      {".ttf", "font/ttf"},
      {".wasm", "application/wasm"},
      {".pdf", "application/pdf"},
      {".gz", "application/gzip"},
  }};
  const auto extension = file.extension().string();
  const auto found = std::ranges::find_if(
      kTypes, [&](const auto& entry) { return iequals(entry.first, extension); });
  return found == kTypes.end() ? "application/octet-stream" : found->second;
}

}  // namespace

std::string_view content_type_of(std::string_view file_name) {
  return content_type(fs::path(file_name));
}

namespace {

// The q parameter of "gzip;q=0.5"; a malformed q counts as 0, i.e. not acceptable.
double quality(std::string_view parameters) {
  double q = 1.0;
  for_each_item(parameters, ';', [&](std::string_view parameter) {
    if (parameter.size() < 2 || (parameter[0] != 'q' && parameter[0] != 'Q') ||
        parameter[1] != '=') {
      return;
    }
    const auto value = parameter.substr(2);
    if (std::from_chars(value.data(), value.data() + value.size(), q).ec != std::errc{}) q = 0;
  });
  return q;
}

}  // namespace

bool accepts_gzip(std::string_view accept_encoding) {
  std::optional<double> named;
  std::optional<double> any;
  for_each_item(accept_encoding, ',', [&](std::string_view item) {
    const auto semicolon = item.find(';');
    const auto coding = text::trim(item.substr(0, semicolon));
    const double q =
        semicolon == std::string_view::npos ? 1.0 : quality(item.substr(semicolon + 1));
    if (iequals(coding, "gzip") || iequals(coding, "x-gzip")) named = q;
    if (coding == "*") any = q;
  });
  if (named) return *named > 0;
  return any && *any > 0;
}

namespace {

std::string read_bytes(const fs::path& file, std::uintmax_t offset, std::uintmax_t length) {
  std::ifstream in(file, std::ios::binary);
  std::string bytes(static_cast<std::size_t>(length), '\0');
  in.seekg(static_cast<std::streamoff>(offset));
  in.read(bytes.data(), static_cast<std::streamsize>(length));
  if (!in || static_cast<std::uintmax_t>(in.gcount()) != length) {
    throw std::runtime_error("cannot read " + file.string());
  }
  return bytes;
}

bool is_file(const fs::path& file) {
  std::error_code ec;
  return fs::is_regular_file(file, ec);
}

struct FileStat {
  std::uintmax_t size = 0;
  std::int64_t mtime_ns = 0;
};

// One system call: what tells a cached copy from a changed file.
std::optional<FileStat> stat_of(const fs::path& file) {
  struct stat status {};
  if (::stat(file.c_str(), &status) != 0 || !S_ISREG(status.st_mode)) return std::nullopt;
  return FileStat{
      .size = static_cast<std::uintmax_t>(status.st_size),
      .mtime_ns = std::int64_t{status.st_mtim.tv_sec} * 1'000'000'000 + status.st_mtim.tv_nsec};
}

}  // namespace

FileServer::FileServer(const fs::path& root, CachePolicy cache_policy, std::size_t cache_bytes,
                       std::chrono::steady_clock::duration recheck_after)
    : cache_policy_(std::move(cache_policy)),
      cache_budget_(cache_bytes),
      recheck_after_(recheck_after) {
  std::error_code ec;
  if (!root.empty() && fs::is_directory(root, ec)) root_ = fs::canonical(root, ec);
}

std::optional<fs::path> FileServer::resolve(std::string_view relative_path) const {
  if (root_.empty() ||
      relative_path.find_first_of(std::string_view("\\\0", 2)) != std::string_view::npos) {
    return std::nullopt;
  }
  fs::path candidate = root_;
  std::string_view rest = relative_path;
  while (!rest.empty()) {
    const auto slash = rest.find('/');
    const auto segment = rest.substr(0, slash);
    if (segment == "..") return std::nullopt;
    if (!segment.empty() && segment != ".") candidate /= segment;
    rest = slash == std::string_view::npos ? std::string_view{} : rest.substr(slash + 1);
  }
  // A symbolic link may still point elsewhere; the resolved file must stay below the root.
  std::error_code ec;
  auto resolved = fs::weakly_canonical(candidate, ec);
  if (ec) return std::nullopt;
  const auto [root_end, unused] = std::ranges::mismatch(root_, resolved);
  if (root_end != root_.end()) return std::nullopt;
  return resolved;
}

std::shared_ptr<const FileServer::CachedFile> FileServer::cached(
    std::string_view relative_path) const {
  if (cache_budget_ == 0) return nullptr;
  std::shared_ptr<const CachedFile> entry;
  {
    const std::shared_lock lock(cache_mutex_);
    const auto found = cache_.find(relative_path);
    if (found == cache_.end()) return nullptr;
    entry = found->second;
  }
  const auto now = std::chrono::steady_clock::now();
  if (now - entry->checked_at.load(std::memory_order_relaxed) < recheck_after_) return entry;
  const auto on_disk = stat_of(entry->file);
  if (!on_disk || on_disk->size != entry->size || on_disk->mtime_ns != entry->stat_mtime_ns) {
    return nullptr;
  }
  entry->checked_at.store(now, std::memory_order_relaxed);
  return entry;
}

void FileServer::remember(std::string_view relative_path,
                          std::shared_ptr<const CachedFile> file) const {
  const auto size = file->bytes.size();
  if (size > kLargestCachedFile || size > cache_budget_) return;
  const std::unique_lock lock(cache_mutex_);
  std::string key(relative_path);
  if (const auto found = cache_.find(key); found != cache_.end()) {
    cache_bytes_ -= found->second->bytes.size();
    found->second = std::move(file);
  } else {
    cache_.emplace(key, std::move(file));
    cache_order_.push_back(std::move(key));
  }
  cache_bytes_ += size;
  while (cache_bytes_ > cache_budget_ && !cache_order_.empty()) {
    if (const auto oldest = cache_.find(cache_order_.front()); oldest != cache_.end()) {
      cache_bytes_ -= oldest->second->bytes.size();
      cache_.erase(oldest);
    }
    cache_order_.pop_front();
  }
}

std::optional<Response> FileServer::serve(const Request& request,
                                          std::string_view relative_path) const {
  const bool wants_range = request.header("Range").has_value();
  const bool gzip_accepted = accepts_gzip(request.header("Accept-Encoding").value_or(""));
  auto hit = cached(relative_path);
  // Only uncompressed files are kept: a gzip answer comes from the disk.
  if (hit && hit->has_gzip && !wants_range && gzip_accepted) hit = nullptr;

  // A hit is never gzip (above): its file, size, version and ETag are all known.
  fs::path resolved_file;
  bool has_gzip = false;
  if (hit) {
    has_gzip = hit->has_gzip;
  } else {
    auto resolved = resolve(relative_path);
    if (!resolved || !is_file(*resolved)) return std::nullopt;
    resolved_file = std::move(*resolved);
    auto compressed = resolved_file;
    compressed += ".gz";
    has_gzip = is_file(compressed);
  }
  const fs::path& file = hit ? hit->file : resolved_file;
  const bool use_gzip = has_gzip && !wants_range && gzip_accepted;
  fs::path compressed_file;
  if (use_gzip) compressed_file = file.string() + ".gz";
  const fs::path& body_file = use_gzip ? compressed_file : file;

  std::uintmax_t size = 0;
  std::uint64_t ticks = 0;
  std::optional<FileStat> read_stat;
  if (hit) {
    size = hit->size;
    ticks = hit->ticks;
  } else {
    read_stat = stat_of(body_file);
    std::error_code ec;
    size = fs::file_size(body_file, ec);
    const auto modified = fs::last_write_time(body_file, ec);
    if (ec || !read_stat) return std::nullopt;
    // The file clock's epoch may lie in the future; the bits identify the version all the same.
    ticks = static_cast<std::uint64_t>(modified.time_since_epoch().count());
  }
  const auto etag =
      hit ? hit->etag : fmt::format("\"{:x}-{:x}{}\"", size, ticks, use_gzip ? "-gz" : "");

  Response response;
  response.set_header("ETag", etag);
  response.set_header("Cache-Control", cache_policy_(relative_path));
  if (has_gzip) response.set_header("Vary", "Accept-Encoding");
  if (!use_gzip) response.set_header("Accept-Ranges", "bytes");
  const auto selection = select_bytes(request, etag, size);
  if (selection.kind == ByteSelection::Kind::NotModified) {
    describe_selection(response, selection, size);
    return response;
  }
  const auto type = hit ? hit->content_type : content_type(file);
  response.set_header("Content-Type", std::string(type));
  if (use_gzip) response.set_header("Content-Encoding", "gzip");

  // The whole file into the response: a kept file's bytes are shared, not copied.
  const auto answer_whole = [&] {
    if (hit) {
      response.kept_body = std::shared_ptr<const std::string>(hit, &hit->bytes);
      return;
    }
    auto bytes = read_bytes(body_file, 0, size);
    if (use_gzip || cache_budget_ == 0) {
      response.body = std::move(bytes);
      return;
    }
    auto kept = std::make_shared<CachedFile>();  // filled here: its clock cannot be copied
    kept->file = file;
    kept->has_gzip = has_gzip;
    kept->size = size;
    kept->ticks = ticks;
    kept->stat_mtime_ns = read_stat->mtime_ns;
    kept->bytes = std::move(bytes);
    kept->etag = etag;
    kept->content_type = type;
    kept->checked_at = std::chrono::steady_clock::now();
    response.kept_body = std::shared_ptr<const std::string>(kept, &kept->bytes);
    remember(relative_path, std::move(kept));
  };
  describe_selection(response, selection, size);
  if (selection.kind == ByteSelection::Kind::Whole) {
    answer_whole();
  } else if (selection.kind == ByteSelection::Kind::Partial) {
    const auto [kind, first, last] = selection;
    response.body = hit ? hit->bytes.substr(static_cast<std::size_t>(first),
                                            static_cast<std::size_t>(last - first + 1))
                        : read_bytes(body_file, first, last - first + 1);
  }
  return response;
}

}  // namespace artshop::http
