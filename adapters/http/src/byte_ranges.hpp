#pragma once

#include <cstdint>
#include <string_view>

#include "artshop/http/message.hpp"

namespace artshop::http {

// What a GET or HEAD of an unchanging stored object answers, from the object's size and ETag
// and the request's If-None-Match, Range and If-Range alone: the same rules whether the bytes
// come from a folder or from a bucket, so both answer alike.
struct ByteSelection {
  enum class Kind {
    NotModified,    // 304: If-None-Match lists the ETag (weak comparison, or "*")
    Unsatisfiable,  // 416: one range, wholly beyond the object
    Partial,        // 206: one satisfiable range, first..last inclusive
    Whole,          // 200: no Range, an unparsable or multiple one, or an If-Range for
                    // another version
  };
  Kind kind = Kind::Whole;
  std::uintmax_t first = 0;
  std::uintmax_t last = 0;  // inclusive; for Whole, size - 1 (nothing when size is 0)

  std::uintmax_t length() const noexcept {
    return kind == Kind::Whole || kind == Kind::Partial ? last + 1 - first : 0;
  }
};

ByteSelection select_bytes(const Request& request, std::string_view etag, std::uintmax_t size);

// The status and Content-Range of a selection of an object of `size` bytes.
void describe_selection(Response& response, const ByteSelection& selection, std::uintmax_t size);

}  // namespace artshop::http
