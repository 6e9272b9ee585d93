#include "http_post.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>

#include "artshop/curl/easy.hpp"

namespace artshop::payments {

namespace {

constexpr std::size_t kMaxAnswerBytes = 1024 * 1024;

std::size_t collect_answer(char* data, std::size_t size, std::size_t count, void* answer) {
  auto* body = static_cast<std::string*>(answer);
  const std::size_t length = size * count;
  if (body->size() + length > kMaxAnswerBytes) return 0;  // curl fails with a write error
  body->append(data, length);
  return length;
}

curl::List header_list(const std::vector<std::string>& headers) {
  curl::List list;
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
  curl::initialise_once();
  std::array<char, CURL_ERROR_SIZE> error{};  // declared first: curl writes it until cleanup
  HttpAnswer answer;
  const curl::List header_lines = header_list(headers);
  const curl::Handle handle(curl_easy_init());
  if (!handle) throw std::runtime_error("curl: out of memory");

  CURL* curl = handle.get();
  curl::set_option(curl, CURLOPT_ERRORBUFFER, error.data());
  curl::set_option(curl, CURLOPT_URL, url.c_str());
  curl::set_option(curl, CURLOPT_PROTOCOLS_STR, "http,https");
  curl::set_option(curl, CURLOPT_POST, 1L);
  // Never null: with no fields curl would read the body from stdin instead.
  curl::set_option(curl, CURLOPT_POSTFIELDS, body.empty() ? "" : body.data());
  curl::set_option(curl, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(body.size()));
  curl::set_option(curl, CURLOPT_HTTPHEADER, header_lines.get());
  curl::set_option(curl, CURLOPT_WRITEFUNCTION, &collect_answer);
  curl::set_option(curl, CURLOPT_WRITEDATA, &answer.body);
  // 0 would mean "no timeout" to curl.
  const long milliseconds = std::max<long>(1, static_cast<long>(timeout.count()));
  curl::set_option(curl, CURLOPT_TIMEOUT_MS, milliseconds);
  curl::set_option(curl, CURLOPT_NOSIGNAL, 1L);  // timeouts by signal are unsafe with threads

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
