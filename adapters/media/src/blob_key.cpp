#include "artshop/media/blob_key.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <span>
#include <stdexcept>

#include "artshop/crypto/digests.hpp"
#include "artshop/crypto/hex.hpp"

namespace artshop::media {
namespace {

constexpr std::size_t kNameHexDigits = 32;  // 128 bits: collisions need ~2^64 files
constexpr std::size_t kMaxExtension = 10;

// The extension in lower case ("JPG" from a camera names the same kind of file as "jpg"), or
// nullopt when it is not 1 to 10 ASCII letters and digits.
std::optional<std::string> normal_extension(std::string_view extension) {
  if (extension.empty() || extension.size() > kMaxExtension) return std::nullopt;
  std::string lower;
  for (const char c : extension) {
    if (c >= 'A' && c <= 'Z') {
      lower += static_cast<char>(c - 'A' + 'a');
    } else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
      lower += c;
    } else {
      return std::nullopt;
    }
  }
  return lower;
}

}  // namespace

std::string content_key(std::string_view bytes, std::string_view extension) {
  const auto suffix = normal_extension(extension);
  if (!suffix) throw std::invalid_argument("a blob extension is 1 to 10 letters and digits");
  const auto digest = crypto::sha256(bytes);
  const std::string hex = crypto::to_hex(std::span(digest).first(kNameHexDigits / 2));
  return fmt::format("{}/{}.{}", hex.substr(0, 2), hex.substr(2), *suffix);
}

bool is_safe_key(std::string_view key) noexcept {
  if (key.empty() || key.front() == '/') return false;
  std::size_t start = 0;
  while (start <= key.size()) {
    const std::size_t end = std::min(key.find('/', start), key.size());
    const std::string_view segment = key.substr(start, end - start);
    if (segment.empty() || segment.front() == '.') return false;
    for (const char c : segment) {
      if (c == '\\' || c == '\0') return false;
    }
    start = end + 1;
  }
  return true;
}

}  // namespace artshop::media
