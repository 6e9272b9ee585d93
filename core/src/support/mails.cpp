#include "artshop/core/support/mails.hpp"

#include <fmt/chrono.h>
#include <fmt/format.h>

namespace artshop {

EmailMessage support_confirmation_mail(const SupportTicket& ticket) {
  return {.to = ticket.email,
          .subject = fmt::format("Your Artshop support request {}", ticket.reference),
          .text_body = fmt::format(
              "Hello {},\n\n"
              "thank you for writing to Artshop. We received your message and will answer "
              "at this address.\n\n"
              "Reference: {}\n"
              "Topic: {}\n\n"
              "Please quote the reference whenever you write to us about this.\n\n"
              "Your message:\n\n"
              "{}\n\n"
              "Artshop\n",
              ticket.name, ticket.reference, name(ticket.type), ticket.description)};
}

EmailMessage support_notice_mail(const SupportTicket& ticket, std::string_view support_address) {
  const auto author = ticket.account ? fmt::format("account #{} (signed in)", ticket.account->value)
                                     : std::string("a visitor (not signed in)");
  return {.to = std::string(support_address),
          .subject = fmt::format("[{}] {}: new support request from {}", ticket.reference,
                                 name(ticket.type), ticket.name),
          .text_body = fmt::format("A new support request reached the shop.\n\n"
                                   "Reference: {}\n"
                                   "Topic: {}\n"
                                   "From: {} <{}>\n"
                                   "Author: {}\n"
                                   "Received: {:%F %T} UTC\n"
                                   "Client address: {}\n\n"
                                   "{}\n\n"
                                   "Answer the customer at {}, quoting the reference.\n",
                                   ticket.reference, name(ticket.type), ticket.name, ticket.email,
                                   author, ticket.created_at, ticket.client_address,
                                   ticket.description, ticket.email)};
}

}  // namespace artshop
