#pragma once

#include <string_view>

#include "artshop/core/ports/mailer.hpp"
#include "artshop/core/support/ticket.hpp"

namespace artshop {

// The confirmation to the address typed into the form. Anyone may type any address there, so
// it quotes nothing the sender wrote (no name, no text): the reference, the type, the date and
// a link to the shop only.
EmailMessage support_confirmation_mail(const SupportTicket& ticket, std::string_view shop_url);

// The notice to the shop's support address: who wrote, about what, and the text. Says so when
// the customer got no confirmation (their address had its confirmations for the day).
EmailMessage support_notice_mail(const SupportTicket& ticket, std::string_view support_address,
                                 bool confirmation_sent);

}  // namespace artshop
