#include "artshop/core/accounts/notifications.hpp"

#include <fmt/format.h>

#include "artshop/core/accounts/token_policy.hpp"
#include "artshop/core/text.hpp"

namespace artshop {
EmailMessage reset_code_mail(std::string_view email, std::string_view code,
                             std::string_view shop_url) {
  return {
      .to = std::string(email),
      .subject = "Your Artshop password reset code",
      .text_body = fmt::format(
          "Hello,\n\n"
          "someone asked to reset the password of the Artshop account for {}.\n\n"
          "Your code: {}\n\n"
          "Enter it at {}/reset-password?email={}&code={}\n\n"
          "The code works once and expires in {} minutes. If you did not ask for it, "
          "ignore this mail: your password stays as it is.\n\n"
          "Artshop\n",
          email, code, shop_url, text::percent_encode(email), code, kResetCodeLifetime.count())};
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
