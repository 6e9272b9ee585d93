#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <utility>

#include "artshop/core/accounts/rate_limits.hpp"
#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/mail_outbox.hpp"
#include "artshop/core/ports/random_source.hpp"
#include "artshop/core/ports/transactions.hpp"
#include "artshop/core/support/repositories.hpp"
#include "artshop/core/support/support_mailing.hpp"
#include "artshop/core/support/ticket.hpp"

namespace artshop {

struct CreateSupportTicketCommand {
  SupportTicketForm form;
  std::optional<UserId> caller;  // signed in: the ticket is linked to this account
  std::string client_address;
};

struct CreatedSupportTicket {
  std::string reference;
  std::chrono::sys_seconds created_at;
  SupportTicketType type = SupportTicketType::General;
  // False when the recipient had their confirmations for the day: the ticket is stored and
  // answered all the same, and the support address is told.
  bool confirmation_queued = true;
};

// POST /api/support/create-ticket. Stores the ticket and queues its mails in the outbox in one
// transaction: the notice with the ticket's text to the support address, and to the address
// typed into the form a confirmation that quotes nothing the sender wrote (reference, type,
// date and a link to the shop), at most support_confirmations_per_recipient a day whatever the
// client address. So the form cannot make the shop mail text of a visitor's choosing to anyone.
// DeliverMail sends them after the commit; no request waits for a mail server.
class CreateSupportTicket {
 public:
  using Ports = Transactions<SupportTicketRepository, RateLimitRepository, MailOutbox>;

  CreateSupportTicket(Ports transactions, RandomSource& random, SupportMailing mailing,
                      const Clock& clock, RateLimits limits)
      : transactions_(std::move(transactions)),
        random_(random),
        mailing_(std::move(mailing)),
        clock_(clock),
        limits_(limits) {}

  Result<CreatedSupportTicket> operator()(CreateSupportTicketCommand command);

 private:
  Ports transactions_;
  RandomSource& random_;
  SupportMailing mailing_;
  const Clock& clock_;
  RateLimits limits_;
};

}  // namespace artshop
