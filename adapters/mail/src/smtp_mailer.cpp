#include "artshop/mail/smtp_mailer.hpp"

#include <curl/curl.h>
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string_view>

#include "artshop/mail/message_text.hpp"

namespace artshop::mail {

namespace {

// curl_global_init must not race with other threads (libcurl before 7.84 or without atomics);
// a function-local static runs it exactly once, when the first mailer is made. It is never
// cleaned up: other threads may still use curl while the process exits.
void initialise_curl_once() {
  static const CURLcode result = curl_global_init(CURL_GLOBAL_DEFAULT);
  if (result != CURLE_OK) {
    throw std::runtime_error(
        fmt::format("SMTP: curl_global_init failed: {}", curl_easy_strerror(result)));
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
    throw std::runtime_error(fmt::format("SMTP: curl option {} refused: {}",
                                         static_cast<int>(option), curl_easy_strerror(code)));
  }
}

// libcurl pulls the message through this callback, a buffer at a time.
std::size_t read_message(char* buffer, std::size_t size, std::size_t count, void* remaining) {
  auto* text = static_cast<std::string_view*>(remaining);
  const std::size_t length = std::min(size * count, text->size());
  std::memcpy(buffer, text->data(), length);
  text->remove_prefix(length);
  return length;
}

std::string server_url(const SmtpSettings& settings) {
  // An IPv6 address needs brackets in a URL: "::1" -> "[::1]".
  const bool ipv6_literal =
      settings.host.find(':') != std::string::npos && !settings.host.starts_with('[');
  return fmt::format(
      "{}://{}{}{}:{}", settings.tls == SmtpSettings::Tls::Implicit ? "smtps" : "smtp",
      ipv6_literal ? "[" : "", settings.host, ipv6_literal ? "]" : "", settings.port);
}

}  // namespace

SmtpMailer::SmtpMailer(SmtpSettings settings)
    : settings_(std::move(settings)),
      url_(server_url(settings_)),
      envelope_from_(fmt::format("<{}>", mailbox_address(settings_.from_address))) {
  if (settings_.host.empty()) throw std::invalid_argument("SMTP: no host configured");
  initialise_curl_once();
}

void SmtpMailer::send(const EmailMessage& message) {
  const std::string text =
      format_message(message, settings_.from_address, std::chrono::system_clock::now());
  std::string_view remaining = text;
  // format_message has checked the recipient: a bare address, no line breaks.
  const CurlList recipients(curl_slist_append(nullptr, fmt::format("<{}>", message.to).c_str()));
  const CurlHandle handle(curl_easy_init());
  if (!handle || !recipients) throw std::runtime_error("SMTP: out of memory");
  std::array<char, CURL_ERROR_SIZE> error{};

  CURL* curl = handle.get();
  set_option(curl, CURLOPT_ERRORBUFFER, error.data());
  set_option(curl, CURLOPT_URL, url_.c_str());
  if (settings_.tls == SmtpSettings::Tls::StartTls) {
    set_option(curl, CURLOPT_USE_SSL, static_cast<long>(CURLUSESSL_ALL));
  }
  if (!settings_.username.empty()) {
    set_option(curl, CURLOPT_USERNAME, settings_.username.c_str());
    set_option(curl, CURLOPT_PASSWORD, settings_.password.c_str());
  }
  set_option(curl, CURLOPT_MAIL_FROM, envelope_from_.c_str());
  set_option(curl, CURLOPT_MAIL_RCPT, recipients.get());
  set_option(curl, CURLOPT_UPLOAD, 1L);
  set_option(curl, CURLOPT_READFUNCTION, &read_message);
  set_option(curl, CURLOPT_READDATA, &remaining);
  set_option(curl, CURLOPT_INFILESIZE_LARGE, static_cast<curl_off_t>(text.size()));
  set_option(curl, CURLOPT_TIMEOUT, static_cast<long>(settings_.timeout.count()));
  set_option(curl, CURLOPT_NOSIGNAL, 1L);  // timeouts by signal are unsafe with threads

  if (const CURLcode code = curl_easy_perform(curl); code != CURLE_OK) {
    throw std::runtime_error(fmt::format(
        "SMTP {}: {}", url_, error[0] != '\0' ? error.data() : curl_easy_strerror(code)));
  }
}

}  // namespace artshop::mail
