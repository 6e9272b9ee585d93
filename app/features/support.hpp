#pragma once

#include "artshop/core/accounts/authenticate.hpp"
#include "artshop/core/support/create_support_ticket.hpp"
#include "artshop/core/support/queue_unsent_support_mail.hpp"
#include "artshop/core/support/support_mailing.hpp"
#include "artshop/http/router.hpp"
#include "infrastructure.hpp"

namespace artshop::app {

// Support tickets, from visitors and signed-in customers alike: its use cases and its route.
struct Support {
  Support(Infrastructure& shared, const Authenticate& authenticate);
  Support(const Support&) = delete;
  Support& operator=(const Support&) = delete;

  void add_routes(http::Router& router);
  // Queues the mails of support tickets stored before the mail outbox that had not gone out.
  // Called once the server listens (the confirmations link to the public URL). Never throws.
  void queue_unsent_support_mail();

  Infrastructure& shared;
  const Authenticate& authenticate;
  CreateSupportTicket create_support_ticket;
  QueueUnsentSupportMail queue_unsent_mail;

 private:
  SupportMailing support_mailing();
};

}  // namespace artshop::app
