#include "artshop/curl/post.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <stdexcept>

#include "artshop/curl/easy.hpp"

namespace artshop::curl {
namespace {

struct Collected {
  std::string& body;
  std::size_t limit;
};

std::size_t collect_answer(char* data, std::size_t size, std::size_t count, void* target) {
  auto* collected = static_cast<Collected*>(target);
  const std::size_t length = size * count;
  // Returning less than `length` makes curl fail with CURLE_WRITE_ERROR.
  if (collected->body.size() + length > collected->limit) return 0;
  collected->body.append(data, length);
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

}  // namespace

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
  Collected collected{answer.body, request.answer_limit};
  const List header_lines = header_list(request.headers);
  const Handle handle(curl_easy_init());
  if (!handle) throw std::runtime_error("curl: out of memory");

  CURL* curl = handle.get();
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
  // 0 would mean "no timeout" to curl.
  const long milliseconds = std::max<long>(1, static_cast<long>(request.timeout.count()));
  set_option(curl, CURLOPT_TIMEOUT_MS, milliseconds);
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
