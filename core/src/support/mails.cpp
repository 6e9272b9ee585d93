#include "artshop/core/support/mails.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>

namespace artshop {

EmailMessage support_confirmation_mail(const SupportTicket& ticket, std::string_view shop_url) {
  return {.to = ticket.email,
          .subject = fmt::format("Your Artshop support request {}", ticket.reference),
          .text_body = fmt::format(
              "Hello,\n\n"
              "Artshop received a support request that gave this address for the answer.\n\n"
              "Reference: {}\n"
              "Topic: {}\n"
              "Received: {:%F %T} UTC\n\n"
              "Please quote the reference whenever you write to us about this. If you did not "
              "write to us, you may ignore this mail.\n\n"
              "Artshop\n"
              "{}\n",
              ticket.reference, name(ticket.type), ticket.created_at, shop_url)};
}

EmailMessage support_notice_mail(const SupportTicket& ticket, std::string_view support_address,
                                 bool confirmation_sent) {
  const auto author = ticket.account ? fmt::format("account #{} (signed in)", ticket.account->value)
                                     : std::string("a visitor (not signed in)");
  const auto confirmation = confirmation_sent ? std::string()
                                              : std::string(
                                                    "No confirmation was sent: the address had its "
                                                    "confirmations for the day.\n");
  return {.to = std::string(support_address),
          .subject = fmt::format("[{}] {}: new support request from {}", ticket.reference,
                                 name(ticket.type), ticket.name),
          .text_body = fmt::format("A new support request reached the shop.\n\n"
                                   "Reference: {}\n"
                                   "Topic: {}\n"
                                   "From: {} <{}>\n"
                                   "Author: {}\n"
                                   "Received: {:%F %T} UTC\n"
                                   "Client address: {}\n{}\n"
                                   "{}\n\n"
                                   "Answer the customer at {}, quoting the reference.\n",
                                   ticket.reference, name(ticket.type), ticket.name, ticket.email,
                                   author, ticket.created_at, ticket.client_address, confirmation,
                                   ticket.description, ticket.email)};
}

}  // namespace artshop
