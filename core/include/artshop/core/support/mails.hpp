#pragma once

#include <string_view>

#include "artshop/core/ports/mailer.hpp"
#include "artshop/core/support/ticket.hpp"

namespace artshop {

// The confirmation to the customer: the reference to quote, the type and their own text.
EmailMessage support_confirmation_mail(const SupportTicket& ticket);

// The notice to the shop's support address: who wrote, about what, and the text.
EmailMessage support_notice_mail(const SupportTicket& ticket, std::string_view support_address);

}  // namespace artshop
