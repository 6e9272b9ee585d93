#pragma once

#include <string>
#include <string_view>

// The names every BlobStore adapter gives its blobs, so that the stores are interchangeable
// and their contents can be copied from one to another as they are.
namespace artshop::media {

// The key of `bytes` stored with `extension`: the first 128 bits of their SHA-256 in hex,
// split after two characters into a subfolder (so no folder holds more than about 1/256 of
// the files), plus the extension in lower case: "3f/a9c2...e1.webp". Throws
// std::invalid_argument for an extension that is not 1 to 10 ASCII letters and digits.
std::string content_key(std::string_view bytes, std::string_view extension);

// Whether `key` is a plain relative name: non-empty, '/'-separated segments that are neither
// empty nor start with a dot (which excludes "." and ".." and hidden temporary files), and
// no backslash, NUL or leading '/'.
bool is_safe_key(std::string_view key) noexcept;

}  // namespace artshop::media
