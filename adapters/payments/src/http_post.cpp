#include "http_post.hpp"

#include <curl/curl.h>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>

namespace artshop::payments {

namespace {

constexpr std::size_t kMaxAnswerBytes = 1024 * 1024;

// curl_global_init must not race with other threads; a function-local static runs it once.
// It is never cleaned up: other threads may still use curl while the process exits.
void initialise_curl_once() {
  static const CURLcode result = curl_global_init(CURL_GLOBAL_DEFAULT);
  if (result != CURLE_OK) {
    throw std::runtime_error(
        fmt::format("curl_global_init failed: {}", curl_easy_strerror(result)));
  }
}

struct CurlCleanup {
  void operator()(CURL* handle) const noexcept { curl_easy_cleanup(handle); }
  void operator()(curl_slist* list) const noexcept { curl_slist_free_all(list); }
};
using CurlHandle = std::unique_ptr<CURL, CurlCleanup>;
using CurlList = std::unique_ptr<curl_slist, CurlCleanup>;

template <typename Value>
void set_option(CURL* handle, CURLoption option, Value value) {
  if (const CURLcode code = curl_easy_setopt(handle, option, value); code != CURLE_OK) {
    throw std::runtime_error(fmt::format("curl option {} refused: {}", static_cast<int>(option),
                                         curl_easy_strerror(code)));
  }
}

std::size_t collect_answer(char* data, std::size_t size, std::size_t count, void* answer) {
  auto* body = static_cast<std::string*>(answer);
  const std::size_t length = size * count;
  if (body->size() + length > kMaxAnswerBytes) return 0;  // curl fails with a write error
  body->append(data, length);
  return length;
}

CurlList header_list(const std::vector<std::string>& headers) {
  CurlList list;
  // Without this curl asks "Expect: 100-continue" for bodies over 1 KiB and may wait a second
  // for a server that does not answer it.
  std::vector<std::string> lines = headers;
  lines.emplace_back("Expect:");
  for (const std::string& line : lines) {
    curl_slist* extended = curl_slist_append(list.get(), line.c_str());
    if (extended == nullptr) throw std::runtime_error("curl: out of memory");
    static_cast<void>(list.release());
    list.reset(extended);
  }
  return list;
}

}  // namespace

HttpAnswer http_post(const std::string& url, const std::vector<std::string>& headers,
                     std::string_view body, std::chrono::milliseconds timeout) {
  initialise_curl_once();
  std::array<char, CURL_ERROR_SIZE> error{};  // declared first: curl writes it until cleanup
  HttpAnswer answer;
  const CurlList header_lines = header_list(headers);
  const CurlHandle handle(curl_easy_init());
  if (!handle) throw std::runtime_error("curl: out of memory");

  CURL* curl = handle.get();
  set_option(curl, CURLOPT_ERRORBUFFER, error.data());
  set_option(curl, CURLOPT_URL, url.c_str());
  set_option(curl, CURLOPT_PROTOCOLS_STR, "http,https");
  set_option(curl, CURLOPT_POST, 1L);
  // Never null: with no fields curl would read the body from stdin instead.
  set_option(curl, CURLOPT_POSTFIELDS, body.empty() ? "" : body.data());
  set_option(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size()));
  set_option(curl, CURLOPT_HTTPHEADER, header_lines.get());
  set_option(curl, CURLOPT_WRITEFUNCTION, &collect_answer);
  set_option(curl, CURLOPT_WRITEDATA, &answer.body);
  // 0 would mean "no timeout" to curl.
  const long milliseconds = std::max<long>(1, static_cast<long>(timeout.count()));
  set_option(curl, CURLOPT_TIMEOUT_MS, milliseconds);
  set_option(curl, CURLOPT_NOSIGNAL, 1L);  // timeouts by signal are unsafe with threads

  if (const CURLcode code = curl_easy_perform(curl); code != CURLE_OK) {
    throw std::runtime_error(fmt::format(
        "POST {}: {}", url, error[0] != '\0' ? error.data() : curl_easy_strerror(code)));
  }
  if (curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &answer.status) != CURLE_OK) {
    throw std::runtime_error(fmt::format("POST {}: no status code", url));
  }
  return answer;
}

}  // namespace artshop::payments
