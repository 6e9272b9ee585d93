#include "session.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <boost/json/array.hpp>
#include <deque>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "artshop/http/body_stream.hpp"
#include "artshop/http/json.hpp"
#include "dispatcher.hpp"
#include "framing.hpp"
#include "handler_runner.hpp"
#include "url.hpp"
#include "wire_writer.hpp"

namespace artshop::http {

using Clock = std::chrono::steady_clock;

namespace {

// After a response that closes the connection, what the client still sends is read and dropped
// for a moment: closing with unread input resets the connection, and the client could lose the
// answer (a 413 above all) before reading it.
constexpr std::chrono::seconds kLingerTime{2};

// The 413 of a body past its route's limit: with the route's message when it has one.
Response too_large_response(std::string_view message) {
  if (message.empty()) return problem_response(413, "Payload Too Large");
  boost::json::object errors;
  errors[""] = boost::json::array{boost::json::string(message)};
  return json_response(
      413, {{"title", "Payload Too Large"}, {"status", 413}, {"errors", std::move(errors)}});
}

bool is_parse_error(const beast::error_code& ec) {
  return ec.category() == make_error_code(http::error::bad_target).category() &&
         ec != http::error::end_of_stream && ec != http::error::partial_message;
}

// Beast refuses some framing itself, at the field that breaks it (a second Transfer-Encoding
// after chunked, Content-Length with chunked, lengths that differ or are no number), the fields
// before it already in the head: that field's name, so the refusal can say why.
std::optional<std::string_view> framing_field_refused(const beast::error_code& ec) {
  if (ec == http::error::bad_transfer_encoding) return "Transfer-Encoding";
  if (ec == http::error::bad_content_length || ec == http::error::multiple_content_length) {
    return "Content-Length";
  }
  return std::nullopt;
}

}  // namespace

// One connection: reads requests one after another (pipelined ones included), answers each on
// the event loop or the handler runner and writes the answers back in order. Everything but a
// blocking handler runs on the connection's one event loop thread, so nothing here is locked.
class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket&& socket, const SessionServices& services);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  void start() { read_head(); }
  void shut_down();  // on the event loop's thread, when the server drains

 private:
  struct Exchange {
    Request request{};
    std::string_view route = Dispatcher::kUnmatchedRoute;
    bool on_io_thread = false;
    Executor* executor = nullptr;
    bool has_kept_answers = false;
    bool on_media_threads = false;
    std::string_view too_large;
    unsigned version = 11;
    Clock::time_point started{};
  };
  // One request read but not yet answered on the wire; answers leave in the order requests came.
  struct Slot {
    std::optional<Response> response;
    unsigned version = 11;
    bool head_request = false;
    std::string head;  // written out when the answer goes
    bool close = false;
  };

  http::request_parser<http::string_body>& parser();
  void read_head();
  void on_head(beast::error_code ec, std::size_t bytes_read);
  void read_body();
  void on_body(beast::error_code ec);
  void dispatch();
  void answer_now(Response response);
  void complete(Slot& slot, const Exchange& exchange, Dispatcher::Answer answer);
  void write_next();
  void on_write(beast::error_code ec);
  // A streamed body (BodyStream): its next piece once the previous one has gone, until the end.
  void send_streamed(beast::error_code ec);
  void on_chunk(BodyStream::Chunk chunk);
  // The producers of answers not yet sent stop: nobody will read them.
  void abandon_streams() noexcept;
  void close_if_done();
  void linger(beast::error_code ec);
  // The connection's one deadline (reading a request, writing an answer, lingering). Moving it
  // costs a clock read: the timer is armed at most once per deadline that passes, and when it
  // fires early it waits on to the deadline as it now stands. (Beast's own timeouts armed and
  // cancelled a timer in the reactor around every read and write: a sixth of a /healthz.)
  void set_deadline(Clock::duration timeout);
  void clear_deadline() noexcept { deadline_ = Clock::time_point::max(); }
  void arm_timer();
  void on_timer(beast::error_code ec);

  // Beast's tcp_stream would add its timeouts and rate limits (unused: the deadline above does
  // the one) to every read and write; the socket alone is what Beast's reads and writes need.
  const SessionServices& services_;
  tcp::socket stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;  // fresh for every request
  Exchange current_;
  std::deque<Slot> slots_;  // references stay valid across push_back and pop_front
  std::string chunk_;       // the piece of a streamed body being written
  std::string remote_address_;
  net::steady_timer timer_;
  Clock::time_point deadline_ = Clock::time_point::max();
  bool timer_armed_ = false;
  bool reading_ = false;
  bool writing_ = false;
  bool closing_ = false;  // read no more requests
  bool closed_ = false;   // the socket is shut; write nothing more
};

Session::Session(tcp::socket&& socket, const SessionServices& services)
    : services_(services), stream_(std::move(socket)), timer_(stream_.get_executor()) {
  beast::error_code ec;
  const auto remote = stream_.remote_endpoint(ec);
  remote_address_ = ec ? "-" : remote.address().to_string();
}

Session::~Session() {
  abandon_streams();
  services_.registry.remove(this);
}

void Session::abandon_streams() noexcept {
  for (auto& slot : slots_) {
    if (slot.response && slot.response->stream) slot.response->stream->abandon();
  }
}

// read_head makes the parser before any read starts, and only dispatch and answer_now, once the
// reading is over, drop it: a read's completion without one is a broken invariant.
http::request_parser<http::string_body>& Session::parser() {
  if (!parser_) throw std::logic_error("a request was read without a parser");
  return *parser_;
}

void Session::read_head() {
  // With pipeline_limit requests read and not yet answered, the next waits unread in the socket
  // (TCP holds the client back) until on_write has sent the oldest answer.
  if (closing_ || reading_ || slots_.size() >= services_.pipeline_limit) return;
  if (!parser_) {
    parser_.emplace();
    parser_->header_limit(static_cast<std::uint32_t>(services_.header_limit));
    parser_->body_limit(boost::none);  // the route decides, once the head is known
  }
  reading_ = true;
  // While an earlier request is still being answered the client may rightly wait for it before
  // sending more, so the deadline starts once nothing is pending (see on_write).
  if (slots_.empty()) set_deadline(services_.read_timeout);
  http::async_read_header(stream_, buffer_, *parser_,
                          beast::bind_front_handler(&Session::on_head, shared_from_this()));
}

void Session::on_head(beast::error_code ec, std::size_t /*bytes_read*/) {
  reading_ = false;
  current_ = Exchange{.started = Clock::now()};
  auto& request = current_.request;
  request.remote_address = remote_address_;
  if (ec == http::error::header_limit) {
    request.request_id = Dispatcher::request_id(std::nullopt);
    answer_now(problem_response(431, "Request Header Fields Too Large"));
    return;
  }
  const auto refused_field = framing_field_refused(ec);
  if (is_parse_error(ec) && !refused_field) {
    request.request_id = Dispatcher::request_id(std::nullopt);
    answer_now(problem_response(400, "Bad Request"));
    return;
  }
  if (ec && !refused_field) {  // end of stream, timeout, reset or shutdown: nothing to answer
    closing_ = true;
    close_if_done();
    return;
  }

  auto& request_parser = parser();
  const auto& head = request_parser.get();
  request.method = std::string(head.method_string());
  request.target = std::string(head.target());
  for (const auto& field : head) {
    request.headers.emplace_back(std::string(field.name_string()), std::string(field.value()));
  }
  request.request_id = Dispatcher::request_id(request.header("X-Request-Id"));
  current_.version = head.version();
  // The field Beast stopped at joins the head with an empty value, which framing_refusal never
  // accepts, so such a head is refused for its reason like one Beast let through.
  if (refused_field) request.headers.emplace_back(std::string(*refused_field), std::string{});
  // Before anything else reads the head: its body's end must be beyond doubt.
  if (const auto refusal = framing_refusal(current_.version, request.headers)) {
    answer_now(error_response(Error::general(std::string(*refusal)), request.request_id));
    return;
  }
  if (!parse_target(request)) {
    answer_now(problem_response(400, "Bad Request"));
    return;
  }
  const auto plan = services_.dispatcher.plan(request);
  current_.route = plan.route;
  current_.on_io_thread = plan.on_io_thread;
  current_.executor = plan.executor;
  current_.has_kept_answers = plan.has_kept_answers;
  current_.on_media_threads = plan.on_media_threads;
  current_.too_large = plan.too_large;
  // Refused from the head alone, so an oversized body is never read.
  if (const auto length = request_parser.content_length(); length && *length > plan.body_limit) {
    answer_now(too_large_response(current_.too_large));
    return;
  }
  request_parser.body_limit(plan.body_limit);
  if (request_parser.is_done()) {
    dispatch();
    return;
  }
  // A client that asked first waits for "100 Continue"; it can only come before other answers.
  const bool expects_continue = beast::iequals(head[http::field::expect], "100-continue");
  if (expects_continue && slots_.empty() && !writing_) {
    writing_ = true;
    set_deadline(services_.read_timeout);
    net::async_write(stream_, net::buffer(kContinue.data(), kContinue.size()),
                     [self = shared_from_this()](beast::error_code write_ec, std::size_t) {
                       self->writing_ = false;
                       if (write_ec) {
                         self->closing_ = true;
                         self->close_if_done();
                         return;
                       }
                       self->read_body();
                     });
    return;
  }
  read_body();
}

void Session::read_body() {
  reading_ = true;
  set_deadline(services_.read_timeout);
  http::async_read(
      stream_, buffer_, parser(),
      [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_body(ec); });
}

void Session::on_body(beast::error_code ec) {
  reading_ = false;
  if (ec == http::error::body_limit) {
    answer_now(too_large_response(current_.too_large));
    return;
  }
  if (is_parse_error(ec)) {  // a malformed chunk, say: the rest cannot be trusted
    answer_now(problem_response(400, "Bad Request"));
    return;
  }
  if (ec) {
    closing_ = true;
    close_if_done();
    return;
  }
  dispatch();
}

void Session::dispatch() {
  auto message = parser().release();
  parser_.reset();
  current_.request.body = std::move(message.body());
  const bool keep_alive = message.keep_alive();
  closing_ = closing_ || !keep_alive;

  auto& dispatcher = services_.dispatcher;
  dispatcher.request_started();
  Slot* slot = &slots_.emplace_back(Slot{.response = std::nullopt, .close = !keep_alive});
  if (!writing_) clear_deadline();  // the answer is the server's to make, however long it takes
  if (current_.on_io_thread) {
    auto answer = dispatcher.handle(current_.request);
    complete(*slot, current_, std::move(answer));
    read_head();
    return;
  }
  // A question asked before is answered here with the bytes kept for it; only the work of a new
  // one queues.
  if (current_.has_kept_answers) {
    if (auto kept = dispatcher.kept_answer(current_.request)) {
      complete(*slot, current_, std::move(*kept));
      read_head();
      return;
    }
  }
  const auto route = current_.route;
  auto exchange = std::make_shared<Exchange>(std::move(current_));
  Executor* runner = exchange->executor != nullptr ? exchange->executor
                     : exchange->on_media_threads  ? &services_.media_pool
                                                   : nullptr;
  // The answer comes back to this connection's own event loop; the work holds the connection
  // until it is posted there (or dropped unrun).
  const bool queued = services_.handlers.try_submit(
      runner, [self = shared_from_this(), loop = stream_.get_executor(), slot, exchange] {
        auto answer = self->services_.dispatcher.handle(exchange->request);
        auto body = exchange->request.method == "HEAD" ? nullptr : answer.response.stream;
        net::post(loop, [self, slot, exchange, answer = std::move(answer)]() mutable {
          self->complete(*slot, *exchange, std::move(answer));
        });
        // The head is on its way; this thread makes the body while the connection sends it.
        if (body) body->produce();
      });
  if (!queued) complete(*slot, *exchange, {dispatcher.busy(), route});
  read_head();
}

// Answers from the head alone (400, 413, 431, a framing refusal) end the connection: the rest of
// the input cannot be trusted to start at a request boundary.
void Session::answer_now(Response response) {
  parser_.reset();
  closing_ = true;
  services_.dispatcher.request_started();
  auto& slot = slots_.emplace_back(Slot{.response = std::nullopt, .close = true});
  complete(slot, current_, {std::move(response), current_.route});
}

void Session::complete(Slot& slot, const Exchange& exchange, Dispatcher::Answer answer) {
  services_.dispatcher.finish(exchange.request, answer.route, answer.response,
                              Clock::now() - exchange.started);
  slot.version = exchange.version;
  slot.head_request = exchange.request.method == "HEAD";
  slot.response = std::move(answer.response);
  write_next();
}

void Session::write_next() {
  if (closed_ || writing_ || slots_.empty()) return;
  auto& slot = slots_.front();
  if (!slot.response) return;  // the oldest request is still being answered
  slot.close = slot.close || (closing_ && slots_.size() == 1 && !reading_);
  // HTTP/1.0 has no chunks: a body of unknown length ends where the connection does.
  if (slot.version == 10 && slot.response->stream && !slot.response->stream->length()) {
    slot.close = true;
  }
  slot.head = wire_head(*slot.response, slot.version, slot.close);
  const auto body = wire_body(*slot.response, slot.head_request);
  writing_ = true;
  // A client that stops reading is dropped after the same time as one that stops sending.
  set_deadline(services_.read_timeout);
  if (slot.response->stream && !slot.head_request && !has_no_body(slot.response->status)) {
    net::async_write(stream_, net::const_buffer(slot.head.data(), slot.head.size()),
                     [self = shared_from_this()](beast::error_code ec, std::size_t) {
                       self->send_streamed(ec);
                     });
    return;
  }
  net::async_write(
      stream_,
      std::array{net::const_buffer(slot.head.data(), slot.head.size()),
                 net::const_buffer(body.data(), body.size())},
      [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_write(ec); });
}

void Session::send_streamed(beast::error_code ec) {
  if (ec) {
    on_write(ec);
    return;
  }
  slots_.front().response->stream->next(
      [self = shared_from_this(), loop = stream_.get_executor()](BodyStream::Chunk chunk) {
        net::post(loop,
                  [self, chunk = std::move(chunk)]() mutable { self->on_chunk(std::move(chunk)); });
      });
}

void Session::on_chunk(BodyStream::Chunk chunk) {
  if (closed_) {  // a deadline ended the connection while the body was being made
    abandon_streams();
    return;
  }
  if (chunk.failed) {
    // Short of its Content-Length: only closing the connection tells the client so.
    on_write(net::error::connection_aborted);
    return;
  }
  const auto& slot = slots_.front();
  const bool chunked = slot.version != 10 && !slot.response->stream->length();
  if (chunk.done && !chunked) {
    on_write({});
    return;
  }
  if (chunk.done) {
    // The last chunk, empty, tells the client the body is whole.
    chunk_ = "0\r\n\r\n";
    set_deadline(services_.read_timeout);
    net::async_write(stream_, net::const_buffer(chunk_.data(), chunk_.size()),
                     [self = shared_from_this()](beast::error_code write_ec, std::size_t) {
                       self->on_write(write_ec);
                     });
    return;
  }
  if (chunked) {
    chunk_ = fmt::format("{:x}\r\n", chunk.bytes.size());
    chunk_ += chunk.bytes;
    chunk_ += "\r\n";
  } else {
    chunk_ = std::move(chunk.bytes);
  }
  set_deadline(services_.read_timeout);
  net::async_write(stream_, net::const_buffer(chunk_.data(), chunk_.size()),
                   [self = shared_from_this()](beast::error_code write_ec, std::size_t) {
                     self->send_streamed(write_ec);
                   });
}

void Session::on_write(beast::error_code ec) {
  writing_ = false;
  if (ec) {
    abandon_streams();
    closed_ = true;
    stream_.close(ec);
    timer_.cancel();
    return;
  }
  const bool close = slots_.front().close;
  slots_.pop_front();
  if (close) {
    closed_ = true;
    stream_.shutdown(tcp::socket::shutdown_send, ec);  // the client sees the end
    buffer_.clear();
    set_deadline(kLingerTime);
    linger({});
    return;
  }
  if (slots_.empty()) {
    // Nothing pending any more: the next request is waited for with a deadline (a read
    // already waiting keeps whatever part of it has arrived).
    set_deadline(services_.read_timeout);
  } else {
    clear_deadline();  // the next answer is the server's to make
  }
  read_head();
  write_next();
  close_if_done();
}

void Session::close_if_done() {
  if (!closing_ || closed_ || reading_ || writing_ || !slots_.empty()) return;
  closed_ = true;
  beast::error_code ec;
  stream_.shutdown(tcp::socket::shutdown_both, ec);
  stream_.close(ec);
  timer_.cancel();
}

void Session::set_deadline(Clock::duration timeout) {
  deadline_ = Clock::now() + timeout;
  // An armed timer fires at or before the new deadline and waits on from there, unless the
  // new deadline is the sooner (lingering after a long read timeout).
  if (!timer_armed_ || deadline_ < timer_.expiry()) arm_timer();
}

void Session::arm_timer() {
  timer_armed_ = true;
  timer_.expires_at(deadline_);  // a wait still pending ends with operation_aborted
  // The timer alone does not keep the session: a closed connection ends without waiting for it.
  timer_.async_wait([weak = weak_from_this()](beast::error_code ec) {
    if (const auto self = weak.lock()) self->on_timer(ec);
  });
}

void Session::on_timer(beast::error_code ec) {
  if (ec || !stream_.is_open()) return;  // re-armed, or the connection is over
  timer_armed_ = false;
  if (deadline_ == Clock::time_point::max()) return;  // the next set_deadline arms it again
  if (Clock::now() < deadline_) {
    arm_timer();
    return;
  }
  // Past the deadline: the pending read or write ends with an error and the session with it.
  closing_ = true;
  closed_ = true;
  beast::error_code ignored;
  stream_.close(ignored);
}

void Session::linger(beast::error_code ec) {
  if (ec) return;  // end of stream or the linger deadline: the session ends here
  stream_.async_read_some(buffer_.prepare(4096),
                          [self = shared_from_this()](beast::error_code read_ec, std::size_t) {
                            self->buffer_.clear();
                            self->linger(read_ec);
                          });
}

void Session::shut_down() {
  closing_ = true;
  // A connection waiting for its next request, with nothing of it received yet, is idle: close
  // it now. Everything else finishes its current requests first.
  if (reading_ && parser_ && !parser_->is_header_done() && buffer_.size() == 0) {
    beast::error_code ec;
    stream_.cancel(ec);
  }
  close_if_done();
}

void SessionRegistry::add(const std::shared_ptr<Session>& session) {
  const std::scoped_lock lock(mutex_);
  sessions_.emplace(session.get(), session);
}

void SessionRegistry::remove(const Session* session) {
  {
    const std::scoped_lock lock(mutex_);
    sessions_.erase(session);
  }
  on_closed_();
}

std::size_t SessionRegistry::shut_down_all() {
  std::vector<std::shared_ptr<Session>> live;
  {
    const std::scoped_lock lock(mutex_);
    for (const auto& [key, weak] : sessions_) {
      if (auto session = weak.lock()) live.push_back(std::move(session));
    }
  }
  for (const auto& session : live) session->shut_down();
  return live.size();
}

void start_session(tcp::socket socket, const SessionServices& services) {
  auto session = std::make_shared<Session>(std::move(socket), services);
  services.registry.add(session);
  session->start();
}

}  // namespace artshop::http
