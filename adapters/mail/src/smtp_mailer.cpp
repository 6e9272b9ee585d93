#include "artshop/mail/smtp_mailer.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string_view>

#include "artshop/curl/easy.hpp"
#include "artshop/mail/message_text.hpp"

namespace artshop::mail {

namespace {

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
  curl::initialise_once();
}

void SmtpMailer::send(const EmailMessage& message) {
  const std::string text =
      format_message(message, settings_.from_address, std::chrono::system_clock::now());
  std::string_view remaining = text;
  // format_message has checked the recipient: a bare address, no line breaks.
  const curl::List recipients(curl_slist_append(nullptr, fmt::format("<{}>", message.to).c_str()));
  const curl::Handle handle(curl_easy_init());
  if (!handle || !recipients) throw std::runtime_error("SMTP: out of memory");
  std::array<char, CURL_ERROR_SIZE> error{};

  CURL* curl = handle.get();
  curl::set_option(curl, CURLOPT_ERRORBUFFER, error.data());
  curl::set_option(curl, CURLOPT_URL, url_.c_str());
  if (settings_.tls == SmtpSettings::Tls::StartTls) {
    curl::set_option(curl, CURLOPT_USE_SSL, static_cast<long>(CURLUSESSL_ALL));
  }
  if (!settings_.username.empty()) {
    curl::set_option(curl, CURLOPT_USERNAME, settings_.username.c_str());
    curl::set_option(curl, CURLOPT_PASSWORD, settings_.password.c_str());
  }
  curl::set_option(curl, CURLOPT_MAIL_FROM, envelope_from_.c_str());
  curl::set_option(curl, CURLOPT_MAIL_RCPT, recipients.get());
  curl::set_option(curl, CURLOPT_UPLOAD, 1L);
  curl::set_option(curl, CURLOPT_READFUNCTION, &read_message);
  curl::set_option(curl, CURLOPT_READDATA, &remaining);
  curl::set_option(curl, CURLOPT_INFILESIZE_LARGE, static_cast<curl_off_t>(text.size()));
  curl::set_option(curl, CURLOPT_TIMEOUT, static_cast<long>(settings_.timeout.count()));
  curl::set_option(curl, CURLOPT_NOSIGNAL, 1L);  // timeouts by signal are unsafe with threads

  if (const CURLcode code = curl_easy_perform(curl); code != CURLE_OK) {
    throw std::runtime_error(fmt::format(
        "SMTP {}: {}", url_, error[0] != '\0' ? error.data() : curl_easy_strerror(code)));
  }
}

}  // namespace artshop::mail
