#include "artshop/http/server.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <unordered_map>

#include "artshop/concurrency/bounded_thread_pool.hpp"
#include "artshop/http/body_stream.hpp"
#include "artshop/http/json.hpp"
#include "beast.hpp"
#include "dispatcher.hpp"
#include "framing.hpp"
#include "url.hpp"

namespace artshop::http {
namespace {

using Clock = std::chrono::steady_clock;

// After a response that closes the connection, what the client still sends is read and dropped
// for a moment: closing with unread input resets the connection, and the client could lose the
// answer (a 413 above all) before reading it.
constexpr std::chrono::seconds kLingerTime{2};

constexpr std::string_view kContinue = "HTTP/1.1 100 Continue\r\n\r\n";

// The whole answer to a connection past max_connections, written before it is closed: no
// session, parser or timer is spent on it.
constexpr std::string_view kTooManyConnections =
    "HTTP/1.1 503 Service Unavailable\r\n"
    "Retry-After: 1\r\n"
    "Content-Type: application/problem+json; charset=utf-8\r\n"
    "X-Content-Type-Options: nosniff\r\n"
    "Connection: close\r\n"
    "Content-Length: 43\r\n\r\n"
    "{\"title\":\"Service Unavailable\",\"status\":503}";

// After the process or the system runs out of file descriptors, accepting pauses this long
// instead of spinning on the same error.
constexpr std::chrono::milliseconds kAcceptBackoff{100};

bool has_no_body(unsigned status) {
  return status < 200 || status == 204 || status == 304;
}

bool safe_in_a_header(std::string_view text) {
  return text.find_first_of("\r\n") == std::string_view::npos;
}

// An answer's status line and headers as they go on the wire, written here rather than by
// Beast's serializer, which took an allocation per header and a tenth of a /healthz in
// buffer-sequence bookkeeping: the head is one string, and it leaves with the body in one write.
// HTTP/1.1 keeps a connection unless told "close"; HTTP/1.0 closes it unless told "keep-alive".
std::string wire_head(const Response& response, unsigned version, bool close) {
  std::string head;
  head.reserve(512);
  head += version == 10 ? "HTTP/1.0 " : "HTTP/1.1 ";
  head += std::to_string(response.status);
  head += ' ';
  const auto reason = http::obsolete_reason(http::int_to_status(response.status));
  head.append(reason.data(), reason.size());
  head += "\r\n";
  for (const auto& [name, value] : response.headers) {
    if (!safe_in_a_header(name) || !safe_in_a_header(value)) {
      spdlog::error("header {} left out of an answer: it holds a line break", name);
      continue;
    }
    head += name;
    head += ": ";
    head += value;
    head += "\r\n";
  }
  if (!has_no_body(response.status)) {
    head += "Content-Length: ";
    head += std::to_string(response.stream ? response.stream->length() : response.bytes().size());
    head += "\r\n";
  }
  if (version == 10 && !close) head += "Connection: keep-alive\r\n";
  if (version != 10 && close) head += "Connection: close\r\n";
  head += "\r\n";
  return head;
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

class Session;

// The listener, the io_context with its threads, the worker pool and the graceful shutdown.
class ServerRuntime {
 public:
  ServerRuntime(ServerOptions options, Router api, std::function<bool()> readiness_check);

  unsigned short port() const noexcept { return port_; }
  void run();
  void stop() {
    net::post(control_, [this] { begin_shutdown(); });
  }

 private:
  friend class Session;  // sessions use the options, the dispatcher and the worker pool
  friend class HandlerTicket;

  void accept();
  void on_accept(beast::error_code ec, tcp::socket socket);
  bool at_connection_limit();
  void run_io();
  void begin_shutdown();
  void session_closed(const Session* session);
  // Handlers queued or running on any executor; run() returns only once none is left, so no
  // handler outlives the io_context it answers through.
  void handler_started();
  void handler_finished();
  void wait_for_handlers();

  // Everything a session touches outlives it: sessions end in ~io_context at the latest.
  ServerOptions options_;
  Dispatcher dispatcher_;
  std::mutex sessions_mutex_;
  std::unordered_map<const Session*, std::weak_ptr<Session>> sessions_;
  bool draining_ = false;  // guarded by sessions_mutex_
  bool finished_ = false;  // guarded by sessions_mutex_

  net::io_context ioc_;
  // The acceptor, the signals and the drain timer share one strand, so shutdown never races accept.
  net::strand<net::io_context::executor_type> control_;
  tcp::acceptor acceptor_;
  net::signal_set signals_;
  net::steady_timer drain_timer_;
  net::steady_timer accept_backoff_;
  unsigned short port_ = 0;

  std::mutex handlers_mutex_;
  std::condition_variable handlers_done_;
  std::size_t handlers_in_flight_ = 0;   // guarded by handlers_mutex_
  std::atomic<bool> abandoning_{false};  // run() is ending: queued handlers are skipped
  // The ordinary API calls; after ioc_, so it is joined before the io_context goes away.
  concurrency::BoundedThreadPool workers_;
  // Media from a network store, each answer's thread making its body while it is sent.
  concurrency::BoundedThreadPool media_workers_;
};

// Held by a handler queued on an executor. Lets go of the session before telling the server the
// handler is done, whichever way the task ends: run, or dropped from a queue unrun.
class HandlerTicket {
 public:
  explicit HandlerTicket(std::shared_ptr<Session> session, ServerRuntime& server)
      : session_(std::move(session)), server_(server) {
    server_.handler_started();
  }
  ~HandlerTicket() {
    session_.reset();
    server_.handler_finished();
  }
  HandlerTicket(const HandlerTicket&) = delete;
  HandlerTicket& operator=(const HandlerTicket&) = delete;

  const std::shared_ptr<Session>& session() const noexcept { return session_; }
  bool abandoned() const noexcept { return server_.abandoning_.load(); }

 private:
  std::shared_ptr<Session> session_;
  ServerRuntime& server_;
};

// One connection: reads requests one after another (pipelined ones included), runs each on the
// worker pool and writes the answers back in order, all on the connection's own strand.
class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(tcp::socket&& socket, ServerRuntime& server);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  void start();
  void shut_down();  // called on the session's strand when the server drains
  auto executor() { return stream_.get_executor(); }

 private:
  struct Exchange {
    Request request{};
    std::string_view route = Dispatcher::kUnmatchedRoute;
    bool on_io_thread = false;
    Executor* executor = nullptr;
    bool on_media_threads = false;
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

  ServerRuntime& server_;
  beast::tcp_stream stream_;
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

Session::Session(tcp::socket&& socket, ServerRuntime& server)
    : server_(server), stream_(std::move(socket)), timer_(stream_.get_executor()) {
  beast::error_code ec;
  const auto remote = stream_.socket().remote_endpoint(ec);
  remote_address_ = ec ? "-" : remote.address().to_string();
}

Session::~Session() {
  abandon_streams();
  server_.session_closed(this);
}

void Session::abandon_streams() noexcept {
  for (auto& slot : slots_) {
    if (slot.response && slot.response->stream) slot.response->stream->abandon();
  }
}

void Session::start() {
  net::dispatch(executor(), [self = shared_from_this()] { self->read_head(); });
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
  if (closing_ || reading_ || slots_.size() >= server_.options_.pipeline_limit) return;
  if (!parser_) {
    parser_.emplace();
    parser_->header_limit(static_cast<std::uint32_t>(server_.options_.header_limit));
    parser_->body_limit(boost::none);  // the route decides, once the head is known
  }
  reading_ = true;
  // While an earlier request is still being answered the client may rightly wait for it before
  // sending more, so the deadline starts once nothing is pending (see on_write).
  if (slots_.empty()) set_deadline(server_.options_.read_timeout);
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
  const auto plan = server_.dispatcher_.plan(request);
  current_.route = plan.route;
  current_.on_io_thread = plan.on_io_thread;
  current_.executor = plan.executor;
  current_.on_media_threads = plan.on_media_threads;
  // Refused from the head alone, so an oversized body is never read.
  if (const auto length = request_parser.content_length(); length && *length > plan.body_limit) {
    answer_now(problem_response(413, "Payload Too Large"));
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
    set_deadline(server_.options_.read_timeout);
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
  set_deadline(server_.options_.read_timeout);
  http::async_read(
      stream_, buffer_, parser(),
      [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_body(ec); });
}

void Session::on_body(beast::error_code ec) {
  reading_ = false;
  if (ec == http::error::body_limit) {
    answer_now(problem_response(413, "Payload Too Large"));
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

  server_.dispatcher_.request_started();
  Slot* slot = &slots_.emplace_back(Slot{.response = std::nullopt, .close = !keep_alive});
  if (!writing_) clear_deadline();  // the answer is the server's to make, however long it takes
  if (current_.on_io_thread) {
    auto answer = server_.dispatcher_.handle(current_.request);
    complete(*slot, current_, std::move(answer));
    read_head();
    return;
  }
  Executor& runner = current_.executor != nullptr ? *current_.executor
                     : current_.on_media_threads  ? server_.media_workers_
                                                  : server_.workers_;
  const auto route = current_.route;
  auto exchange = std::make_shared<Exchange>(std::move(current_));
  auto ticket = std::make_shared<HandlerTicket>(shared_from_this(), server_);
  const bool queued = runner.try_submit([ticket, strand = executor(), slot, exchange] {
    if (ticket->abandoned()) return;
    auto answer = ticket->session()->server_.dispatcher_.handle(exchange->request);
    auto body = exchange->request.method == "HEAD" ? nullptr : answer.response.stream;
    net::post(strand,
              [self = ticket->session(), slot, exchange, answer = std::move(answer)]() mutable {
                self->complete(*slot, *exchange, std::move(answer));
              });
    // The head is on its way; this thread makes the body while the connection sends it.
    if (body) body->produce();
  });
  if (!queued) complete(*slot, *exchange, {server_.dispatcher_.busy(), route});
  read_head();
}

// Answers from the head alone (400, 413, 431, a framing refusal) end the connection: the rest of
// the input cannot be trusted to start at a request boundary.
void Session::answer_now(Response response) {
  parser_.reset();
  closing_ = true;
  server_.dispatcher_.request_started();
  auto& slot = slots_.emplace_back(Slot{.response = std::nullopt, .close = true});
  complete(slot, current_, {std::move(response), current_.route});
}

void Session::complete(Slot& slot, const Exchange& exchange, Dispatcher::Answer answer) {
  server_.dispatcher_.finish(exchange.request, answer.route, answer.response,
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
  slot.head = wire_head(*slot.response, slot.version, slot.close);
  const bool bodiless = slot.head_request || has_no_body(slot.response->status);
  const auto body = bodiless ? std::string_view{} : slot.response->bytes();
  writing_ = true;
  // A client that stops reading is dropped after the same time as one that stops sending.
  set_deadline(server_.options_.read_timeout);
  if (!bodiless && slot.response->stream) {
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
  slots_.front().response->stream->next([self = shared_from_this()](BodyStream::Chunk chunk) {
    const auto strand = self->executor();
    net::post(strand,
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
  if (chunk.done) {
    on_write({});
    return;
  }
  chunk_ = std::move(chunk.bytes);
  set_deadline(server_.options_.read_timeout);
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
    stream_.close();
    timer_.cancel();
    return;
  }
  const bool close = slots_.front().close;
  slots_.pop_front();
  if (close) {
    closed_ = true;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);  // the client sees the end
    buffer_.clear();
    set_deadline(kLingerTime);
    linger({});
    return;
  }
  if (slots_.empty()) {
    // Nothing pending any more: the next request is waited for with a deadline (a read
    // already waiting keeps whatever part of it has arrived).
    set_deadline(server_.options_.read_timeout);
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
  stream_.socket().shutdown(tcp::socket::shutdown_both, ec);
  stream_.close();
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
  if (ec || !stream_.socket().is_open()) return;  // re-armed, or the connection is over
  timer_armed_ = false;
  if (deadline_ == Clock::time_point::max()) return;  // the next set_deadline arms it again
  if (Clock::now() < deadline_) {
    arm_timer();
    return;
  }
  // Past the deadline: the pending read or write ends with an error and the session with it.
  closing_ = true;
  closed_ = true;
  stream_.close();
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
    stream_.socket().cancel(ec);
  }
  close_if_done();
}

ServerOptions sanitized(ServerOptions options) {
  options.io_threads = std::max(1U, options.io_threads);
  options.worker_threads = std::max(1U, options.worker_threads);
  options.media_threads = std::max(1U, options.media_threads);
  options.pipeline_limit = std::max<std::size_t>(1, options.pipeline_limit);
  return options;
}

ServerRuntime::ServerRuntime(ServerOptions options, Router api,
                             std::function<bool()> readiness_check)
    : options_(sanitized(std::move(options))),
      dispatcher_(options_, std::move(api), std::move(readiness_check)),
      ioc_(static_cast<int>(options_.io_threads)),
      control_(net::make_strand(ioc_)),
      acceptor_(control_),
      signals_(control_, SIGINT, SIGTERM),
      drain_timer_(control_),
      accept_backoff_(control_),
      workers_("http-api", options_.worker_threads, options_.worker_queue),
      media_workers_("http-media", options_.media_threads, options_.media_queue) {
  tcp::resolver resolver(ioc_);
  const auto endpoint =
      resolver.resolve(options_.host, std::to_string(options_.port), tcp::resolver::passive)
          .begin()
          ->endpoint();
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(net::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(net::socket_base::max_listen_connections);
  port_ = acceptor_.local_endpoint().port();
}

void ServerRuntime::run() {
  signals_.async_wait([this](beast::error_code ec, int signal) {
    if (ec) return;
    spdlog::info("received signal {}", signal);
    begin_shutdown();
  });
  net::dispatch(control_, [this] { accept(); });
  const auto& host = options_.host;
  spdlog::info("listening on http://{}:{}",
               host.find(':') == std::string::npos ? host : "[" + host + "]", port_);

  std::vector<std::jthread> io_threads;
  for (unsigned i = 1; i < options_.io_threads; ++i) {
    io_threads.emplace_back([this] { run_io(); });
  }
  run_io();
  io_threads.clear();
  {
    const std::scoped_lock lock(sessions_mutex_);
    finished_ = true;
  }
  // After a drain timeout, queued handlers are dropped or skipped; one already running is
  // waited for, though its answer has no connection left to go to.
  abandoning_ = true;
  workers_.stop();
  media_workers_.stop();
  wait_for_handlers();
  workers_.join();
  media_workers_.join();
  spdlog::info("stopped");
}

void ServerRuntime::run_io() {
  while (true) {
    try {
      ioc_.run();
      return;
    } catch (const std::exception& e) {
      spdlog::error("unexpected exception on an I/O thread: {}", e.what());
    }
  }
}

void ServerRuntime::accept() {
  acceptor_.async_accept(net::make_strand(ioc_),
                         beast::bind_front_handler(&ServerRuntime::on_accept, this));
}

void ServerRuntime::on_accept(beast::error_code ec, tcp::socket socket) {
  if (ec == net::error::operation_aborted || !acceptor_.is_open()) return;
  if (ec == net::error::no_descriptors || ec == net::error::no_buffer_space ||
      ec == net::error::no_memory) {
    spdlog::warn("accept failed: {}; pausing accepts for {} ms", ec.message(),
                 kAcceptBackoff.count());
    accept_backoff_.expires_after(kAcceptBackoff);
    accept_backoff_.async_wait([this](beast::error_code timer_ec) {
      if (!timer_ec && acceptor_.is_open()) accept();
    });
    return;
  }
  if (ec) {
    spdlog::warn("accept failed: {}", ec.message());
  } else if (at_connection_limit()) {
    beast::error_code ignored;
    net::write(socket, net::buffer(kTooManyConnections.data(), kTooManyConnections.size()),
               ignored);
    socket.shutdown(tcp::socket::shutdown_both, ignored);
    socket.close(ignored);
  } else {
    // Answers go out in one write each: Nagle's algorithm would only hold their last segment.
    beast::error_code ignored;
    socket.set_option(tcp::no_delay(true), ignored);
    auto session = std::make_shared<Session>(std::move(socket), *this);
    {
      const std::scoped_lock lock(sessions_mutex_);
      sessions_.emplace(session.get(), session);
    }
    session->start();
  }
  accept();
}

bool ServerRuntime::at_connection_limit() {
  const std::scoped_lock lock(sessions_mutex_);
  return options_.max_connections != 0 && sessions_.size() >= options_.max_connections;
}

void ServerRuntime::handler_started() {
  const std::scoped_lock lock(handlers_mutex_);
  ++handlers_in_flight_;
}

void ServerRuntime::handler_finished() {
  {
    const std::scoped_lock lock(handlers_mutex_);
    --handlers_in_flight_;
  }
  handlers_done_.notify_all();
}

void ServerRuntime::wait_for_handlers() {
  std::unique_lock lock(handlers_mutex_);
  handlers_done_.wait(lock, [this] { return handlers_in_flight_ == 0; });
}

void ServerRuntime::begin_shutdown() {
  std::vector<std::shared_ptr<Session>> live;
  {
    const std::scoped_lock lock(sessions_mutex_);
    if (draining_) return;
    draining_ = true;
    for (const auto& [key, weak] : sessions_) {
      if (auto session = weak.lock()) live.push_back(std::move(session));
    }
  }
  beast::error_code ec;
  acceptor_.close(ec);
  accept_backoff_.cancel();
  signals_.cancel(ec);
  spdlog::info("shutting down: {} open connection(s)", live.size());
  if (live.empty()) {
    ioc_.stop();
    return;
  }
  for (auto& session : live) {
    net::post(session->executor(), [session] { session->shut_down(); });
  }
  drain_timer_.expires_after(options_.drain_timeout);
  drain_timer_.async_wait([this](beast::error_code timer_ec) {
    if (timer_ec) return;
    spdlog::warn("drain timeout: closing the remaining connections");
    ioc_.stop();
  });
}

void ServerRuntime::session_closed(const Session* session) {
  const std::scoped_lock lock(sessions_mutex_);
  sessions_.erase(session);
  if (draining_ && !finished_ && sessions_.empty()) ioc_.stop();
}

}  // namespace

class Server::Impl : public ServerRuntime {
  using ServerRuntime::ServerRuntime;
};

Server::Server(ServerOptions options, Router api, std::function<bool()> readiness_check)
    : impl_(
          std::make_unique<Impl>(std::move(options), std::move(api), std::move(readiness_check))) {}

Server::~Server() = default;

unsigned short Server::port() const {
  return impl_->port();
}

void Server::run() {
  impl_->run();
}

void Server::stop() {
  impl_->stop();
}

}  // namespace artshop::http
