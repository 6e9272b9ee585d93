#include "artshop/curl/post.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <functional>
#include <stdexcept>

#include "artshop/curl/easy.hpp"

namespace artshop::curl {
namespace {

struct Collected {
  CURL* curl;
  Answer& answer;
  std::size_t limit;
  const std::function<bool(std::string_view)>& on_body;
};

std::size_t collect_answer(char* data, std::size_t size, std::size_t count, void* target) {
  auto* collected = static_cast<Collected*>(target);
  const std::size_t length = size * count;
  if (collected->on_body) {
    long status = 0;
    curl_easy_getinfo(collected->curl, CURLINFO_RESPONSE_CODE, &status);
    if (status >= 200 && status < 300) {
      // Returning less than `length` makes curl fail with CURLE_WRITE_ERROR.
      return collected->on_body(std::string_view(data, length)) ? length : 0;
    }
  }
  if (collected->answer.body.size() + length > collected->limit) return 0;
  collected->answer.body.append(data, length);
  return length;
}

char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r' ||
                           text.back() == '\n')) {
    text.remove_suffix(1);
  }
  return text;
}

// One header line; a status line starts the fields afresh (after a 100 Continue, say).
std::size_t collect_header(char* data, std::size_t size, std::size_t count, void* target) {
  auto& headers = *static_cast<std::vector<std::pair<std::string, std::string>>*>(target);
  const std::size_t length = size * count;
  const std::string_view line(data, length);
  if (line.starts_with("HTTP/")) {
    headers.clear();
    return length;
  }
  const auto colon = line.find(':');
  if (colon == std::string_view::npos) return length;
  std::string name(trim(line.substr(0, colon)));
  std::ranges::transform(name, name.begin(), lower);
  headers.emplace_back(std::move(name), std::string(trim(line.substr(colon + 1))));
  return length;
}

List header_list(const std::vector<std::string>& headers) {
  List list;
  std::vector<std::string> lines = headers;
  // Without this curl asks "Expect: 100-continue" for bodies over 1 KiB and may wait a second
  // for a server that does not answer it.
  lines.emplace_back("Expect:");
  for (const std::string& line : lines) {
    curl_slist* extended = curl_slist_append(list.get(), line.c_str());
    if (extended == nullptr) throw std::runtime_error("curl: out of memory");
    static_cast<void>(list.release());
    list.reset(extended);
  }
  return list;
}

Failure::Kind kind_of(CURLcode code) {
  switch (code) {
    case CURLE_OPERATION_TIMEDOUT:
      return Failure::Kind::TimedOut;
    case CURLE_WRITE_ERROR:
      return Failure::Kind::TooLarge;
    default:
      return Failure::Kind::Unreachable;
  }
}

// Gives a pooled handle back however the exchange ends.
class Borrowed {
 public:
  explicit Borrowed(ConnectionPool* pool)
      : pool_(pool), handle_(pool != nullptr ? pool->take() : Handle(curl_easy_init())) {
    if (!handle_) throw std::runtime_error("curl: out of memory");
  }
  ~Borrowed() {
    if (pool_ != nullptr) pool_->give_back(std::move(handle_));
  }
  Borrowed(const Borrowed&) = delete;
  Borrowed& operator=(const Borrowed&) = delete;
  CURL* get() const noexcept { return handle_.get(); }

 private:
  ConnectionPool* pool_;
  Handle handle_;
};

}  // namespace

std::string_view Answer::header(std::string_view name) const noexcept {
  const auto found = std::ranges::find(
      headers, name, [](const auto& field) { return std::string_view(field.first); });
  return found == headers.end() ? std::string_view{} : std::string_view(found->second);
}

Handle ConnectionPool::take() {
  {
    const std::scoped_lock lock(mutex_);
    if (!idle_.empty()) {
      Handle handle = std::move(idle_.back());
      idle_.pop_back();
      // Options go back to their defaults; the open connections stay with the handle.
      curl_easy_reset(handle.get());
      return handle;
    }
  }
  initialise_once();
  return Handle(curl_easy_init());
}

void ConnectionPool::give_back(Handle handle) {
  if (!handle) return;
  const std::scoped_lock lock(mutex_);
  if (idle_.size() < idle_limit_) idle_.push_back(std::move(handle));
}

std::expected<Answer, Failure> post(const Post& request) {
  return send({.method = "POST",
               .url = request.url,
               .headers = request.headers,
               .body = request.body,
               .timeout = request.timeout,
               .answer_limit = request.answer_limit});
}

std::expected<Answer, Failure> send(const Request& request) {
  initialise_once();
  std::array<char, CURL_ERROR_SIZE> error{};  // declared first: curl writes it until cleanup
  Answer answer;
  const List header_lines = header_list(request.headers);
  const Borrowed handle(request.pool);
  CURL* curl = handle.get();
  Collected collected{curl, answer, request.answer_limit, request.on_body};
  set_option(curl, CURLOPT_ERRORBUFFER, error.data());
  set_option(curl, CURLOPT_URL, request.url.c_str());
  set_option(curl, CURLOPT_PROTOCOLS_STR, "http,https");
  if (request.method == "HEAD") {
    set_option(curl, CURLOPT_NOBODY, 1L);
  } else if (request.method == "POST" || request.method == "PUT") {
    set_option(curl, CURLOPT_POST, 1L);
    // Never null: with no fields curl would read the body from stdin instead.
    set_option(curl, CURLOPT_POSTFIELDS, request.body.empty() ? "" : request.body.data());
    set_option(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(request.body.size()));
    if (request.method == "PUT") set_option(curl, CURLOPT_CUSTOMREQUEST, "PUT");
  } else if (request.method != "GET") {
    throw std::invalid_argument("curl: unsupported method " + request.method);
  }
  set_option(curl, CURLOPT_HTTPHEADER, header_lines.get());
  set_option(curl, CURLOPT_WRITEFUNCTION, &collect_answer);
  set_option(curl, CURLOPT_WRITEDATA, &collected);
  set_option(curl, CURLOPT_HEADERFUNCTION, &collect_header);
  set_option(curl, CURLOPT_HEADERDATA, &answer.headers);
  // 0 would mean "no timeout" to curl.
  const long milliseconds = std::max<long>(1, static_cast<long>(request.timeout.count()));
  if (request.on_body) {
    set_option(curl, CURLOPT_CONNECTTIMEOUT_MS, milliseconds);
    set_option(curl, CURLOPT_LOW_SPEED_LIMIT, 1L);  // bytes a second, below which it stalls
    set_option(curl, CURLOPT_LOW_SPEED_TIME, std::max<long>(1, milliseconds / 1000));
  } else {
    set_option(curl, CURLOPT_TIMEOUT_MS, milliseconds);
  }
  set_option(curl, CURLOPT_NOSIGNAL, 1L);  // timeouts by signal are unsafe with threads

  if (const CURLcode code = curl_easy_perform(curl); code != CURLE_OK) {
    return std::unexpected(
        Failure{.kind = kind_of(code),
                .reason = fmt::format("{} {}: {}", request.method, request.url,
                                      error[0] != '\0' ? error.data() : curl_easy_strerror(code))});
  }
  if (curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &answer.status) != CURLE_OK) {
    return std::unexpected(
        Failure{.kind = Failure::Kind::Unreachable,
                .reason = fmt::format("{} {}: no status code", request.method, request.url)});
  }
  return answer;
}

}  // namespace artshop::curl
