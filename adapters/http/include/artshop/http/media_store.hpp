#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace artshop::http {

// Where /media/ answers from when the pictures are not a folder of this machine: a store of
// unchanging objects over the network (a bucket several servers share), read in pieces as they
// are sent so that a large picture never sits whole in memory. Implementations are
// thread-safe and may block (they run on the server's media threads, never on the API's).
class MediaStore {
 public:
  virtual ~MediaStore() = default;

  struct Object {
    std::uintmax_t size = 0;
    std::string etag;  // quoted, as the ETag header carries it
  };
  // The object under `key`, or nullopt when there is none (or the key is not a safe name).
  // Throws when the store cannot tell.
  virtual std::optional<Object> find(std::string_view key) = 0;

  // Bytes first..last (inclusive, within the object) handed to `sink` as they arrive; `sink`
  // answers false to stop early (the client went away). Throws when the store fails.
  virtual void read(std::string_view key, std::uintmax_t first, std::uintmax_t last,
                    const std::function<bool(std::string_view)>& sink) = 0;
};

}  // namespace artshop::http
