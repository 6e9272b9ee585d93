#pragma once

#include <optional>
#include <string_view>

#include "artshop/http/message.hpp"

namespace artshop::http {

// Whether a request head says plainly where its body ends and whose host it is for (RFC 9112
// sections 3.2 and 6): the refusal's message, or nullopt for a sound head. A head that two
// readers could frame differently is how a proxy in front is made to pass one request while the
// shop reads two, so such a head is refused before any handler runs, never guessed at:
//  - Transfer-Encoding is one `chunked` and nothing else, never with Content-Length, never in
//    HTTP/1.0 (whose readers do not know it);
//  - Content-Length is sent once, as one decimal number ("5, 5" and a repeated equal value are
//    refused too: RFC 9112 allows either, and one way of reading is the whole point);
//  - Host is sent exactly once (HTTP/1.0 may leave it out).
// `version` is Beast's: 11 for HTTP/1.1, 10 for HTTP/1.0.
std::optional<std::string_view> framing_refusal(unsigned version, const Fields& headers);

// What a refusal says: the general message of the 400 the client gets.
struct FramingRefusal {
  static constexpr std::string_view kTransferCoding =
      "Transfer-Encoding other than chunked is not supported.";
  static constexpr std::string_view kTransferEncodingInHttp10 =
      "Transfer-Encoding is not allowed in an HTTP/1.0 request.";
  static constexpr std::string_view kBothLengths =
      "Transfer-Encoding and Content-Length cannot be sent together.";
  static constexpr std::string_view kContentLength =
      "Content-Length must be sent once, as one number.";
  static constexpr std::string_view kHost = "Host must be sent exactly once.";
};

}  // namespace artshop::http
