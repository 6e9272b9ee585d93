#pragma once

#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <utility>

#include "artshop/core/accounts/rate_limits.hpp"
#include "artshop/core/accounts/repositories.hpp"
#include "artshop/core/error.hpp"
#include "artshop/core/ports/clock.hpp"
#include "artshop/core/ports/executor.hpp"
#include "artshop/core/ports/mailer.hpp"
#include "artshop/core/ports/random_source.hpp"
#include "artshop/core/ports/transactions.hpp"
#include "artshop/core/support/repositories.hpp"
#include "artshop/core/support/ticket.hpp"

namespace artshop {

// How the support use cases send their mails. `mailer` must report a failed delivery by
// throwing (a transport, not a fire-and-forget queue): that is how an unsent mail is noticed
// and sent again by RetrySupportMail.
struct SupportMailing {
  Mailer& mailer;
  std::string support_address;  // where the notices of new tickets go
  // Where a new ticket's mails are sent: the mail executor, so the request answers once the
  // ticket is stored and no API worker waits for a mail server.
  Executor& executor;
  // Told why a new ticket's mails did not go out (they wait for RetrySupportMail), since the
  // request has answered by then. May be empty.
  std::function<void(const std::string& reference, const std::string& problem)> on_unsent;
  // How long one sender may hold a ticket's mails: longer than two deliveries can take.
  std::chrono::seconds claim{std::chrono::minutes{10}};
};

struct CreateSupportTicketCommand {
  SupportTicketForm form;
  std::optional<UserId> caller;  // signed in: the ticket is linked to this account
  std::string client_address;
};

struct CreatedSupportTicket {
  std::string reference;
  std::chrono::sys_seconds created_at;
  SupportTicketType type = SupportTicketType::General;
  // Why the mails were not handed to the executor (its queue was full): they are sent by
  // RetrySupportMail. Empty when they were (whether they then go out is told to on_unsent).
  std::string mail_problem;
};

// POST /api/support/create-ticket. The ticket is stored first, in a transaction of its own;
// only then are the confirmation and the notice handed to the mail executor, so a mail server
// that is down or a full mail queue loses no ticket and fails no request: the mails wait for
// RetrySupportMail.
class CreateSupportTicket {
 public:
  using Ports = Transactions<SupportTicketRepository, RateLimitRepository>;

  CreateSupportTicket(Ports transactions, RandomSource& random, SupportMailing mailing,
                      const Clock& clock, RateLimits limits)
      : transactions_(std::move(transactions)),
        random_(random),
        mailing_(std::move(mailing)),
        clock_(clock),
        limits_(limits) {}

  Result<CreatedSupportTicket> operator()(CreateSupportTicketCommand command);

 private:
  void send_mails(const SupportTicket& ticket);

  Ports transactions_;
  RandomSource& random_;
  SupportMailing mailing_;
  const Clock& clock_;
  RateLimits limits_;
};

// Sends the support mails that did not go out when their ticket was stored. Run by the app's
// periodic housekeeping.
class RetrySupportMail {
 public:
  // Tickets tried in one run at most, so one run never holds the housekeeping for long.
  static constexpr int kTicketsPerRun = 20;
  // Older tickets are no longer retried: an answer that late helps nobody.
  static constexpr std::chrono::days kRetryWindow{7};
  using Ports = Transactions<SupportTicketRepository>;

  struct Report {
    int tickets = 0;     // tickets that had a mail to send
    int mails_sent = 0;  // mails that went out in this run
    int mails_failed = 0;
    std::string problem;  // the first failure's reason
  };

  RetrySupportMail(Ports transactions, SupportMailing mailing, const Clock& clock)
      : transactions_(std::move(transactions)), mailing_(std::move(mailing)), clock_(clock) {}

  Result<Report> operator()();

 private:
  Ports transactions_;
  SupportMailing mailing_;
  const Clock& clock_;
};

}  // namespace artshop
