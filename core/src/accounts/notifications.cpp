#include "artshop/core/accounts/notifications.hpp"

#include <cctype>

#include <fmt/format.h>

#include "artshop/core/accounts/token_policy.hpp"

namespace artshop {
namespace {

// Percent-encodes a query value (RFC 3986 unreserved characters stay as they are).
std::string query_value(std::string_view text) {
  std::string encoded;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (std::isalnum(byte) != 0 || c == '-' || c == '.' || c == '_' || c == '~') {
      encoded += c;
    } else {
      encoded += fmt::format("%{:02X}", static_cast<unsigned>(byte));
    }
  }
  return encoded;
}

}  // namespace

EmailMessage reset_code_mail(std::string_view email, std::string_view code,
                             std::string_view shop_url) {
  return {.to = std::string(email),
          .subject = "Your Artshop password reset code",
          .text_body = fmt::format(
              "Hello,\n\n"
              "someone asked to reset the password of the Artshop account for {}.\n\n"
              "Your code: {}\n\n"
              "Enter it at {}/reset-password?email={}&code={}\n\n"
              "The code works once and expires in {} minutes. If you did not ask for it, "
              "ignore this mail: your password stays as it is.\n\n"
              "Artshop\n",
              email, code, shop_url, query_value(email), code, kResetCodeLifetime.count())};
}

EmailMessage password_changed_mail(std::string_view email, std::string_view shop_url) {
  return {.to = std::string(email),
          .subject = "Your Artshop password was changed",
          .text_body = fmt::format(
              "Hello,\n\n"
              "the password of the Artshop account for {} was just changed, and every other "
              "device was signed out.\n\n"
              "If this was not you, reset your password now at {}/forgot-password and contact "
              "us at {}/contact.\n\n"
              "Artshop\n",
              email, shop_url, shop_url)};
}

}  // namespace artshop
