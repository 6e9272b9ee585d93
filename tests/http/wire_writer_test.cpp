#include "wire_writer.hpp"

#include <gtest/gtest.h>

#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <memory>
#include <string>
#include <string_view>

#include "artshop/http/body_stream.hpp"
#include "artshop/http/message.hpp"

namespace artshop::http {
namespace {

namespace beast = boost::beast;

using Parsed = beast::http::response<beast::http::string_body>;

// What a client reads of the bytes the server writes, through Beast's own parser; it fails
// the test when they are no complete HTTP answer. `head_request`: the answer to a HEAD.
Parsed parse(std::string_view wire, bool head_request = false, bool* keep_alive = nullptr) {
  beast::http::response_parser<beast::http::string_body> parser;
  parser.eager(true);
  parser.skip(head_request);
  beast::error_code ec;
  const auto used = parser.put(boost::asio::buffer(wire.data(), wire.size()), ec);
  EXPECT_FALSE(ec) << ec.message() << " in\n" << wire;
  EXPECT_TRUE(parser.is_done()) << wire;
  EXPECT_EQ(used, wire.size()) << "bytes left over after the answer:\n" << wire;
  if (keep_alive != nullptr) *keep_alive = parser.keep_alive();
  return parser.release();
}

std::string on_the_wire(const Response& response, unsigned version = 11, bool close = false,
                        bool head_request = false) {
  return wire_head(response, version, close) + std::string(wire_body(response, head_request));
}

Response created() {
  return Response{.status = 201,
                  .headers = {{"Content-Type", "application/json"}, {"X-Request-Id", "abc"}},
                  .body = R"({"id":7})"};
}

TEST(WireWriter, AnAnswer_IsReadBackWithItsStatusHeadersAndBody) {
  bool keep_alive = false;
  const auto parsed = parse(on_the_wire(created()), false, &keep_alive);
  EXPECT_EQ(parsed.result_int(), 201U);
  EXPECT_EQ(parsed.reason(), "Created");
  EXPECT_EQ(parsed.version(), 11U);
  EXPECT_EQ(parsed["Content-Type"], "application/json");
  EXPECT_EQ(parsed["X-Request-Id"], "abc");
  EXPECT_EQ(parsed["Content-Length"], "8");
  EXPECT_EQ(parsed.body(), R"({"id":7})");
  EXPECT_TRUE(keep_alive);
}

TEST(WireWriter, KeptBytes_AreSentInsteadOfTheBody) {
  auto response = Response{.status = 200};
  response.kept_body = std::make_shared<const std::string>("kept picture bytes");
  const auto parsed = parse(on_the_wire(response));
  EXPECT_EQ(parsed.body(), "kept picture bytes");
  EXPECT_EQ(parsed["Content-Length"], "18");
}

TEST(WireWriter, AStreamedBody_IsAnnouncedByItsLengthAndLeftToTheSession) {
  auto response = Response{.status = 200};
  response.stream = std::make_shared<BodyStream>(
      1'000'000, [](BodyStream&) {}, std::chrono::milliseconds{1000});
  const auto head = wire_head(response, 11, false);
  EXPECT_NE(head.find("\r\nContent-Length: 1000000\r\n"), std::string::npos) << head;
  EXPECT_EQ(wire_body(response, false), "");
}

TEST(WireWriter, AStreamedBodyOfUnknownLength_IsChunkedOnHttp11AndEndedByTheCloseOnHttp10) {
  auto response = Response{.status = 200};
  response.stream =
      std::make_shared<BodyStream>([](BodyStream&) {}, std::chrono::milliseconds{1000});
  const auto head = wire_head(response, 11, false);
  EXPECT_NE(head.find("\r\nTransfer-Encoding: chunked\r\n"), std::string::npos) << head;
  EXPECT_EQ(head.find("Content-Length"), std::string::npos) << head;
  const auto old = wire_head(response, 10, true);
  EXPECT_EQ(old.find("Transfer-Encoding"), std::string::npos) << old;
  EXPECT_EQ(old.find("Content-Length"), std::string::npos) << old;
  EXPECT_EQ(wire_body(response, false), "");
}

TEST(WireWriter, TheConnectionIsKeptOrClosedAsEachVersionReadsIt) {
  bool keep_alive = true;
  const auto closing = parse(on_the_wire(created(), 11, true), false, &keep_alive);
  EXPECT_FALSE(keep_alive) << "HTTP/1.1 closing without Connection: close";
  EXPECT_EQ(closing["Connection"], "close");

  const auto old_kept = parse(on_the_wire(created(), 10, false), false, &keep_alive);
  EXPECT_EQ(old_kept.version(), 10U);
  EXPECT_TRUE(keep_alive) << "HTTP/1.0 kept without Connection: keep-alive";

  const auto old_closing = parse(on_the_wire(created(), 10, true), false, &keep_alive);
  EXPECT_FALSE(keep_alive);
  EXPECT_EQ(old_closing.count("Connection"), 0U) << "HTTP/1.0 closes unless told otherwise";
}

TEST(WireWriter, AHeaderHoldingALineBreak_IsLeftOutAndCannotAddOneOfItsOwn) {
  auto response = created();
  response.headers.emplace_back("X-Note", "fine\r\nSet-Cookie: stolen=1");
  response.headers.emplace_back("X-After", "kept");
  const auto parsed = parse(on_the_wire(response));
  EXPECT_EQ(parsed.count("X-Note"), 0U);
  EXPECT_EQ(parsed.count("Set-Cookie"), 0U);
  EXPECT_EQ(parsed["X-After"], "kept");
  EXPECT_EQ(parsed.body(), R"({"id":7})");
}

TEST(WireWriter, AnswerToHead_SaysTheBodysLengthAndSendsNone) {
  const auto wire = on_the_wire(created(), 11, false, true);
  EXPECT_TRUE(wire.ends_with("\r\n\r\n")) << wire;
  const auto parsed = parse(wire, true);
  EXPECT_EQ(parsed["Content-Length"], "8");
  EXPECT_EQ(parsed.body(), "");
}

TEST(WireWriter, StatusesWithoutABody_SendNoLengthAndNoBody) {
  for (const unsigned status : {204U, 304U}) {
    const auto response = Response{.status = status, .body = "never sent"};
    const auto wire = on_the_wire(response);
    EXPECT_TRUE(wire.ends_with("\r\n\r\n")) << wire;
    const auto parsed = parse(wire);
    EXPECT_EQ(parsed.result_int(), status);
    EXPECT_EQ(parsed.count("Content-Length"), 0U) << wire;
  }
}

TEST(WireWriter, TheCannedAnswers_AreWholeAnswers) {
  bool keep_alive = true;
  const auto refused = parse(kTooManyConnections, false, &keep_alive);
  EXPECT_EQ(refused.result_int(), 503U);
  EXPECT_EQ(refused["Retry-After"], "1");
  EXPECT_EQ(refused.body(), R"({"title":"Service Unavailable","status":503})");
  EXPECT_FALSE(keep_alive);
  EXPECT_EQ(parse(kContinue).result_int(), 100U);
}

}  // namespace
}  // namespace artshop::http
