#pragma once

#include <string>
#include <string_view>

#include "artshop/http/message.hpp"

namespace artshop::http {

// An answer as it goes on the wire, written here rather than by Beast's serializer, which took
// an allocation per header and a tenth of a /healthz in buffer-sequence bookkeeping: the status
// line and headers are one string, and they leave with the body in one write.

// Whether an answer with this status carries no body (and so no Content-Length): 1xx, 204, 304.
bool has_no_body(unsigned status) noexcept;

// The status line and headers, ending with the empty line. `version` is Beast's (10 or 11).
// HTTP/1.1 keeps a connection unless told "close"; HTTP/1.0 closes it unless told "keep-alive".
// A header whose name or value holds a line break is left out (and logged): it would let a
// value end the head early and start an answer of its own.
std::string wire_head(const Response& response, unsigned version, bool close);

// The bytes after the head: none for a HEAD request or a status without a body. A streamed
// body (Response::stream) is not among them: the session sends it as it is made.
std::string_view wire_body(const Response& response, bool head_request) noexcept;

// The interim answer to "Expect: 100-continue", sent before the body is read.
inline constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";

// The whole answer to a connection past the connection cap, written before it is closed: no
// session, parser or timer is spent on it.
inline constexpr std::string_view kTooManyConnections =
    "HTTP/1.1 503 Service Unavailable\r\n"
    "Retry-After: 1\r\n"
    "Content-Type: application/problem+json; charset=utf-8\r\n"
    "X-Content-Type-Options: nosniff\r\n"
    "Connection: close\r\n"
    "Content-Length: 44\r\n\r\n"
    "{\"title\":\"Service Unavailable\",\"status\":503}";

}  // namespace artshop::http
