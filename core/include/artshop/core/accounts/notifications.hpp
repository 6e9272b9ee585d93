#pragma once

#include <string>
#include <string_view>

#include "artshop/core/ports/mailer.hpp"

namespace artshop {

// The account mails. `shop_url` is the public address of the shop, without a trailing slash.
EmailMessage reset_code_mail(std::string_view email, std::string_view code,
                             std::string_view shop_url);
EmailMessage password_changed_mail(std::string_view email, std::string_view shop_url);

}  // namespace artshop
