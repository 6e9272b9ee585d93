#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace artshop {

// Files kept by content: originals, derivatives and generated images. A shop has two stores
// that never share a folder: the public one whose files are served under /media/ (thumbnails,
// previews) and the private one that is never served (originals, generated images, which
// reach their owner only through an authorised download).
//
// Keys are relative, '/'-separated names such as "3f/a9c2...e1.webp": safe in a URL and in a
// file system, and immutable, since the same key always names the same bytes (so answers can
// be cached forever). Implementations are thread-safe and shareable between processes.
class BlobStore {
 public:
  virtual ~BlobStore() = default;

  // Stores `bytes` under a name made from a cryptographic hash of their content and answers
  // its key. Storing the same bytes with the same extension again answers the same key and
  // writes nothing. `extension` is 1 to 10 ASCII letters and digits without the dot ("webp",
  // "JPG"), kept in lower case; anything else throws std::invalid_argument. I/O failures
  // throw. Readers never see a partly written file.
  virtual std::string put(std::string_view bytes, std::string_view extension) = 0;

  // The bytes under `key`, or nullopt when there are none. A key that is not a plain relative
  // name (absolute, with a "." or ".." segment, a backslash or a NUL) is never looked up and
  // answers nullopt too. Throws on I/O failures other than a missing file.
  virtual std::optional<std::string> get(std::string_view key) = 0;

  // Whether `key` names a stored file; false for a key `get` would refuse.
  virtual bool exists(std::string_view key) = 0;
};

}  // namespace artshop
